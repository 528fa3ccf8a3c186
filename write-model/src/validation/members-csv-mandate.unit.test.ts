import { describe, expect, it } from 'vitest';
import { mandateReferenceRepeated, mandateReferenceTakenInCompany, planChunk } from '../members/commands/import-plan.ts';
import { accountLengthMessage, MANDATE_MESSAGES } from './mandates.ts';
import { CSV_MANDATE_MESSAGES, csvRowMandate } from './members-csv-mandate.ts';
import { CSV_OPTIONAL_COLUMNS, validateCsvMemberRow, type CsvMemberRow } from './members-csv.ts';
import { OTHER_SA_ID, saId, VALID_SA_ID } from './test-support.ts';

/* Issue #21: the bulk upload's debit-order columns, checked by the mandate's own schema. */
const main: CsvMemberRow = {
  firstName: 'Sipho',
  lastName: 'Dlamini',
  identifierType: 'saId',
  saId: VALID_SA_ID,
  phone: '082 123 4567',
  address: '12 Vilakazi Street',
  city: 'Soweto',
  province: 'GP',
  postalCode: '1804',
  isMainMember: 'yes',
  policyTypeId: 'pt-1',
};
const bank: CsvMemberRow = {
  bank: 'capitec',
  branchCode: '470010',
  accountNumber: '1234567890',
  accountType: 'Savings',
  mandateReference: 'mnd-001',
};
const context = { policyTypeIds: ['pt-1'], today: '2026-06-15' };

describe('CSV rows with a debit-order mandate', () => {
  it('all blank: no mandate, and older files without the columns keep working', () => {
    expect(csvRowMandate(main)).toEqual({ mandate: null, errors: [] });
    expect(validateCsvMemberRow(main, context)).toEqual([]);
    expect(CSV_OPTIONAL_COLUMNS).toEqual(expect.arrayContaining(['accountHolder', 'mandateReference', 'debiCheck']));
  });

  it("any given: the whole mandate, the holder defaulting to the member's name and the day to the row's debitDay, else 1", () => {
    expect(csvRowMandate({ ...main, ...bank }).mandate).toEqual({
      accountHolder: 'Sipho Dlamini',
      bank: 'capitec',
      branchCode: '470010',
      accountNumber: '1234567890',
      accountType: 'savings',
      mandateReference: 'MND-001',
      debitDay: 1,
      debiCheck: false,
      status: 'pending',
    });
    expect(csvRowMandate({ ...main, ...bank, debitDay: '25' }).mandate?.debitDay).toBe(25);
    const own = csvRowMandate({ ...main, ...bank, debitDay: '25', mandateDebitDay: '3', accountHolder: 'N Dlamini', debiCheck: 'YES' });
    expect(own.mandate).toMatchObject({ accountHolder: 'N Dlamini', debitDay: 3, debiCheck: true });
    // The bank by its name too; spaces and dashes inside an account number are not part of it.
    expect(
      csvRowMandate({ ...main, ...bank, bank: 'Standard Bank', branchCode: '051001', accountNumber: '0123-456 789' }).mandate,
    ).toMatchObject({ bank: 'standard_bank', accountNumber: '0123456789' });
  });

  it("refuses a bad field with the mandate schema's words", () => {
    expect(validateCsvMemberRow({ ...main, ...bank, accountNumber: '123456' }, context)).toEqual([accountLengthMessage('capitec')]);
    expect(validateCsvMemberRow({ ...main, ...bank, branchCode: '4700' }, context)).toEqual([MANDATE_MESSAGES.branchCode]);
    expect(validateCsvMemberRow({ ...main, ...bank, bank: 'Piggy Bank' }, context)).toEqual([MANDATE_MESSAGES.bank]);
    expect(validateCsvMemberRow({ ...main, ...bank, accountType: 'credit' }, context)).toEqual([MANDATE_MESSAGES.accountType]);
    expect(validateCsvMemberRow({ ...main, ...bank, mandateReference: 'MND 1!' }, context)).toEqual([MANDATE_MESSAGES.reference]);
    expect(validateCsvMemberRow({ ...main, ...bank, mandateDebitDay: '32' }, context)).toEqual([MANDATE_MESSAGES.debitDay]);
    expect(validateCsvMemberRow({ ...main, ...bank, debiCheck: 'maybe' }, context)).toEqual([CSV_MANDATE_MESSAGES.debiCheck]);
    // One column alone asks for the rest.
    expect(validateCsvMemberRow({ ...main, mandateReference: 'MND-2' }, context)).toEqual([
      MANDATE_MESSAGES.bank,
      MANDATE_MESSAGES.branchCode,
      MANDATE_MESSAGES.accountNumberDigits,
      MANDATE_MESSAGES.accountType,
    ]);
  });

  it('belongs on a main member with a policy', () => {
    expect(validateCsvMemberRow({ ...main, ...bank, policyTypeId: '' }, context)).toEqual([CSV_MANDATE_MESSAGES.needsPolicy]);
    const child: CsvMemberRow = {
      firstName: 'Lerato',
      lastName: 'Dlamini',
      saId: OTHER_SA_ID,
      isMainMember: 'false',
      mainMemberIdentifier: VALID_SA_ID,
      relationship: 'child',
    };
    expect(validateCsvMemberRow({ ...child, ...bank }, context)).toEqual([CSV_MANDATE_MESSAGES.familyRow]);
  });

  it('a reference repeated in the file or held in the company refuses only that row, naming the reference', () => {
    let id = 0;
    const rows: CsvMemberRow[] = [
      { ...main, ...bank },
      { ...main, ...bank, saId: OTHER_SA_ID, mandateReference: 'MND-001' },
      { ...main, ...bank, saId: '9001015009086', mandateReference: 'taken-1' },
      { ...main, saId: saId('850101500908') },
    ];
    const { planned, failed } = planChunk(rows, 2, {
      policyTypes: [{ id: 'pt-1', name: 'Gold' }],
      existing: new Map(),
      takenReferences: new Set(['TAKEN-1']),
      newId: () => `id-${++id}`,
      today: '2026-06-15',
    });
    expect(failed).toEqual([
      { rowNumber: 3, errors: [mandateReferenceRepeated('MND-001', 2)] },
      { rowNumber: 4, errors: [mandateReferenceTakenInCompany('TAKEN-1')] },
    ]);
    expect(planned.map((p) => [p.rowNumber, p.mandate?.mandateReference ?? null])).toEqual([
      [2, 'MND-001'],
      [5, null],
    ]);
    expect(mandateReferenceRepeated('MND-001', 2)).toBe('Mandate reference MND-001 appears more than once in the file (first on row 2)');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CSV_MEMBER_COLUMNS,
  csvRowNumber,
  csvRowToMemberInput,
  parseCsvBoolean,
  validateCsvMemberRow,
  type CsvMemberRow,
} from './members-csv.ts';
import { memberSchemaOn } from './members.ts';
import { BAD_SA_ID, OTHER_SA_ID, VALID_SA_ID } from './test-support.ts';
const memberSchema = memberSchemaOn('2026-06-15');

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

const child: CsvMemberRow = {
  firstName: 'Lerato',
  lastName: 'Dlamini',
  saId: OTHER_SA_ID,
  isMainMember: 'false',
  mainMemberIdentifier: VALID_SA_ID,
  relationship: 'child',
};

describe('CSV member rows', () => {
  it('has the template columns in order and numbers rows from 2', () => {
    expect(CSV_MEMBER_COLUMNS).toEqual([
      'firstName',
      'lastName',
      'identifierType',
      'saId',
      'passportNumber',
      'nationality',
      'email',
      'phone',
      'address',
      'city',
      'province',
      'postalCode',
      'dateOfBirth',
      'isMainMember',
      'mainMemberIdentifier',
      'relationship',
      'policyTypeId',
      'inceptionDate',
      'paidUpTo',
      'debitDay',
      'accountHolder',
      'bank',
      'branchCode',
      'accountNumber',
      'accountType',
      'mandateReference',
      'mandateDebitDay',
      'debiCheck',
      'priorCoverMonths',
      'priorCoverEndedOn',
    ]);
    expect(csvRowNumber(0)).toBe(2);
  });

  it('reads true, 1 and yes as a main member', () => {
    expect(['true', '1', 'YES', ' yes '].map(parseCsvBoolean)).toEqual([true, true, true, true]);
    expect(['false', '0', 'no', '', undefined].map(parseCsvBoolean)).toEqual([false, false, false, false, false]);
  });

  it('passes good main and family rows', () => {
    expect(validateCsvMemberRow(main, { policyTypeIds: ['pt-1'] })).toEqual([]);
    expect(validateCsvMemberRow(child)).toEqual([]);
  });

  it("refuses a date of birth outside 1900-01-01 to today (South African) in the form's words", () => {
    const today = '2026-06-15';
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-06-15' }, { today })).toEqual([]);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-06-16' }, { today })).toEqual(['Date of birth cannot be in the future']);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '0000-01-01' }, { today })).toEqual(['Date of birth cannot be before 1900-01-01']);
    expect(validateCsvMemberRow({ ...main, dateOfBirth: '2026-02-30' }, { today })).toEqual([
      'Date of birth must be a valid date (YYYY-MM-DD)',
    ]);
  });

  it('keeps names and passport numbers short enough for their indexed columns', () => {
    expect(validateCsvMemberRow({ ...main, firstName: 'N'.repeat(101) })).toEqual(['First name must be at most 100 characters']);
    expect(validateCsvMemberRow({ ...main, lastName: 'N'.repeat(101) })).toEqual(['Last name must be at most 100 characters']);
  });

  it('lists every missing main-member field with the spec words', () => {
    expect(validateCsvMemberRow({ isMainMember: 'true' })).toEqual([
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'Province is required',
      'Postal code is required',
      'SA ID is required',
    ]);
  });

  it('checks the identifier, phone, email and policy type', () => {
    expect(validateCsvMemberRow({ ...main, saId: BAD_SA_ID })).toEqual(['Invalid SA ID number']);
    expect(validateCsvMemberRow({ ...main, identifierType: 'passport', passportNumber: '' })).toEqual(['Passport number is required']);
    expect(validateCsvMemberRow({ ...main, identifierType: 'passport', passportNumber: 'A123' })).toEqual([
      'Passport number must be at least 6 characters',
    ]);
    expect(validateCsvMemberRow({ ...main, phone: '0021234567' })).toEqual(['Invalid South African phone number']);
    expect(validateCsvMemberRow({ ...main, email: 'sipho@' })).toEqual(['Invalid email format']);
    expect(validateCsvMemberRow(main, { policyTypeIds: ['pt-2'] })).toEqual(['Invalid policy type ID']);
  });

  it("takes the policy type by its name (any case) or its id when the company's types are given", () => {
    const types = [{ id: 'pt-1', name: 'Gold Cover' }];
    expect(validateCsvMemberRow({ ...main, policyTypeId: ' GOLD cover ' }, { policyTypes: types })).toEqual([]);
    expect(validateCsvMemberRow({ ...main, policyTypeId: 'pt-1' }, { policyTypes: types })).toEqual([]);
    expect(validateCsvMemberRow({ ...main, policyTypeId: 'Silver' }, { policyTypes: types })).toEqual([
      'Unknown policy type "Silver": give the name or the ID of one of your policy types',
    ]);
    expect(csvRowToMemberInput({ ...main, policyTypeId: 'gold cover' }, null, types).policyTypeId).toBe('pt-1');
  });

  it('checks the migration columns: inception date, paid-up-to date and debit day (issue #20)', () => {
    const context = { today: '2026-06-15' };
    const migrated = { ...main, inceptionDate: '2025-10-15', paidUpTo: '2026-03-31', debitDay: '25' };
    expect(validateCsvMemberRow(migrated, context)).toEqual([]);
    expect(validateCsvMemberRow({ ...migrated, paidUpTo: '2025-10-14' }, context)).toEqual([
      'Paid-up-to date cannot be before the inception date',
    ]);
    expect(validateCsvMemberRow({ ...migrated, inceptionDate: '', paidUpTo: '2026-06-14' }, context)).toEqual([
      'Paid-up-to date cannot be before the inception date',
    ]);
    expect(validateCsvMemberRow({ ...migrated, inceptionDate: '2026-06-16' }, context)).toEqual(['Inception date cannot be in the future']);
    expect(validateCsvMemberRow({ ...migrated, inceptionDate: '1899-12-31' }, context)).toEqual([
      'Inception date cannot be before 1900-01-01',
    ]);
    expect(validateCsvMemberRow({ ...migrated, inceptionDate: '2025-02-30' }, context)).toEqual([
      'Inception date must be a valid date (YYYY-MM-DD)',
    ]);
    expect(validateCsvMemberRow({ ...migrated, paidUpTo: '2028-06-16' }, context)).toEqual([
      'Paid-up-to date cannot be after 2028-06-15 (two years ahead)',
    ]);
    expect(validateCsvMemberRow({ ...migrated, paidUpTo: '31/03/2026' }, context)).toEqual([
      'Paid-up-to date must be a valid date (YYYY-MM-DD)',
    ]);
    for (const day of ['0', '32', '1.5', 'first']) {
      expect(validateCsvMemberRow({ ...migrated, debitDay: day }, context)).toEqual(['Debit day must be a whole number from 1 to 31']);
    }
    expect(validateCsvMemberRow({ ...migrated, policyTypeId: '' }, context)).toEqual([
      'inceptionDate, paidUpTo and debitDay describe a policy: give this row a policy type',
    ]);
    expect(validateCsvMemberRow({ ...child, debitDay: '3' }, context)).toEqual([
      "inceptionDate, paidUpTo and debitDay belong on the main member's row (the policy is theirs)",
    ]);
  });

  it('sends the migration columns to the member schema, which agrees with the row checks', () => {
    const input = csvRowToMemberInput({ ...main, inceptionDate: '2025-10-15', paidUpTo: '2026-03-31', debitDay: '25' }, null);
    expect(memberSchema.parse(input)).toMatchObject({ inceptionDate: '2025-10-15', paidUpTo: '2026-03-31', debitDay: 25 });
    const refused = memberSchema.safeParse({ ...input, paidUpTo: '2025-10-01' });
    expect(refused.success ? [] : refused.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['paidUpTo', 'Paid-up-to date cannot be before the inception date'],
    ]);
  });

  it("takes prior cover on any row by the member schema's own fields and rule (issue #22)", () => {
    const context = { today: '2026-06-15' };
    const row = { ...child, priorCoverMonths: '8', priorCoverEndedOn: '2026-05-31' };
    expect(validateCsvMemberRow(row, context)).toEqual([]);
    expect(memberSchema.parse(csvRowToMemberInput(row, 'member-1')).priorCover).toEqual({ months: 8, endedOn: '2026-05-31' });
    expect(validateCsvMemberRow({ ...child, priorCoverMonths: '8' }, context)).toEqual([
      'Give both the months of prior cover and the date it ended, or neither',
    ]);
    expect(validateCsvMemberRow({ ...main, priorCoverMonths: '0', priorCoverEndedOn: '2026-07-01' }, context)).toEqual([
      'Prior cover must be a whole number of months from 1 to 600',
      'Prior cover end date cannot be in the future',
    ]);
    expect(memberSchema.safeParse(csvRowToMemberInput({ ...child, priorCoverEndedOn: '2026-05-31' }, 'member-1')).success).toBe(false);
    expect(memberSchema.parse(csvRowToMemberInput(child, 'member-1')).priorCover).toBeNull();
  });

  it('needs the main member and relationship of a family row', () => {
    expect(validateCsvMemberRow({ ...child, mainMemberIdentifier: '', relationship: '' })).toEqual([
      'Main member identifier required for family members',
      'Relationship is required for family members',
    ]);
  });

  it('infers passport from a blank identifierType with only a passport number', () => {
    expect(validateCsvMemberRow({ ...main, identifierType: '', saId: '', passportNumber: 'M00123456' })).toEqual([]);
  });

  it('turns a valid row into a payload the member schema accepts', () => {
    expect(memberSchema.safeParse(csvRowToMemberInput(main, null)).success).toBe(true);
    const payload = csvRowToMemberInput(child, 'member-1');
    expect(payload).toMatchObject({ isMainMember: false, mainMemberId: 'member-1', relationship: 'child', nationality: 'ZA' });
    expect(memberSchema.safeParse(payload).success).toBe(true);
  });
});

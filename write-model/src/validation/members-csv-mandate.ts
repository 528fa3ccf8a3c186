import { BANKS, BANK_IDS, mandateSchema, type MandateInput } from './mandates.ts';
import type { CsvMemberColumn, CsvMemberRow } from './members-csv.ts';

/*
 * The bulk upload's debit-order columns (issue #21): a main member's policy gets a mandate when any is
 * given, checked whole by the mandate's own schema (mandateSchema), as PUT /api/policies/{id}/mandate.
 */

/** The debit-order columns: a main member's policy gets a mandate when any of them is given. */
export const CSV_MANDATE_COLUMNS = [
  'accountHolder',
  'bank',
  'branchCode',
  'accountNumber',
  'accountType',
  'mandateReference',
  'mandateDebitDay',
  'debiCheck',
] as const satisfies readonly CsvMemberColumn[];

const text = (row: CsvMemberRow, column: CsvMemberColumn) => (row[column] ?? '').trim();

export const CSV_MANDATE_MESSAGES = {
  needsPolicy: 'The debit-order columns describe the mandate of a policy: give this row a policy type',
  familyRow: "The debit-order columns belong on the main member's row (the policy is theirs)",
  debiCheck: 'debiCheck must be true or false (also yes/no, 1/0), or blank',
} as const;

/** A bank cell: its id (`capitec`, `standard_bank`) or its name (`Capitec Bank`), any case; else the cell as given. */
function csvBank(cell: string): string {
  const value = cell.toLowerCase();
  const found = BANK_IDS.find((id) => id === value.replace(/\s+/g, '_') || BANKS[id].name.toLowerCase() === value);
  return found ?? value;
}

function csvDebiCheck(cell: string): boolean | string {
  const value = cell.toLowerCase();
  if (value === '' || ['false', '0', 'no'].includes(value)) return false;
  if (['true', '1', 'yes'].includes(value)) return true;
  return cell;
}

/** A whole number as typed, else the cell itself (for the mandate schema to refuse with its words). */
const csvDay = (cell: string): number | string => (/^\d{1,2}$/.test(cell) ? Number(cell) : cell);

/**
 * The row's mandate as PUT /api/policies/{id}/mandate would take it (mandateSchema), or null when every
 * debit-order column is blank. The account holder defaults to the member's name (a funeral policy is
 * usually debited from the main member's own account); the debit day to the row's debitDay, else the 1st.
 */
export function csvRowMandateInput(row: CsvMemberRow): Record<string, unknown> | null {
  if (CSV_MANDATE_COLUMNS.every((column) => !text(row, column))) return null;
  const debitDay = text(row, 'mandateDebitDay') || text(row, 'debitDay') || '1';
  const debiCheck = csvDebiCheck(text(row, 'debiCheck'));
  return {
    accountHolder: text(row, 'accountHolder') || `${text(row, 'firstName')} ${text(row, 'lastName')}`.trim(),
    bank: csvBank(text(row, 'bank')),
    branchCode: text(row, 'branchCode'),
    accountNumber: text(row, 'accountNumber'),
    accountType: text(row, 'accountType').toLowerCase(),
    mandateReference: text(row, 'mandateReference'),
    debitDay: csvDay(debitDay),
    ...(typeof debiCheck === 'boolean' ? { debiCheck } : {}),
  };
}

/**
 * The row's mandate checked by mandateSchema: null when the row has none, else the mandate or the
 * schema's messages (one per field, in the schema's order).
 */
export function csvRowMandate(row: CsvMemberRow): { mandate: MandateInput | null; errors: string[] } {
  const input = csvRowMandateInput(row);
  if (!input) return { mandate: null, errors: [] };
  const errors: string[] = [];
  if (!('debiCheck' in input)) errors.push(CSV_MANDATE_MESSAGES.debiCheck);
  const parsed = mandateSchema.safeParse(input);
  if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
  return errors.length > 0 || !parsed.success ? { mandate: null, errors } : { mandate: parsed.data, errors: [] };
}

/** The debit-order columns of a row: none, or a main member's policy's whole mandate (validateCsvMemberRow). */
export function csvMandateProblems(row: CsvMemberRow, isMain: boolean): string[] {
  if (CSV_MANDATE_COLUMNS.every((column) => !text(row, column))) return [];
  if (!isMain) return [CSV_MANDATE_MESSAGES.familyRow];
  if (!text(row, 'policyTypeId')) return [CSV_MANDATE_MESSAGES.needsPolicy];
  return csvRowMandate(row).errors;
}

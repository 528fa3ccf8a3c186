import {
  CSV_MEMBER_COLUMNS,
  CSV_MESSAGES,
  CSV_OPTIONAL_COLUMNS,
  csvRowNumber,
  validateCsvMemberRow,
  type CsvMemberRow,
  type CsvPolicyTypeRef,
} from '@fpa/write-model/validation';
import Papa from 'papaparse';

export const TEMPLATE_FILE_NAME = 'members-template.csv';

/** A CSV by its type or, as some systems send CSV as application/vnd.ms-excel or '', by its name. */
export function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'text/csv' || file.name.toLowerCase().endsWith('.csv');
}

/**
 * The template: the header the import reads and one example principal member. The SA ID passes the
 * checksum so the example row validates as it stands; the policy type is the company's own when it
 * has one, by its name (the import takes a type's name or its id). The migration columns (inceptionDate,
 * paidUpTo, debitDay) are in the header and blank in the example: filled in, an old inception date with
 * no paid-up-to date would put the example policy in arrears for every month since. The debit-order
 * columns (issue #21) are blank too: an example mandate reference would be claimed by the first upload.
 */
export function templateCsv(policyTypeName: string | null = null): string {
  const example: Record<(typeof CSV_MEMBER_COLUMNS)[number], string> = {
    firstName: 'Thabo',
    lastName: 'Mokoena',
    identifierType: 'saId',
    saId: '8001015009087',
    passportNumber: '',
    nationality: 'ZA',
    email: 'thabo.mokoena@example.co.za',
    phone: '0821234567',
    address: '12 Church Street',
    city: 'Pretoria',
    province: 'GP',
    postalCode: '0002',
    dateOfBirth: '1980-01-01',
    isMainMember: 'true',
    mainMemberIdentifier: '',
    relationship: '',
    policyTypeId: policyTypeName ?? '',
    inceptionDate: '',
    paidUpTo: '',
    debitDay: '',
    accountHolder: '',
    bank: '',
    branchCode: '',
    accountNumber: '',
    accountType: '',
    mandateReference: '',
    mandateDebitDay: '',
    debiCheck: '',
    priorCoverMonths: '',
    priorCoverEndedOn: '',
  };
  return Papa.unparse({ fields: [...CSV_MEMBER_COLUMNS], data: [CSV_MEMBER_COLUMNS.map((column) => example[column])] });
}

export type ParseOutcome =
  | { ok: true; rows: CsvMemberRow[]; missingColumns: string[] }
  | { ok: false; reason: 'parse'; problems: string[] }
  | { ok: false; reason: 'empty' };

/** The file's text as rows keyed by header (every value a string, as papaparse gives them). */
export function parseMembersCsv(text: string): ParseOutcome {
  const result = Papa.parse<CsvMemberRow>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  // Papaparse reports a file without commas (one column, or no text) as an undetectable delimiter;
  // it then reads with ',' anyway, so that is a note, not a failure: the rows show what is wrong.
  const errors = result.errors.filter((error) => error.code !== 'UndetectableDelimiter');
  if (errors.length > 0) {
    const problems = errors
      .slice(0, 5)
      .map((error) => (error.row === undefined ? error.message : `Row ${csvRowNumber(error.row)}: ${error.message}`));
    return { ok: false, reason: 'parse', problems };
  }
  if (result.data.length === 0) return { ok: false, reason: 'empty' };
  const present = new Set(result.meta.fields ?? []);
  const missingColumns = CSV_MEMBER_COLUMNS.filter((column) => !present.has(column) && !CSV_OPTIONAL_COLUMNS.includes(column));
  return { ok: true, rows: result.data, missingColumns };
}

export type RowProblem = { rowNumber: number; errors: string[] };

/** Every row's problems with its spreadsheet row number (index + 2); empty when all rows are fine. */
export function validateRows(rows: readonly CsvMemberRow[], policyTypes: readonly CsvPolicyTypeRef[]): RowProblem[] {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    const errors = validateCsvMemberRow(row, { policyTypes });
    if (errors.length > 0) problems.push({ rowNumber: csvRowNumber(index), errors });
  });
  return problems;
}

export { CSV_MESSAGES };

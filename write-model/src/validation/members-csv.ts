import { birthDateRange, dateProblem, inceptionDateRange, paidUpToRange, southAfricanDate } from './dates.ts';
import { isValidEmail } from './email.ts';
import { DEFAULT_NATIONALITY, MEMBER_MESSAGES, POLICY_CALENDAR_FIELDS, priorCoverSchemaOn, type IdentifierType } from './members.ts';
import { NAME_MAX_LENGTH, nameTooLong } from './fields.ts';
import { PASSPORT_MAX_LENGTH, PASSPORT_MIN_LENGTH } from './passport.ts';
import { CSV_MANDATE_COLUMNS, csvMandateProblems } from './members-csv-mandate.ts';
import { isValidSaPhone, normalizeSaPhone } from './phone.ts';
import { isRelationship } from './relationships.ts';
import { isValidSaId } from './sa-id.ts';

/** The bulk-upload template's header, in order. */
export const CSV_MEMBER_COLUMNS = [
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
  // Migrating a book (issue #20): the policy's start, what the old system says it is paid up to, its debit day.
  'inceptionDate',
  'paidUpTo',
  'debitDay',
  // The policy's debit-order mandate (issue #21): all blank for none.
  'accountHolder',
  'bank',
  'branchCode',
  'accountNumber',
  'accountType',
  'mandateReference',
  'mandateDebitDay',
  'debiCheck',
  // Cover proven elsewhere (issue #22, rule 2A.6), any life's: both or neither.
  'priorCoverMonths',
  'priorCoverEndedOn',
] as const;

/** Columns a file may leave out without a word: the migration and mandate columns came later, and older files lack them. */
export const CSV_OPTIONAL_COLUMNS: readonly CsvMemberColumn[] = [
  'inceptionDate',
  'paidUpTo',
  'debitDay',
  ...CSV_MANDATE_COLUMNS,
  'priorCoverMonths',
  'priorCoverEndedOn',
];

export type CsvMemberColumn = (typeof CSV_MEMBER_COLUMNS)[number];
export type CsvMemberRow = Partial<Record<CsvMemberColumn, string | undefined>>;

export const CSV_MESSAGES = {
  invalidFile: 'Invalid file - Please select a valid CSV file.',
  emptyFile: 'Empty file',
} as const;

/** Spreadsheet row number of a data row: its index plus the header line plus one-based counting. */
export function csvRowNumber(index: number): number {
  return index + 2;
}

/** 'true', '1' and 'yes' (any case) mean a main member; anything else a family member. */
export function parseCsvBoolean(value: string | undefined): boolean {
  return ['true', '1', 'yes'].includes((value ?? '').trim().toLowerCase());
}

const text = (row: CsvMemberRow, column: CsvMemberColumn) => (row[column] ?? '').trim();

/**
 * Which identifier a row uses: its identifierType when given, otherwise passport only when the row
 * has a passport number and no SA ID (so a blank type never demands an SA ID the row cannot have).
 */
export function csvIdentifierType(row: CsvMemberRow): IdentifierType {
  const declared = text(row, 'identifierType').toLowerCase();
  if (declared === 'passport') return 'passport';
  if (declared === 'said' || declared === 'sa_id' || declared === 'sa id') return 'saId';
  return text(row, 'passportNumber') && !text(row, 'saId') ? 'passport' : 'saId';
}

export type CsvPolicyTypeRef = { id: string; name: string };

export type CsvRowContext = {
  /** The company's policy type ids; when given, a row naming another id is refused. */
  policyTypeIds?: Iterable<string>;
  /** The company's policy types; when given, the policyTypeId column may hold a type's id or its name. */
  policyTypes?: Iterable<CsvPolicyTypeRef>;
  /** Today in South Africa (YYYY-MM-DD): no one is born after it. Defaults to the clock's. */
  today?: string;
};

/**
 * The policy type a row's policyTypeId cell names: one of the company's types by its id, or by its name
 * (trimmed, any case; names are unique per company, case-insensitive). Null when it names none of them.
 */
export function resolveCsvPolicyType(value: string | undefined, types: Iterable<CsvPolicyTypeRef>): string | null {
  const cell = (value ?? '').trim();
  if (!cell) return null;
  const list = [...types];
  const byId = list.find((type) => type.id === cell);
  if (byId) return byId.id;
  const name = cell.toLowerCase();
  return list.find((type) => type.name.trim().toLowerCase() === name)?.id ?? null;
}

export const unknownPolicyType = (cell: string) => `Unknown policy type "${cell}": give the name or the ID of one of your policy types`;

export const CSV_MIGRATION_MESSAGES = {
  needsPolicy: 'inceptionDate, paidUpTo and debitDay describe a policy: give this row a policy type',
  familyRow: "inceptionDate, paidUpTo and debitDay belong on the main member's row (the policy is theirs)",
} as const;

/** The migration columns of a row (issue #20): their problems, in column order. */
function migrationProblems(row: CsvMemberRow, isMain: boolean, today: string): string[] {
  const inception = text(row, 'inceptionDate');
  const paidUpTo = text(row, 'paidUpTo');
  const debitDay = text(row, 'debitDay');
  if (!inception && !paidUpTo && !debitDay) return [];
  if (!isMain) return [CSV_MIGRATION_MESSAGES.familyRow];
  if (!text(row, 'policyTypeId')) return [CSV_MIGRATION_MESSAGES.needsPolicy];
  const errors: string[] = [];
  const inceptionProblem = inception ? dateProblem(inception, inceptionDateRange(today)) : null;
  // The same words as the member schema's inceptionDate and paidUpTo (members.ts).
  if (inceptionProblem === 'invalid') errors.push('Inception date must be a valid date (YYYY-MM-DD)');
  else if (inceptionProblem === 'tooEarly') errors.push('Inception date cannot be before 1900-01-01');
  else if (inceptionProblem === 'tooLate') errors.push('Inception date cannot be in the future');
  const paidRange = paidUpToRange(today);
  const paidProblem = paidUpTo ? dateProblem(paidUpTo, paidRange) : null;
  if (paidProblem === 'invalid') errors.push('Paid-up-to date must be a valid date (YYYY-MM-DD)');
  else if (paidProblem === 'tooEarly') errors.push('Paid-up-to date cannot be before 1900-01-01');
  else if (paidProblem === 'tooLate') errors.push(`Paid-up-to date cannot be after ${paidRange.latest} (two years ahead)`);
  // Without an inception date the policy starts today.
  if (paidUpTo && !paidProblem && !inceptionProblem && paidUpTo < (inception || today))
    errors.push(MEMBER_MESSAGES.paidUpToBeforeInception);
  if (debitDay) {
    const day = Number(debitDay);
    if (!/^\d+$/.test(debitDay) || day < POLICY_CALENDAR_FIELDS.minDebitDay || day > POLICY_CALENDAR_FIELDS.maxDebitDay)
      errors.push(MEMBER_MESSAGES.debitDay);
  }
  return errors;
}

/**
 * The problems of one data row, as the upload dialog lists them (empty when the row is fine).
 * Beyond the specification's per-row messages, a few checks mirror the member form so that a row
 * that passes here is not refused by POST /api/members afterwards.
 */
export function validateCsvMemberRow(row: CsvMemberRow, context: CsvRowContext = {}): string[] {
  const errors: string[] = [];
  const isMain = parseCsvBoolean(row.isMainMember);

  if (!text(row, 'firstName')) errors.push('First name is required');
  else if (text(row, 'firstName').length < 2) errors.push('First name must be at least 2 characters');
  else if (text(row, 'firstName').length > NAME_MAX_LENGTH) errors.push(nameTooLong('First name'));
  if (!text(row, 'lastName')) errors.push('Last name is required');
  else if (text(row, 'lastName').length < 2) errors.push('Last name must be at least 2 characters');
  else if (text(row, 'lastName').length > NAME_MAX_LENGTH) errors.push(nameTooLong('Last name'));

  if (isMain) {
    if (!text(row, 'phone')) errors.push('Phone number is required');
    if (!text(row, 'address')) errors.push('Address is required');
    else if (text(row, 'address').length < 5) errors.push('Address must be at least 5 characters');
    if (!text(row, 'city')) errors.push('City is required');
    else if (text(row, 'city').length < 2) errors.push('City must be at least 2 characters');
    if (!text(row, 'province')) errors.push('Province is required');
    if (!text(row, 'postalCode')) errors.push('Postal code is required');
    else if (text(row, 'postalCode').length < 4) errors.push('Postal code must be at least 4 characters');
  }

  if (csvIdentifierType(row) === 'saId') {
    if (!text(row, 'saId')) errors.push('SA ID is required');
    else if (!isValidSaId(text(row, 'saId'))) errors.push('Invalid SA ID number');
  } else {
    const passport = text(row, 'passportNumber');
    if (!passport) errors.push('Passport number is required');
    else if (passport.length < PASSPORT_MIN_LENGTH) errors.push('Passport number must be at least 6 characters');
    else if (passport.length > PASSPORT_MAX_LENGTH) errors.push(`Passport number must be at most ${PASSPORT_MAX_LENGTH} characters`);
    else if (!/^[A-Za-z0-9]+$/.test(passport)) errors.push('Passport number may contain only letters and digits');
  }

  if (text(row, 'phone') && !isValidSaPhone(text(row, 'phone'))) errors.push('Invalid South African phone number');
  if (text(row, 'email') && !isValidEmail(text(row, 'email'))) errors.push('Invalid email format');
  const dateOfBirthProblem = text(row, 'dateOfBirth')
    ? dateProblem(text(row, 'dateOfBirth'), birthDateRange(context.today ?? southAfricanDate(new Date())))
    : null;
  // The same words as the member form's date of birth (birthDateField).
  if (dateOfBirthProblem === 'invalid') errors.push('Date of birth must be a valid date (YYYY-MM-DD)');
  else if (dateOfBirthProblem === 'tooEarly') errors.push('Date of birth cannot be before 1900-01-01');
  else if (dateOfBirthProblem === 'tooLate') errors.push('Date of birth cannot be in the future');

  if (!isMain) {
    if (!text(row, 'mainMemberIdentifier')) errors.push('Main member identifier required for family members');
    const relationship = text(row, 'relationship').toLowerCase();
    if (!relationship) errors.push('Relationship is required for family members');
    else if (!isRelationship(relationship)) {
      errors.push('Relationship must be one of spouse, child, parent, sibling or other');
    }
  }

  const policyTypeId = text(row, 'policyTypeId');
  if (policyTypeId && context.policyTypes) {
    if (!resolveCsvPolicyType(policyTypeId, context.policyTypes)) errors.push(unknownPolicyType(policyTypeId));
  } else if (policyTypeId && context.policyTypeIds && !new Set(context.policyTypeIds).has(policyTypeId)) {
    errors.push('Invalid policy type ID');
  }
  errors.push(...migrationProblems(row, isMain, context.today ?? southAfricanDate(new Date())));
  errors.push(...csvMandateProblems(row, isMain));
  // Prior cover: the member schema's own fields and rule (the import sends them to it as they stand).
  const priorCover = priorCoverSchemaOn(context.today ?? southAfricanDate(new Date())).safeParse(csvPriorCover(row));
  if (!priorCover.success) errors.push(...new Set(priorCover.error.issues.map((i) => i.message)));
  return errors;
}

/**
 * A validated row as the body of POST /api/members. The family member's main member is resolved by
 * the caller (matching mainMemberIdentifier against existing members' SA ID or passport).
 */
export function csvRowToMemberInput(row: CsvMemberRow, mainMemberId: string | null, policyTypes?: Iterable<CsvPolicyTypeRef>) {
  const isMainMember = parseCsvBoolean(row.isMainMember);
  const identifierType = csvIdentifierType(row);
  const orNull = (column: CsvMemberColumn) => text(row, column) || null;
  const relationship = text(row, 'relationship').toLowerCase();
  return {
    firstName: text(row, 'firstName'),
    lastName: text(row, 'lastName'),
    identifierType,
    saId: identifierType === 'saId' ? orNull('saId') : null,
    passportNumber: identifierType === 'passport' ? orNull('passportNumber') : null,
    nationality: (text(row, 'nationality') || DEFAULT_NATIONALITY).toUpperCase(),
    email: orNull('email'),
    phone: normalizeSaPhone(text(row, 'phone')),
    address: text(row, 'address'),
    city: text(row, 'city'),
    province: text(row, 'province'),
    postalCode: text(row, 'postalCode'),
    dateOfBirth: orNull('dateOfBirth'),
    isMainMember,
    mainMemberId: isMainMember ? null : mainMemberId,
    relationship: !isMainMember && isRelationship(relationship) ? relationship : null,
    // A name is turned into its type's id; a cell naming no type is sent as it stands (and refused there).
    policyTypeId: (policyTypes && resolveCsvPolicyType(row.policyTypeId, policyTypes)) || orNull('policyTypeId'),
    inceptionDate: orNull('inceptionDate'),
    paidUpTo: orNull('paidUpTo'),
    debitDay: orNull('debitDay') ?? undefined,
    ...csvPriorCover(row),
  };
}

/** The prior-cover cells as the member schema takes them (blank: left out). */
function csvPriorCover(row: CsvMemberRow) {
  return { priorCoverMonths: text(row, 'priorCoverMonths') || undefined, priorCoverEndedOn: text(row, 'priorCoverEndedOn') || undefined };
}

import { z } from 'zod';
import { compareDecimal, isDecimalString, MAX_AMOUNT } from './decimal.ts';
import { isValidEmail } from './email.ts';
import { NAME_MAX_LENGTH, nameTooLong, requiredText } from './fields.ts';
import { isValidSaPhone, normalizeSaPhone } from './phone.ts';
import { isRelationship, type Relationship } from './relationships.ts';
import { isValidSaId } from './sa-id.ts';

export const SCHEME_STATUSES = ['active', 'inactive'] as const;
export type SchemeStatus = (typeof SCHEME_STATUSES)[number];

export const GROUP_SCHEME_MESSAGES = {
  name: 'Please enter a scheme name',
  mainMembers: 'Please add at least one main member with complete information',
  saId: 'Invalid SA ID number',
  phone: 'Invalid South African phone number',
  email: 'Invalid email address',
  coverAmount: 'Cover amount must be an amount like 15000 or 15000.50',
  coverAmountMax: 'Cover amount cannot be more than 999999999.99',
  relationship: 'Relationship is required',
  familyName: 'First and last name are required',
} as const;

const M = GROUP_SCHEME_MESSAGES;

/** A cover amount's problem, as the other amounts: a decimal string no larger than MAX_AMOUNT (numeric(17,2) and its sums). */
const coverAmountProblem = (value: string) =>
  !isDecimalString(value) ? M.coverAmount : compareDecimal(value, MAX_AMOUNT) > 0 ? M.coverAmountMax : null;

// Rows arrive as the form holds them: every field a string, possibly blank. Text is trimmed here.
const cell = z
  .string()
  .nullish()
  .transform((v) => (v ?? '').trim());

const familyRow = z.object({
  firstName: cell,
  lastName: cell,
  saId: cell,
  relationship: cell,
  coverAmount: cell,
});

const mainRow = z.object({
  firstName: cell,
  lastName: cell,
  saId: cell,
  phone: cell,
  address: cell,
  city: cell,
  province: cell,
  postalCode: cell,
  email: cell,
  coverAmount: cell,
  familyMembers: z
    .array(familyRow)
    .nullish()
    .transform((v) => v ?? []),
});

type MainRow = z.output<typeof mainRow>;
type FamilyRow = z.output<typeof familyRow>;

/** A main-member row counts once these five are filled in; other rows are blank lines and are dropped. */
export function isCompleteMainMember(row: Pick<MainRow, 'firstName' | 'lastName' | 'saId' | 'phone' | 'address'>) {
  return [row.firstName, row.lastName, row.saId, row.phone, row.address].every((v) => v.trim() !== '');
}

const isBlankFamilyRow = (row: FamilyRow) => Object.values(row).every((v) => v === '');

/**
 * The main members of a create or add: incomplete rows dropped silently, at least one complete row
 * required, and the complete rows' values checked (issues point at the row as the user sees it).
 */
const mainMembers = z
  .array(mainRow, { error: M.mainMembers })
  .superRefine((rows, ctx) => {
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    let complete = 0;
    rows.forEach((row, i) => {
      if (!isCompleteMainMember(row)) return;
      complete++;
      if (row.firstName.length > NAME_MAX_LENGTH) fail([i, 'firstName'], nameTooLong('First name'));
      if (row.lastName.length > NAME_MAX_LENGTH) fail([i, 'lastName'], nameTooLong('Last name'));
      if (!isValidSaId(row.saId)) fail([i, 'saId'], M.saId);
      if (!isValidSaPhone(row.phone)) fail([i, 'phone'], M.phone);
      if (row.email && !isValidEmail(row.email)) fail([i, 'email'], M.email);
      const rowCover = row.coverAmount ? coverAmountProblem(row.coverAmount) : null;
      if (rowCover) fail([i, 'coverAmount'], rowCover);
      row.familyMembers.forEach((member, j) => {
        if (isBlankFamilyRow(member)) return;
        const at = (field: string) => [i, 'familyMembers', j, field];
        if (!member.firstName || !member.lastName) fail(at(member.firstName ? 'lastName' : 'firstName'), M.familyName);
        if (member.firstName.length > NAME_MAX_LENGTH) fail(at('firstName'), nameTooLong('First name'));
        if (member.lastName.length > NAME_MAX_LENGTH) fail(at('lastName'), nameTooLong('Last name'));
        if (member.saId && !isValidSaId(member.saId)) fail(at('saId'), M.saId);
        if (!isRelationship(member.relationship)) fail(at('relationship'), M.relationship);
        const cover = member.coverAmount ? coverAmountProblem(member.coverAmount) : null;
        if (cover) fail(at('coverAmount'), cover);
      });
    });
    if (complete === 0) ctx.addIssue({ code: 'custom', path: [], message: M.mainMembers });
  })
  .transform((rows) =>
    rows.filter(isCompleteMainMember).map((row) => ({
      ...row,
      phone: normalizeSaPhone(row.phone),
      email: row.email || null,
      coverAmount: row.coverAmount || null,
      familyMembers: row.familyMembers
        .filter((m) => !isBlankFamilyRow(m))
        .map((m) => ({
          ...m,
          saId: m.saId || null,
          relationship: m.relationship as Relationship,
          coverAmount: m.coverAmount || null,
        })),
    })),
  );

/** POST /api/group-schemes. */
export const groupSchemeSchema = z.object({
  name: requiredText(M.name),
  description: cell,
  mainMembers,
});
export type GroupSchemeInput = z.output<typeof groupSchemeSchema>;
export type GroupSchemeFormValues = z.input<typeof groupSchemeSchema>;
export type SchemeMainMemberInput = GroupSchemeInput['mainMembers'][number];
export type SchemeFamilyMemberInput = SchemeMainMemberInput['familyMembers'][number];

/** POST /api/group-schemes/{id}/members: no name needed when adding to an existing scheme. */
export const groupSchemeMembersSchema = z.object({ mainMembers });
export type GroupSchemeMembersInput = z.output<typeof groupSchemeMembersSchema>;

/** PUT /api/group-schemes/{id} from the edit dialog. */
export const groupSchemeUpdateSchema = z.object({
  name: requiredText(M.name),
  description: cell,
  status: z.enum(SCHEME_STATUSES, { error: 'Status must be active or inactive' }),
});
export type GroupSchemeUpdateInput = z.output<typeof groupSchemeUpdateSchema>;

/** DELETE /api/group-schemes/{id}/members/{memberId}: the member to remove (a path segment, a GraphQL argument). */
export const schemeMemberRefSchema = z.object({ memberId: z.string() });

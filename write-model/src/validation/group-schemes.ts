import { oncePerDay } from './dates.ts';
import { z } from 'zod';
import { compareDecimal, isDecimalString, MAX_AMOUNT } from './decimal.ts';
import { isValidEmail } from './email.ts';
import { NAME_MAX_LENGTH, nameTooLong, requiredText } from './fields.ts';
import { priorCoverFields, priorCoverIssue, priorCoverOfFields } from './members.ts';
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

const familyText = { firstName: cell, lastName: cell, saId: cell, relationship: cell, coverAmount: cell };

const mainText = {
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
};

// Every person on a scheme may bring cover proven elsewhere (issue #22, rule 2A.6): the members' one rule.
const familyRowOn = (today: string) => z.object({ ...familyText, ...priorCoverFields(today) });

const mainRowOn = (today: string) =>
  z.object({
    ...mainText,
    ...priorCoverFields(today),
    familyMembers: z
      .array(familyRowOn(today))
      .nullish()
      .transform((v) => v ?? []),
  });

type MainRow = z.output<ReturnType<typeof mainRowOn>>;
type FamilyRow = z.output<ReturnType<typeof familyRowOn>>;

/** A main-member row counts once these five are filled in; other rows are blank lines and are dropped. */
export function isCompleteMainMember(row: Pick<MainRow, 'firstName' | 'lastName' | 'saId' | 'phone' | 'address'>) {
  return [row.firstName, row.lastName, row.saId, row.phone, row.address].every((v) => v.trim() !== '');
}

const isBlankFamilyRow = (row: FamilyRow) =>
  Object.keys(familyText).every((k) => row[k as keyof typeof familyText] === '') &&
  row.priorCoverMonths === undefined &&
  row.priorCoverEndedOn === undefined;

/** A row's prior cover as the events keep it (null: none), without its two input fields. */
function withPriorCover<R extends { priorCoverMonths?: number | undefined; priorCoverEndedOn?: string | undefined }>(row: R) {
  const { priorCoverMonths: _months, priorCoverEndedOn: _endedOn, ...rest } = row;
  return { ...rest, priorCover: priorCoverOfFields(row) };
}

/**
 * The main members of a create or add: incomplete rows dropped silently, at least one complete row
 * required, and the complete rows' values checked (issues point at the row as the user sees it).
 */
const mainMembersOn = (today: string) =>
  z
    .array(mainRowOn(today), { error: M.mainMembers })
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
        const prior = priorCoverIssue(row);
        if (prior) fail([i, prior.path], prior.message);
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
          const familyPrior = priorCoverIssue(member);
          if (familyPrior) fail(at(familyPrior.path), familyPrior.message);
        });
      });
      if (complete === 0) ctx.addIssue({ code: 'custom', path: [], message: M.mainMembers });
    })
    .transform((rows) =>
      rows.filter(isCompleteMainMember).map((row) => ({
        ...withPriorCover(row),
        phone: normalizeSaPhone(row.phone),
        email: row.email || null,
        coverAmount: row.coverAmount || null,
        familyMembers: row.familyMembers
          .filter((m) => !isBlankFamilyRow(m))
          .map((m) => ({
            ...withPriorCover(m),
            saId: m.saId || null,
            relationship: m.relationship as Relationship,
            coverAmount: m.coverAmount || null,
          })),
      })),
    );

/** POST /api/group-schemes. `today` (South African) bounds the prior cover's end date. */
export const groupSchemeSchemaOn = oncePerDay((today: string) =>
  z.object({
    name: requiredText(M.name),
    description: cell,
    mainMembers: mainMembersOn(today),
  }),
);
export type GroupSchemeInput = z.output<ReturnType<typeof groupSchemeSchemaOn>>;
export type GroupSchemeFormValues = z.input<ReturnType<typeof groupSchemeSchemaOn>>;
export type SchemeMainMemberInput = GroupSchemeInput['mainMembers'][number];
export type SchemeFamilyMemberInput = SchemeMainMemberInput['familyMembers'][number];

/** POST /api/group-schemes/{id}/members: no name needed when adding to an existing scheme. */
export const groupSchemeMembersSchemaOn = oncePerDay((today: string) => z.object({ mainMembers: mainMembersOn(today) }));
export type GroupSchemeMembersInput = z.output<ReturnType<typeof groupSchemeMembersSchemaOn>>;

/** PUT /api/group-schemes/{id} from the edit dialog. */
export const groupSchemeUpdateSchema = z.object({
  name: requiredText(M.name),
  description: cell,
  status: z.enum(SCHEME_STATUSES, { error: 'Status must be active or inactive' }),
});
export type GroupSchemeUpdateInput = z.output<typeof groupSchemeUpdateSchema>;

/** DELETE /api/group-schemes/{id}/members/{memberId}: the member to remove (a path segment, a GraphQL argument). */
export const schemeMemberRefSchema = z.object({ memberId: z.string() });

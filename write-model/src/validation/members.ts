import { z } from 'zod';
import { birthDateField, dateField, dateMessages } from './date-fields.ts';
import { deathDateRange, inceptionDateRange, oncePerDay, paidUpToRange } from './dates.ts';
import {
  minText,
  nullableChoiceField,
  nullableOf,
  nullableText,
  optionalEmailField,
  optionalNumberField,
  optionalOf,
  requiredText,
  saPhoneField,
  NAME_MAX_LENGTH,
  nameTooLong,
} from './fields.ts';
import { isValidPassport } from './passport.ts';
import { isValidSaPhone, normalizeSaPhone } from './phone.ts';
import { RELATIONSHIPS } from './relationships.ts';
import { isValidSaId } from './sa-id.ts';

export const IDENTIFIER_TYPES = ['saId', 'passport'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export const DEFAULT_NATIONALITY = 'ZA';
export const NATIONALITY_MAX_LENGTH = 3;

export const MEMBER_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  identifier: 'Valid SA ID or Passport Number is required',
  email: 'Invalid email',
  mainMemberContact: 'Contact and address information is required for main members',
  familyMember: 'Main member and relationship are required for family members',
  otherRelationship: "Please specify the relationship when 'Other' is selected",
  relationship: 'Relationship must be one of spouse, child, parent, sibling or other',
  nationality: 'Nationality must be a 2 or 3 letter country code',
  dateOfBirth: 'Date of birth must be a valid date (YYYY-MM-DD)',
  phone: 'Invalid South African phone number',
  policyRequired: 'Policy Required - Please select a policy type or choose to add the member without a policy.',
  debitDay: 'Debit day must be a whole number from 1 to 31',
  paidUpToBeforeInception: 'Paid-up-to date cannot be before the inception date',
  priorCoverMonths: 'Prior cover must be a whole number of months from 1 to 600',
  priorCoverBoth: 'Give both the months of prior cover and the date it ended, or neither',
} as const;

/**
 * Cover proven elsewhere (issue #22, rule 2A.6): whole months of continuous cover with another insurer
 * and the day it ended. It shortens the life's wait when it ended at most 31 days before the life joined
 * (validation/waiting-periods.ts); both or neither.
 */
export const PRIOR_COVER_LIMITS = { minMonths: 1, maxMonths: 600 } as const;

const priorCoverMonthsField = () =>
  optionalNumberField({
    invalid: MEMBER_MESSAGES.priorCoverMonths,
    integer: MEMBER_MESSAGES.priorCoverMonths,
    min: { value: PRIOR_COVER_LIMITS.minMonths, message: MEMBER_MESSAGES.priorCoverMonths },
    max: { value: PRIOR_COVER_LIMITS.maxMonths, message: MEMBER_MESSAGES.priorCoverMonths },
  }).meta({ graphqlType: 'Int', description: 'Whole months of continuous funeral cover elsewhere, proven (issue #22).' });

const priorCoverEndedOnField = (today: string) => {
  const range = deathDateRange(today);
  return optionalOf(
    dateField(range, dateMessages('Prior cover end date', range, { tooLate: 'Prior cover end date cannot be in the future' })),
  ).meta({ description: 'YYYY-MM-DD: the day the prior cover ended; it counts toward the wait if within 31 days of joining.' });
};

/**
 * The one home of prior cover's input (issue #22): its two fields and their rule (both or neither), taken
 * by every entry point a life joins or is edited through — the member form and POST /api/members, the
 * CSV import, onboarding, a scheme's member, editing a life.
 */
export const priorCoverFields = (today: string) => ({
  priorCoverMonths: priorCoverMonthsField(),
  priorCoverEndedOn: priorCoverEndedOnField(today),
});

type PriorCoverFields = { priorCoverMonths?: number | undefined; priorCoverEndedOn?: string | undefined };

/** Both or neither: the issue on the one left out, if any. */
export function priorCoverIssue(m: PriorCoverFields): { path: 'priorCoverMonths' | 'priorCoverEndedOn'; message: string } | null {
  if ((m.priorCoverMonths === undefined) === (m.priorCoverEndedOn === undefined)) return null;
  return { path: m.priorCoverMonths === undefined ? 'priorCoverMonths' : 'priorCoverEndedOn', message: MEMBER_MESSAGES.priorCoverBoth };
}

/** The prior cover the two fields give (null: none). */
export function priorCoverOfFields(m: PriorCoverFields): { months: number; endedOn: string } | null {
  return m.priorCoverMonths !== undefined && m.priorCoverEndedOn !== undefined
    ? { months: m.priorCoverMonths, endedOn: m.priorCoverEndedOn }
    : null;
}

/** The rule as a zod refinement, for a schema that holds the two fields among others. */
export function refinePriorCover(m: PriorCoverFields, ctx: z.RefinementCtx): void {
  const issue = priorCoverIssue(m);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** The two fields alone with their rule, for an entry point whose other fields are checked elsewhere. */
const priorCoverSchemaFor = (today: string) =>
  z.object(priorCoverFields(today)).superRefine(refinePriorCover).transform(priorCoverOfFields);
/** The prior-cover fields' schema on a day (a CSV import asks for it on every row). */
export const priorCoverSchemaOn = oncePerDay(priorCoverSchemaFor);

/**
 * A policy's own calendar and a book migrated from another system (issue #20): the day of the month its
 * premium is due, the date its cover started (in the past for a migrated policy: its waiting period ran
 * from then) and the date its premiums were paid up to in the old system.
 */
export const POLICY_CALENDAR_FIELDS = { minDebitDay: 1, maxDebitDay: 31, defaultDebitDay: 1 } as const;

export const debitDayField = () =>
  optionalNumberField({
    invalid: MEMBER_MESSAGES.debitDay,
    integer: MEMBER_MESSAGES.debitDay,
    min: { value: POLICY_CALENDAR_FIELDS.minDebitDay, message: MEMBER_MESSAGES.debitDay },
    max: { value: POLICY_CALENDAR_FIELDS.maxDebitDay, message: MEMBER_MESSAGES.debitDay },
  }).meta({
    graphqlType: 'Int',
    description: "The day of the month the policy's premium is due: 1 to 31 (past a month's end, its last day); default 1.",
  });

export const ISSUE_POLICY_MESSAGES = { policyType: 'Choose a policy type' } as const;

/**
 * POST /api/members/{id}/policy: a new policy for a main member without one in force (registered
 * without a policy, or whose policy lapsed past its reinstatement window or was cancelled).
 */
export const issuePolicySchema = z.object({
  policyTypeId: requiredText(ISSUE_POLICY_MESSAGES.policyType),
  debitDay: debitDayField(),
});
export type IssuePolicyInput = z.output<typeof issuePolicySchema>;

/** POST /api/policies/{id}/change-type (issue #22): the policy moves to another of the company's types. */
export const changePolicyTypeSchema = z.object({ policyTypeId: requiredText(ISSUE_POLICY_MESSAGES.policyType) });
export type ChangePolicyTypeInput = z.output<typeof changePolicyTypeSchema>;

export const inceptionDateField = (today: string) => {
  const range = inceptionDateRange(today);
  // Absent (not null) when not given, so a member registered without it parses as before.
  return optionalOf(dateField(range, dateMessages('Inception date', range, { tooLate: 'Inception date cannot be in the future' }))).meta({
    description: "YYYY-MM-DD: when a migrated policy's cover started (default today); its waiting period runs from it.",
  });
};

export const paidUpToField = (today: string) => {
  const range = paidUpToRange(today);
  return optionalOf(
    dateField(
      range,
      dateMessages('Paid-up-to date', range, { tooLate: `Paid-up-to date cannot be after ${range.latest} (two years ahead)` }),
    ),
  ).meta({
    description:
      'YYYY-MM-DD: a migrated policy is paid up to this date in the old system; every premium due on or before it counts as paid. Never before the inception date.',
  });
};

/**
 * What each main-member contact field lacks, said under that field (issue #25); the spec's sentence
 * (MEMBER_MESSAGES.mainMemberContact) is the form's summary and the refusal's message.
 */
export const MAIN_MEMBER_FIELD_MESSAGES = {
  phone: 'Phone number must be at least 10 digits and a valid South African number',
  address: 'Address must be at least 5 characters',
  city: 'City must be at least 2 characters',
  province: 'Province is required',
  postalCode: 'Postal code must be at least 4 characters',
} as const;

/** Minimum lengths of a main member's contact and address fields (spaces in the phone ignored). */
export const MAIN_MEMBER_MINIMUMS = { phone: 10, address: 5, city: 2, province: 2, postalCode: 4 } as const;

/** Optional; when given, a real date from 1900-01-01 to today (South African). */
const dateOfBirth = (today: string) => nullableOf(birthDateField(today, 'Date of birth', { invalid: MEMBER_MESSAGES.dateOfBirth }));

const nationality = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : DEFAULT_NATIONALITY))
  .pipe(z.string().regex(/^[A-Z]{2,3}$/, MEMBER_MESSAGES.nationality));

/** A contact/address field: free text here; whether it is needed depends on the member kind. */
const contactText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v ?? '');

const memberFields = (today: string) =>
  z.object({
    firstName: minText(2, MEMBER_MESSAGES.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
    lastName: minText(2, MEMBER_MESSAGES.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
    /** Which identifier the form chose; absent (API clients) means "whichever is given". */
    identifierType: z.enum(IDENTIFIER_TYPES, { error: MEMBER_MESSAGES.identifier }).optional(),
    saId: nullableText(),
    passportNumber: nullableText(),
    nationality,
    email: optionalEmailField(MEMBER_MESSAGES.email).transform((v) => v ?? null),
    phone: contactText,
    address: contactText,
    city: contactText,
    province: contactText,
    postalCode: contactText,
    dateOfBirth: dateOfBirth(today),
    isMainMember: z.boolean({ error: 'Choose a principal or a family member' }).default(true),
    mainMemberId: nullableText(),
    relationship: nullableChoiceField(RELATIONSHIPS, MEMBER_MESSAGES.relationship),
    otherRelationship: nullableText(),
    policyTypeId: nullableText(),
    debitDay: debitDayField(),
    inceptionDate: inceptionDateField(today),
    paidUpTo: paidUpToField(today),
    ...priorCoverFields(today),
  });

type MemberFields = z.output<ReturnType<typeof memberFields>>;

function identifierIsValid(m: MemberFields): { ok: boolean; path: 'saId' | 'passportNumber' } {
  if (m.identifierType === 'passport') return { ok: !!m.passportNumber && isValidPassport(m.passportNumber), path: 'passportNumber' };
  if (m.identifierType === 'saId' || m.saId) return { ok: !!m.saId && isValidSaId(m.saId), path: 'saId' };
  return { ok: !!m.passportNumber && isValidPassport(m.passportNumber), path: m.passportNumber ? 'passportNumber' : 'saId' };
}

/** The main-member fields that fall short, in form order. */
export function missingMainMemberContact(m: Pick<MemberFields, 'phone' | 'address' | 'city' | 'province' | 'postalCode'>) {
  const short: (keyof typeof MAIN_MEMBER_MINIMUMS)[] = [];
  const phone = normalizeSaPhone(m.phone);
  if (phone.length < MAIN_MEMBER_MINIMUMS.phone || !isValidSaPhone(phone)) short.push('phone');
  for (const field of ['address', 'city', 'province', 'postalCode'] as const) {
    if (m[field].trim().length < MAIN_MEMBER_MINIMUMS[field]) short.push(field);
  }
  return short;
}

/**
 * A new member (POST /api/members). Cross-field rules: a valid SA ID or passport; main members need
 * contact and address; family members need their main member and relationship; 'other' needs words.
 * The output drops what does not apply (the identifier not chosen, a main member's relationship), so
 * stale input from a toggled form is never stored. `today` (South African) bounds the date of birth.
 */
export const memberSchemaOn = oncePerDay((today: string) =>
  memberFields(today)
    .superRefine((m, ctx) => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const identifier = identifierIsValid(m);
      if (!identifier.ok) fail(identifier.path, MEMBER_MESSAGES.identifier);
      if (m.isMainMember) {
        const missing = missingMainMemberContact(m);
        if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [], message: MEMBER_MESSAGES.mainMemberContact });
        for (const field of missing) fail(field, MAIN_MEMBER_FIELD_MESSAGES[field]);
      } else {
        if (!m.mainMemberId) fail('mainMemberId', MEMBER_MESSAGES.familyMember);
        if (!m.relationship) fail('relationship', MEMBER_MESSAGES.familyMember);
        if (m.relationship === 'other' && !m.otherRelationship) fail('otherRelationship', MEMBER_MESSAGES.otherRelationship);
        if (m.phone && !isValidSaPhone(m.phone)) fail('phone', MEMBER_MESSAGES.phone);
      }
      // Without an inception date the policy starts today (the decider's start date).
      if (m.paidUpTo && m.paidUpTo < (m.inceptionDate ?? today)) fail('paidUpTo', MEMBER_MESSAGES.paidUpToBeforeInception);
      const priorCover = priorCoverIssue(m);
      if (priorCover) fail(priorCover.path, priorCover.message);
    })
    .transform((m) => {
      const usesPassport = identifierIsValid(m).path === 'passportNumber';
      const identifierType: IdentifierType = usesPassport ? 'passport' : 'saId';
      return {
        ...m,
        identifierType,
        saId: usesPassport ? null : m.saId,
        passportNumber: usesPassport ? m.passportNumber : null,
        phone: normalizeSaPhone(m.phone),
        mainMemberId: m.isMainMember ? null : m.mainMemberId,
        relationship: m.isMainMember ? null : m.relationship,
        otherRelationship: !m.isMainMember && m.relationship === 'other' ? m.otherRelationship : null,
        priorCover: priorCoverOfFields(m),
      };
    }),
);
export type MemberInput = z.output<ReturnType<typeof memberSchemaOn>>;
export type MemberFormValues = z.input<ReturnType<typeof memberSchemaOn>>;

/**
 * The form's second step: a principal, when policy types exist, must pick one or choose to go on
 * without a policy. The server accepts a member without a policy, so this lives only in the form.
 */
export function memberPolicyChoiceError(choice: {
  isMainMember: boolean;
  policyTypeId: string | null | undefined;
  addWithoutPolicy: boolean;
  policyTypesExist: boolean;
}): string | null {
  if (!choice.isMainMember || !choice.policyTypesExist) return null;
  return choice.policyTypeId || choice.addWithoutPolicy ? null : MEMBER_MESSAGES.policyRequired;
}

/** PUT /api/members/{id}: the main member's personal, contact and address fields. */
export const editMemberSchemaOn = oncePerDay((today: string) =>
  z
    .object({
      firstName: minText(2, MEMBER_MESSAGES.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
      lastName: minText(2, MEMBER_MESSAGES.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
      email: optionalEmailField(MEMBER_MESSAGES.email).transform((v) => v ?? null),
      phone: saPhoneField({
        required: 'Phone number must be at least 10 digits',
        tooShort: 'Phone number must be at least 10 digits',
        invalid: MEMBER_MESSAGES.phone,
      }),
      address: minText(5, 'Address must be at least 5 characters'),
      city: minText(2, 'City must be at least 2 characters'),
      province: minText(2, 'Province is required'),
      postalCode: minText(4, 'Postal code must be at least 4 characters'),
      dateOfBirth: dateOfBirth(today),
      // Issue #22: prior cover proven after the life joined; left out, it stays as it was.
      ...priorCoverFields(today),
    })
    .superRefine(refinePriorCover),
);
export type EditMemberInput = z.output<ReturnType<typeof editMemberSchemaOn>>;
export type EditMemberFormValues = z.input<ReturnType<typeof editMemberSchemaOn>>;

/**
 * PUT /api/members/{id}/family-details (issue #22): a family member's names, date of birth, relationship
 * and (optional) contact and address. The ID number stays as registered: it is who the person is.
 */
export const editFamilyMemberSchemaOn = oncePerDay((today: string) =>
  z
    .object({
      firstName: minText(2, MEMBER_MESSAGES.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
      lastName: minText(2, MEMBER_MESSAGES.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
      dateOfBirth: dateOfBirth(today),
      relationship: z.enum(RELATIONSHIPS, { error: MEMBER_MESSAGES.relationship }),
      otherRelationship: nullableText(),
      email: optionalEmailField(MEMBER_MESSAGES.email).transform((v) => v ?? null),
      phone: contactText,
      address: contactText,
      city: contactText,
      province: contactText,
      postalCode: contactText,
      // Issue #22: prior cover proven after the life joined; left out, it stays as it was.
      ...priorCoverFields(today),
    })
    .superRefine((m, ctx) => {
      refinePriorCover(m, ctx);
      if (m.relationship === 'other' && !m.otherRelationship)
        ctx.addIssue({ code: 'custom', path: ['otherRelationship'], message: MEMBER_MESSAGES.otherRelationship });
      if (m.phone && !isValidSaPhone(m.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MEMBER_MESSAGES.phone });
    })
    .transform((m) => ({
      ...m,
      otherRelationship: m.relationship === 'other' ? m.otherRelationship : null,
      phone: m.phone ? normalizeSaPhone(m.phone) : null,
      address: m.address || null,
      city: m.city || null,
      province: m.province || null,
      postalCode: m.postalCode || null,
    })),
);
export type EditFamilyMemberInput = z.output<ReturnType<typeof editFamilyMemberSchemaOn>>;
export type EditFamilyMemberFormValues = z.input<ReturnType<typeof editFamilyMemberSchemaOn>>;

/** What counts toward the plan's member limit, said wherever the limit is (the refusal, can-add, the limit dialog). */
export const MEMBER_LIMIT_COUNTS = 'Every insured person counts: main members, their family members and group-scheme members.';

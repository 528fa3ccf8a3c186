import {
  DEFAULT_NATIONALITY,
  memberPolicyChoiceError,
  memberSchemaOn,
  POLICY_CALENDAR_FIELDS,
  RELATIONSHIPS,
  type MemberInput,
} from '@fpa/write-model/validation';
import { onToday, type ParseSchema } from '../../app/forms';
import type { RegisterMemberInput } from './members.operations';

/** Every field as the inputs hold it (text): step 1's, the two choices, and step 2's debit day. */
export type MemberFormValues = {
  memberKind: 'main' | 'family';
  firstName: string;
  lastName: string;
  identifierType: 'saId' | 'passport';
  saId: string;
  passportNumber: string;
  nationality: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  dateOfBirth: string;
  mainMemberId: string;
  relationship: string;
  otherRelationship: string;
  /** Issue #22: cover proven elsewhere, both or neither. */
  priorCoverMonths: string;
  priorCoverEndedOn: string;
  debitDay: string;
};

export const EMPTY_MEMBER_FORM: MemberFormValues = {
  memberKind: 'main',
  firstName: '',
  lastName: '',
  identifierType: 'saId',
  saId: '',
  passportNumber: '',
  nationality: DEFAULT_NATIONALITY,
  email: '',
  phone: '',
  address: '',
  city: '',
  province: '',
  postalCode: '',
  dateOfBirth: '',
  mainMemberId: '',
  relationship: '',
  otherRelationship: '',
  priorCoverMonths: '',
  priorCoverEndedOn: '',
  debitDay: String(POLICY_CALENDAR_FIELDS.defaultDebitDay),
};

/** Step 2's own field: it belongs to the policy, so it is shown and checked only with a policy type chosen. */
const POLICY_FIELDS: readonly (keyof MemberFormValues)[] = ['debitDay'];

/** Step 1's fields: a server message on one of them sends the form back to step 1. */
export const DETAIL_FIELDS = (Object.keys(EMPTY_MEMBER_FORM) as (keyof MemberFormValues)[]).filter((key) => !POLICY_FIELDS.includes(key));

export const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

/** The shared member schema over the form's text values (the kind becomes isMainMember). */
const memberSchema = onToday(memberSchemaOn);

/** Step 1: the details only (the debit day is left out: it is on step 2 and may not apply). */
export const memberDetailsSchema: ParseSchema<MemberInput> = {
  safeParse: (values) => {
    const { memberKind, debitDay: _onStep2, ...fields } = values as MemberFormValues;
    return memberSchema.safeParse({ ...fields, isMainMember: memberKind === 'main', policyTypeId: null });
  },
};

/** Submitting with a policy type chosen: the details and the debit day, with the server's messages. */
export const memberWithPolicySchema: ParseSchema<MemberInput> = {
  safeParse: (values) => {
    const { memberKind, ...fields } = values as MemberFormValues;
    return memberSchema.safeParse({ ...fields, isMainMember: memberKind === 'main', policyTypeId: null });
  },
};

/** Sentinel choice in step 2 for "add the member without a policy". */
export const NO_POLICY = 'none';

/** The debit day's help text, in Add Member and in the onboarding wizard. */
export const DEBIT_DAY_HELP = 'Day of the month the premium is collected: 1 to 31 (the last day in shorter months).';

/** A policy type (not 'without a policy') is chosen for a principal: the debit day applies. */
export function choosesPolicyType(choice: string | null, isMainMember: boolean): choice is string {
  return isMainMember && choice !== null && choice !== NO_POLICY;
}

export type MemberStep = 'details' | 'policy';

/**
 * Where "Next" leads from step 1: a principal goes on to choose a policy type; a family member is
 * covered through the main member's policy, so the form submits from step 1.
 */
export function stepAfterDetails(memberKind: MemberFormValues['memberKind']): MemberStep | 'submit' {
  return memberKind === 'main' ? 'policy' : 'submit';
}

/** The 'Policy Required' message while the step-2 choice is still missing, else null. */
export function policyChoiceMessage(choice: string | null, isMainMember: boolean, activePolicyTypes: number): string | null {
  return memberPolicyChoiceError({
    isMainMember,
    policyTypeId: choice && choice !== NO_POLICY ? choice : null,
    addWithoutPolicy: choice === NO_POLICY,
    policyTypesExist: activePolicyTypes > 0,
  });
}

const orNull = (value: string | null | undefined) => (value ? value : null);

/** The registerMember input from the validated details and the step-2 choice (and its debit day). */
export function registerInput(member: MemberInput, choice: string | null): RegisterMemberInput {
  const policyTypeId = choosesPolicyType(choice, member.isMainMember) ? choice : null;
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    identifierType: member.identifierType,
    saId: member.saId,
    passportNumber: member.passportNumber,
    nationality: member.nationality,
    email: member.email,
    phone: orNull(member.phone),
    address: orNull(member.address),
    city: orNull(member.city),
    province: orNull(member.province),
    postalCode: orNull(member.postalCode),
    dateOfBirth: member.dateOfBirth,
    isMainMember: member.isMainMember,
    mainMemberId: member.mainMemberId,
    relationship: member.relationship,
    otherRelationship: member.otherRelationship,
    policyTypeId,
    priorCoverMonths: member.priorCover?.months ?? null,
    priorCoverEndedOn: member.priorCover?.endedOn ?? null,
    // Left out (the server's default, the 1st) when blank; never sent without a policy.
    debitDay: policyTypeId ? (member.debitDay ?? null) : null,
  };
}

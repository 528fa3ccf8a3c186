import { DEFAULT_NATIONALITY, memberPolicyChoiceError, memberSchemaOn, RELATIONSHIPS, type MemberInput } from '@fpa/write-model/validation';
import { onToday, type ParseSchema } from '../../app/forms';
import type { RegisterMemberInput } from './members.operations';

/** Every field of step 1 as the inputs hold it (text), plus the two choices. */
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
};

/** Step 1's fields: a server message on one of them sends the form back to step 1. */
export const DETAIL_FIELDS = Object.keys(EMPTY_MEMBER_FORM) as (keyof MemberFormValues)[];

export const RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

/** The shared member schema over the form's text values (the kind becomes isMainMember). */
const memberSchema = onToday(memberSchemaOn);
export const memberDetailsSchema: ParseSchema<MemberInput> = {
  safeParse: (values) => {
    const { memberKind, ...fields } = values as MemberFormValues;
    return memberSchema.safeParse({ ...fields, isMainMember: memberKind === 'main', policyTypeId: null });
  },
};

/** Sentinel choice in step 2 for "add the member without a policy". */
export const NO_POLICY = 'none';

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

/** The registerMember input from the validated details and the step-2 choice. */
export function registerInput(member: MemberInput, choice: string | null): RegisterMemberInput {
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
    policyTypeId: member.isMainMember && choice && choice !== NO_POLICY ? choice : null,
  };
}

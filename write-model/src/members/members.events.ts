import type { PiiMarking } from '../event-store/types.ts';
import type { IdentifierType, PreferredChannel, PriorCover, Relationship } from '../validation/index.ts';

/** How a member came in: the member form, a CSV import, an agent's onboarding, a group scheme. */
export type MemberSource = 'manual' | 'bulk_import' | 'onboarding' | 'group_scheme';

export type MemberDetails = {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  dateOfBirth: string | null;
};

/**
 * A principal (main) member or a family member covered under one. SA ID / passport, names, contact,
 * address and date of birth are personal data: encrypted with the member's own key.
 */
export type MemberRegistered = {
  type: 'MemberRegistered';
  data: MemberDetails & {
    memberId: string;
    companyId: string;
    isMainMember: boolean;
    mainMemberId: string | null;
    relationship: Relationship | null;
    otherRelationship: string | null;
    identifierType: IdentifierType;
    saId: string | null;
    passportNumber: string | null;
    nationality: string;
    /** The policy issued with this registration (main members registered with a policy type). */
    policyId: string | null;
    source: MemberSource;
    /**
     * Issue #22: cover proven elsewhere, which may shorten this life's waiting period (validation/
     * waiting-periods.ts). Personal data, sealed with the member's key; absent when none was given.
     */
    priorCover?: PriorCover;
  };
};

/**
 * A member's personal, contact and address fields, as edited (the whole set). A family member's edit
 * (issue #22) also carries the relationship; a main member's has none.
 */
export type MemberUpdated = {
  type: 'MemberUpdated';
  data: MemberDetails & {
    memberId: string;
    companyId: string;
    relationship?: Relationship | null;
    otherRelationship?: string | null;
    /** Issue #22: cover proven elsewhere, given at an edit; absent: as it was (registered or last given). */
    priorCover?: PriorCover;
  };
};

export type MemberDeleted = { type: 'MemberDeleted'; data: { memberId: string; companyId: string } };

/**
 * On the main member's stream: a family member now covered under this main member (or no longer).
 * Appended with the main member's expected version, so a main member cannot be deleted while a
 * family member is being added under it.
 */
export type FamilyMemberAdded = { type: 'FamilyMemberAdded'; data: { memberId: string; familyMemberId: string; companyId: string } };
export type FamilyMemberRemoved = { type: 'FamilyMemberRemoved'; data: { memberId: string; familyMemberId: string; companyId: string } };

/**
 * On the main member's stream: a policy issued to a member already registered (one registered without a
 * policy, or whose earlier policy lapsed or was cancelled). Its terms are on the policy's PolicyIssued.
 */
export type MemberPolicyIssued = { type: 'MemberPolicyIssued'; data: { memberId: string; companyId: string; policyId: string } };

/**
 * How the member wants to hear from the company (issue #24, POPIA): the channel preferred, and whether they
 * opted out of everything but the legally required notices (the non-payment notice). No personal data.
 */
export type MemberCommunicationSet = {
  type: 'MemberCommunicationSet';
  data: { memberId: string; companyId: string; preferredChannel: PreferredChannel; optedOut: boolean; setAt: string };
};

export type MemberEvent =
  | MemberRegistered
  | MemberUpdated
  | MemberDeleted
  | FamilyMemberAdded
  | FamilyMemberRemoved
  | MemberPolicyIssued
  | MemberCommunicationSet;

export const memberStreamId = (memberId: string) => `member-${memberId}`;
export const memberSubjectId = (memberId: string) => `member:${memberId}`;

const DETAIL_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode', 'dateOfBirth'];

export function memberPii(event: MemberEvent): PiiMarking[] | undefined {
  switch (event.type) {
    case 'MemberRegistered':
      return [
        {
          subjectId: memberSubjectId(event.data.memberId),
          fields: [...DETAIL_FIELDS, 'saId', 'passportNumber', 'otherRelationship', ...(event.data.priorCover ? ['priorCover'] : [])],
        },
      ];
    case 'MemberUpdated':
      return [
        {
          subjectId: memberSubjectId(event.data.memberId),
          fields: [
            ...DETAIL_FIELDS,
            ...(event.data.otherRelationship ? ['otherRelationship'] : []),
            ...(event.data.priorCover ? ['priorCover'] : []),
          ],
        },
      ];
    case 'MemberDeleted':
    case 'FamilyMemberAdded':
    case 'FamilyMemberRemoved':
    case 'MemberPolicyIssued':
    case 'MemberCommunicationSet':
      return undefined;
  }
}

import type { PiiMarking } from '../event-store/types.ts';
import type { GroupPaymentMethod, PriorCover, Relationship, SchemeStatus } from '../validation/index.ts';

/**
 * A group scheme and its people live on one stream (group-scheme-<id>): the scheme's members are its
 * own records, not company members, so a scheme's roster, its SA-ID uniqueness and a group payment's
 * head count are all decided against one expected version.
 */
export type GroupSchemeCreated = {
  type: 'GroupSchemeCreated';
  data: { schemeId: string; companyId: string; name: string; description: string };
};

/** The edit dialog's whole set (name, description, status). */
export type GroupSchemeUpdated = {
  type: 'GroupSchemeUpdated';
  data: { schemeId: string; companyId: string; name: string; description: string; status: SchemeStatus };
};

/**
 * One person on the scheme. A main member holds a group policy (policyId/policyNumber of its own);
 * a family member is covered under its main member's, so it carries that policy's id and number.
 * Names, SA ID, contact and address are personal data, sealed with the scheme member's own key.
 */
export type SchemeMemberAdded = {
  type: 'SchemeMemberAdded';
  data: {
    schemeId: string;
    companyId: string;
    memberId: string;
    isMainMember: boolean;
    mainMemberId: string | null;
    relationship: Relationship | null;
    firstName: string;
    lastName: string;
    saId: string | null;
    phone: string | null;
    address: string | null;
    city: string | null;
    province: string | null;
    postalCode: string | null;
    email: string | null;
    coverAmount: string | null;
    policyId: string;
    policyNumber: string;
    /** Cover proven elsewhere (issue #22, rule 2A.6); absent when none was given (and on events recorded before). */
    priorCover?: PriorCover;
  };
};

/** One per person leaving: a main member's removal appends one for each of its family first, then its own. */
export type SchemeMemberRemoved = {
  type: 'SchemeMemberRemoved';
  data: { schemeId: string; companyId: string; memberId: string; isMainMember: boolean; mainMemberId: string | null };
};

/**
 * A group payment run, on the scheme's stream: appended with the scheme's expected version in the same
 * transaction as one PaymentRecorded per main member's group policy, so the head count it was
 * computed from cannot change underneath it.
 */
export type GroupPaymentRecorded = {
  type: 'GroupPaymentRecorded';
  data: {
    schemeId: string;
    companyId: string;
    groupPaymentId: string;
    amountPerMember: string;
    memberCount: number;
    totalAmount: string;
    paymentMethod: GroupPaymentMethod;
    paymentDate: string;
    reference: string | null;
    paymentIds: string[];
  };
};

export type GroupSchemeEvent = GroupSchemeCreated | GroupSchemeUpdated | SchemeMemberAdded | SchemeMemberRemoved | GroupPaymentRecorded;

export const groupSchemeStreamId = (schemeId: string) => `group-scheme-${schemeId}`;
export const schemeMemberSubjectId = (memberId: string) => `scheme-member:${memberId}`;

const PERSONAL = ['firstName', 'lastName', 'saId', 'phone', 'address', 'city', 'postalCode', 'email'];

export function groupSchemePii(event: GroupSchemeEvent): PiiMarking[] | undefined {
  if (event.type !== 'SchemeMemberAdded') return undefined;
  return [
    { subjectId: schemeMemberSubjectId(event.data.memberId), fields: [...PERSONAL, ...(event.data.priorCover ? ['priorCover'] : [])] },
  ];
}

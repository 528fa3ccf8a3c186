import { unknownEvent } from '../command-handling/decider.ts';
import type { PreferredChannel, Relationship } from '../validation/index.ts';
import type { MemberEvent } from './members.events.ts';

export type MemberState =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      memberId: string;
      companyId: string;
      isMainMember: boolean;
      mainMemberId: string | null;
      identifierKey: string;
      firstName: string;
      lastName: string;
      policyIds: string[];
      familyMemberIds: string[];
      /** What prices a life on a policy with a benefit table (issue #22); null when not given (or erased). */
      saId: string | null;
      dateOfBirth: string | null;
      relationship: Relationship | null;
      /** Issue #24: how the member wants to hear from the company (SMS and e-mail as the message goes, by default). */
      communication: { preferredChannel: PreferredChannel; optedOut: boolean };
    };

/** A member that has been registered (active or deleted). */
export type ExistingMember = Exclude<MemberState, { status: 'none' }>;

export const initialMemberState: MemberState = { status: 'none' };

/** The reservation key of a member's identifier within the company: one SA ID or passport, one member. */
export function identifierKey(member: { saId: string | null; passportNumber: string | null }): string {
  return member.saId ? `sa:${member.saId}` : `passport:${(member.passportNumber ?? '').toUpperCase()}`;
}

export function evolveMember(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return {
        status: 'active',
        memberId: d.memberId,
        companyId: d.companyId,
        isMainMember: d.isMainMember,
        mainMemberId: d.mainMemberId,
        identifierKey: identifierKey(d),
        firstName: d.firstName,
        lastName: d.lastName,
        policyIds: d.policyId ? [d.policyId] : [],
        familyMemberIds: [],
        saId: d.saId ?? null,
        dateOfBirth: d.dateOfBirth ?? null,
        relationship: d.relationship ?? null,
        communication: { preferredChannel: 'both', optedOut: false },
      };
    }
    case 'MemberUpdated':
      return state.status === 'none'
        ? state
        : {
            ...state,
            firstName: event.data.firstName,
            lastName: event.data.lastName,
            dateOfBirth: event.data.dateOfBirth ?? null,
            relationship: event.data.relationship !== undefined ? event.data.relationship : state.relationship,
          };
    case 'MemberDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'FamilyMemberAdded':
      return state.status === 'none' ? state : { ...state, familyMemberIds: [...state.familyMemberIds, event.data.familyMemberId] };
    case 'FamilyMemberRemoved':
      return state.status === 'none'
        ? state
        : { ...state, familyMemberIds: state.familyMemberIds.filter((id) => id !== event.data.familyMemberId) };
    case 'MemberPolicyIssued':
      return state.status === 'none' ? state : { ...state, policyIds: [...state.policyIds, event.data.policyId] };
    case 'MemberCommunicationSet':
      return state.status === 'none'
        ? state
        : { ...state, communication: { preferredChannel: event.data.preferredChannel, optedOut: event.data.optedOut } };
    default:
      return unknownEvent(event, state);
  }
}

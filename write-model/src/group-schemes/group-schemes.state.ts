import { unknownEvent } from '../command-handling/decider.ts';
import type { SchemeStatus } from '../validation/index.ts';
import type { GroupSchemeEvent } from './group-schemes.events.ts';

/** What the scheme's deciders need of a person on it (the read model keeps the rest). */
export type SchemeMemberState = {
  memberId: string;
  isMainMember: boolean;
  mainMemberId: string | null;
  firstName: string;
  lastName: string;
  saId: string | null;
  policyId: string;
  policyNumber: string;
};

export type GroupSchemeState =
  | { status: 'none' }
  | {
      status: SchemeStatus;
      schemeId: string;
      companyId: string;
      name: string;
      description: string;
      /** The people currently on the scheme, in the order they joined. */
      members: SchemeMemberState[];
    };

export type ExistingScheme = Exclude<GroupSchemeState, { status: 'none' }>;

export const initialGroupSchemeState: GroupSchemeState = { status: 'none' };

export function evolveGroupScheme(state: GroupSchemeState, event: GroupSchemeEvent): GroupSchemeState {
  switch (event.type) {
    case 'GroupSchemeCreated': {
      const { schemeId, companyId, name, description } = event.data;
      return { status: 'active', schemeId, companyId, name, description, members: [] };
    }
    case 'GroupSchemeUpdated': {
      if (state.status === 'none') return state;
      const { name, description, status } = event.data;
      return { ...state, name, description, status };
    }
    case 'SchemeMemberAdded': {
      if (state.status === 'none') return state;
      const d = event.data;
      const member: SchemeMemberState = {
        memberId: d.memberId,
        isMainMember: d.isMainMember,
        mainMemberId: d.mainMemberId,
        firstName: d.firstName,
        lastName: d.lastName,
        saId: d.saId,
        policyId: d.policyId,
        policyNumber: d.policyNumber,
      };
      return { ...state, members: [...state.members, member] };
    }
    case 'SchemeMemberRemoved':
      return state.status === 'none' ? state : { ...state, members: state.members.filter((m) => m.memberId !== event.data.memberId) };
    case 'GroupPaymentRecorded':
      return state;
    default:
      return unknownEvent(event, state);
  }
}

export const mainMembersOf = (state: ExistingScheme) => state.members.filter((m) => m.isMainMember);
export const familyOf = (state: ExistingScheme, mainMemberId: string) => state.members.filter((m) => m.mainMemberId === mainMemberId);

import { unknownEvent } from '../command-handling/decider.ts';
import type { Role } from '../validation/index.ts';
import type { UserEvent } from './users.events.ts';

export type UserState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: string;
      companyId: string | null;
      role: Role;
      username: string;
      profile: { firstName: string; lastName: string; email: string; phone: string | null };
      /** Deactivated by an administrator (issue #25): no sign-in until reactivated. */
      deactivated: boolean;
    };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        userId: event.data.userId,
        companyId: event.data.companyId,
        role: event.data.role,
        username: event.data.username,
        profile: { firstName: event.data.firstName, lastName: event.data.lastName, email: event.data.email, phone: event.data.phone },
        deactivated: false,
      };
    case 'UserProfileUpdated': {
      if (state.status === 'none') return state;
      const { userId: _id, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'UserPasswordReset':
    case 'UserPasswordChanged':
    case 'UserPasswordResetByAdministrator':
    case 'LoginFailuresRepeated':
      return state;
    case 'UserDeactivated':
    case 'UserReactivated':
      return state.status === 'none' ? state : { ...state, deactivated: event.type === 'UserDeactivated' };
    case 'UserRoleChanged':
      return state.status === 'none' ? state : { ...state, role: event.data.to };
    default:
      return unknownEvent(event, state);
  }
}

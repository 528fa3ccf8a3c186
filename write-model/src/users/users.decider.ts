import { DomainError } from '../errors.ts';
import type { Decider } from '../command-handling/decider.ts';
import type { Role } from '../validation/index.ts';
import type { UserEvent } from './users.events.ts';
import { evolveUser, initialUserState, type UserState } from './users.state.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  companyId: string | null;
  username: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  saId: string | null;
  phone: string | null;
};
export type ResetPassword = { type: 'ResetPassword'; userId: string };
export type UpdateProfile = { type: 'UpdateProfile'; userId: string; firstName: string; lastName: string; email: string; phone: string | null };
export type ChangePassword = { type: 'ChangePassword'; userId: string };
export type RecordLoginFailures = { type: 'RecordLoginFailures'; userId: string; failures: number; windowMinutes: number };
export type UserCommand = RegisterUser | ResetPassword | UpdateProfile | ChangePassword | RecordLoginFailures;

export const USER_NOT_FOUND = 'User not found';

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') throw new DomainError('ALREADY_EXISTS', 'This user already exists');
        const { type: _type, ...data } = command;
        return [{ type: 'UserRegistered', data }];
      }
      case 'ResetPassword':
        if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
        return [{ type: 'UserPasswordReset', data: { userId: command.userId } }];
      case 'UpdateProfile': {
        if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
        const { type: _type, ...data } = command;
        const { profile } = state;
        // Saving the profile as it stands records nothing.
        const unchanged =
          profile.firstName === data.firstName && profile.lastName === data.lastName && profile.email === data.email && profile.phone === data.phone;
        return unchanged ? [] : [{ type: 'UserProfileUpdated', data }];
      }
      case 'ChangePassword':
        if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
        return [{ type: 'UserPasswordChanged', data: { userId: command.userId } }];
      case 'RecordLoginFailures':
        if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
        return [
          {
            type: 'LoginFailuresRepeated',
            data: { userId: command.userId, companyId: state.companyId, failures: command.failures, windowMinutes: command.windowMinutes },
          },
        ];
    }
  },
};

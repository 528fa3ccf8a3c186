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
export type RecordLoginFailures = { type: 'RecordLoginFailures'; userId: string; failures: number; windowMinutes: number };
export type UserCommand = RegisterUser | ResetPassword | RecordLoginFailures;

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

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
export type UserCommand = RegisterUser | ResetPassword;

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
        if (state.status === 'none') throw new DomainError('NOT_FOUND', 'User not found');
        return [{ type: 'UserPasswordReset', data: { userId: command.userId } }];
    }
  },
};

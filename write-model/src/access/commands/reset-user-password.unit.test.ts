import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../command-handling/context.ts';
import { scenario } from '../../command-handling/given-when-then.ts';
import { generateTemporaryPassword } from '../../identity/passwords.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import type { UserEvent } from '../../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../../users/users.state.ts';
import { newPasswordSchema } from '../../validation/index.ts';
import {
  DEACTIVATED_USER_RESET_REFUSED,
  decideResetUserPassword,
  OWN_PASSWORD_RESET_REFUSED,
  type ResetUserPassword,
} from './reset-user-password.ts';

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'admin', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd',
};
const reset = scenario<ResetUserPassword, UserState, UserEvent, UserEvent[]>(
  { initialState: initialUserState, evolve: evolveUser },
  decideResetUserPassword,
  ctx,
);
const registered = (userId: string, companyId = 'c1'): UserEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    companyId,
    username: userId,
    role: 'billing_clerk',
    email: `${userId}@x.co.za`,
    firstName: 'A',
    lastName: 'B',
    saId: null,
    phone: null,
  },
});
const command = (userId: string): ResetUserPassword => ({ userId, companyId: 'c1', actorId: 'admin' });

describe('an administrator resets a staff user’s password (issue #25)', () => {
  it('records the reset, without any password in the event', () => {
    reset
      .given([registered('clerk')])
      .when(command('clerk'))
      .then([{ type: 'UserPasswordResetByAdministrator', data: { userId: 'clerk', companyId: 'c1' } }]);
  });

  it('may be repeated (a second temporary password replaces the first)', () => {
    reset
      .given([registered('clerk'), { type: 'UserPasswordResetByAdministrator', data: { userId: 'clerk', companyId: 'c1' } }])
      .when(command('clerk'))
      .then([{ type: 'UserPasswordResetByAdministrator', data: { userId: 'clerk', companyId: 'c1' } }]);
  });

  it('is not found for no user or another company’s user', () => {
    reset.given([]).when(command('clerk')).thenThrows('NOT_FOUND', USER_NOT_FOUND);
    reset
      .given([registered('clerk', 'c2')])
      .when(command('clerk'))
      .thenThrows('NOT_FOUND', USER_NOT_FOUND);
  });

  it('refuses the administrator’s own account and a deactivated user', () => {
    reset
      .given([registered('admin')])
      .when(command('admin'))
      .thenThrows('RULE_VIOLATED', OWN_PASSWORD_RESET_REFUSED);
    reset
      .given([registered('clerk'), { type: 'UserDeactivated', data: { userId: 'clerk', companyId: 'c1' } }])
      .when(command('clerk'))
      .thenThrows('RULE_VIOLATED', DEACTIVATED_USER_RESET_REFUSED);
  });

  it('generates temporary passwords that meet the new-password rules and differ each time', () => {
    const passwords = Array.from({ length: 50 }, generateTemporaryPassword);
    for (const password of passwords) {
      expect(password).toHaveLength(14);
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    }
    expect(new Set(passwords).size).toBe(50);
  });
});

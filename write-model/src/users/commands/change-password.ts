import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { ConcurrencyError, DomainError, ValidationError } from '../../errors.ts';
import { findPasswordHash } from '../../identity/credentials.ts';
import { hashPassword, verifyPassword } from '../../identity/passwords.ts';
import { revokeSessionsOfUser } from '../../identity/reset-tokens.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { changePasswordSchema } from '../../validation/index.ts';
import { USER_NOT_FOUND } from '../users.decider.ts';
import { userPii, userStreamId, type UserEvent } from '../users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../users.state.ts';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** Thrown before anything is written, so the caller can count it like a failed sign-in. */
export class WrongCurrentPassword extends ValidationError {
  constructor() {
    super(CURRENT_PASSWORD_WRONG, [{ path: ['currentPassword'], message: CURRENT_PASSWORD_WRONG }]);
  }
}

export type ChangePassword = { userId: string };

/** The password of an existing user changed (the hash itself is never an event's). */
export function decideChangePassword(command: ChangePassword, state: UserState): UserEvent[] {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  return [{ type: 'UserPasswordChanged', data: { userId: command.userId } }];
}

/**
 * Settings → change password: the signed-in user proves the current password and chooses a new one
 * under the reset rules. The hash is replaced and every other session of the user revoked in the
 * transaction that records UserPasswordChanged; the session that asked (its token hash) stays.
 */
export async function changePassword(
  store: EventStore,
  sql: SqlExecutor,
  input: unknown,
  ctx: CommandContext,
  options: { keepSessionTokenHash: string | null },
) {
  const userId = ctx.actor.userId;
  if (!userId) throw new DomainError('UNAUTHENTICATED', 'You are not signed in. Please sign in to continue.');
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const storedHash = await findPasswordHash(sql, userId);
  if (!storedHash || !(await verifyPassword(currentPassword, storedHash))) throw new WrongCurrentPassword();
  const passwordHash = await hashPassword(newPassword);
  return handleCommand(store, {
    streamId: userStreamId(userId),
    decider: { initialState: initialUserState, evolve: evolveUser, decide: decideChangePassword },
    command: { userId },
    ctx,
    piiOf: userPii,
    async inTransaction(tx) {
      // Only over the hash that was verified: a concurrent change in between makes this one retry the check.
      const rows = await tx.query(
        `update auth_credentials set password_hash = $2, updated_at = now() where user_id = $1 and password_hash = $3 returning user_id`,
        [userId, passwordHash, storedHash],
      );
      if (rows.length === 0) throw new ConcurrencyError(`credentials-${userId}`, 'verified hash', null);
      await revokeSessionsOfUser(tx, userId, options.keepSessionTokenHash);
    },
  });
}

/** The session the request came with stays signed in; the user's others end. */
export const changePasswordSlice = commandSlice({
  name: 'changePassword',
  operation: 'profile.password',
  input: () => changePasswordSchema,
  handle: ({ store, sql }, { input }, ctx) =>
    changePassword(store, sql, input, ctx, { keepSessionTokenHash: ctx.sessionTokenHash ?? null }),
});

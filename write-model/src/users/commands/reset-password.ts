import type { EventStore } from '../../event-store/types.ts';
import { VISITOR, type CommandContext } from '../../command-handling/context.ts';
import { handleCommand } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { updatePasswordHash } from '../../identity/credentials.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { consumeResetToken, findResetTokenUser, RESET_LINK_INVALID, revokeSessionsOfUser } from '../../identity/reset-tokens.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import { resetPasswordSchema } from '../../validation/index.ts';
import { userDecider } from '../users.decider.ts';
import { userPii, userStreamId } from '../users.events.ts';

/**
 * A forgotten password replaced through the emailed link: the token is consumed, the hash replaced
 * and every session of the user revoked, all in the transaction that records UserPasswordReset.
 */
export async function resetPassword(store: EventStore, sql: SqlExecutor, input: unknown, ctx: CommandContext) {
  const { token, newPassword } = parseInput(resetPasswordSchema, input);
  const userId = await findResetTokenUser(sql, token);
  if (!userId) throw new DomainError('INVALID_TOKEN', RESET_LINK_INVALID);
  const passwordHash = await hashPassword(newPassword);
  return handleCommand(store, {
    streamId: userStreamId(userId),
    decider: userDecider,
    command: { type: 'ResetPassword', userId },
    ctx: { ...ctx, actor: { ...ctx.actor, userId } },
    piiOf: userPii,
    async inTransaction(tx) {
      await consumeResetToken(tx, token, userId);
      await updatePasswordHash(tx, userId, passwordHash);
      await revokeSessionsOfUser(tx, userId);
    },
  });
}

/** POST /api/auth/reset-password: a visitor's command, authorised by the emailed token alone. */
export const resetPasswordSlice = commandSlice({
  name: 'resetPassword',
  operation: 'auth.resetPassword',
  input: () => resetPasswordSchema,
  handle: ({ store, sql }, { input }, ctx) => resetPassword(store, sql, input, { ...ctx, actor: VISITOR }),
});

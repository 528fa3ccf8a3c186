import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { ConcurrencyError, DomainError } from '../../errors.ts';
import { generateTemporaryPassword, hashPassword } from '../../identity/passwords.ts';
import { revokeSessionsOfUser } from '../../identity/reset-tokens.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { userStreamId, type UserEvent } from '../../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../../users/users.state.ts';
import { requireCompanyUserStream } from './change-access.ts';

export type ResetUserPassword = { userId: string; companyId: string; actorId: string };

export const OWN_PASSWORD_RESET_REFUSED = 'You cannot reset your own password here. Change it in Settings → Security.';
export const DEACTIVATED_USER_RESET_REFUSED = 'The user is deactivated. Reactivate them before resetting their password.';

/** A staff user of the company, active, and not the administrator themselves. */
export function decideResetUserPassword(command: ResetUserPassword, state: UserState): UserEvent[] {
  if (state.status === 'none' || state.companyId !== command.companyId) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (command.userId === command.actorId) throw new DomainError('RULE_VIOLATED', OWN_PASSWORD_RESET_REFUSED);
  if (state.deactivated) throw new DomainError('RULE_VIOLATED', DEACTIVATED_USER_RESET_REFUSED);
  return [{ type: 'UserPasswordResetByAdministrator', data: { userId: command.userId, companyId: command.companyId } }];
}

/**
 * POST /api/users/{userId}/reset-password (issue #25). A temporary password replaces the user's password
 * (only its hash is stored) and every session of theirs ends, in the transaction that records the event;
 * the read model then marks them as having to choose a new password before anything else.
 * `temporaryPassword` is null when the command id was seen before (a retried request): the first answer
 * was the only one to carry it, and this retry set nothing.
 */
export async function resetUserPassword(store: EventStore, userId: string, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  await requireCompanyUserStream(store, companyId, userId);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const handled = await handleCommand<ResetUserPassword, UserState, UserEvent>(store, {
    streamId: userStreamId(userId),
    decider: { initialState: initialUserState, evolve: evolveUser, decide: decideResetUserPassword },
    command: { userId, companyId, actorId: ctx.actor.userId ?? '' },
    ctx,
    inTransaction: async (tx) => {
      const rows = await tx.query(
        `update auth_credentials set password_hash = $2, updated_at = now() where user_id = $1 returning user_id`,
        [userId, passwordHash],
      );
      if (rows.length === 0) throw new ConcurrencyError(`credentials-${userId}`, 'a credential', null);
      await revokeSessionsOfUser(tx, userId);
    },
  });
  return { ...handled, userId, temporaryPassword: handled.append.duplicate ? null : temporaryPassword };
}

export const resetUserPasswordSlice = commandSlice({
  name: 'resetUserPassword',
  operation: 'users:update_role',
  target: 'userId',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => resetUserPassword(store, target, ctx),
});

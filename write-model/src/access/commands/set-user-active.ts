import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { revokeSessionsOfUser } from '../../identity/reset-tokens.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { userStreamId, type UserEvent } from '../../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../../users/users.state.ts';
import { requireCompanyUserStream } from './change-access.ts';

export type SetUserActive = { userId: string; companyId: string; actorId: string; active: boolean };

export const OWN_ACCOUNT_REFUSED = 'You cannot deactivate your own account.';

/** Deactivate or reactivate a staff user of the company; not oneself, and not to the state they are in. */
export function decideSetUserActive(command: SetUserActive, state: UserState): UserEvent[] {
  if (state.status === 'none' || state.companyId !== command.companyId) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (!command.active && command.userId === command.actorId) throw new DomainError('RULE_VIOLATED', OWN_ACCOUNT_REFUSED);
  if (state.deactivated === !command.active) {
    throw new DomainError('RULE_VIOLATED', command.active ? 'The user is already active.' : 'The user is already deactivated.');
  }
  const data = { userId: command.userId, companyId: command.companyId };
  return [command.active ? { type: 'UserReactivated', data } : { type: 'UserDeactivated', data }];
}

/**
 * POST /api/users/{userId}/deactivate and /reactivate (issue #25). A deactivation ends the user's sessions in
 * its own transaction; sign-in is refused while deactivated (sessions read the user's state on every request).
 */
export async function setUserActive(store: EventStore, userId: string, active: boolean, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  await requireCompanyUserStream(store, companyId, userId);
  return handleCommand<SetUserActive, UserState, UserEvent>(store, {
    streamId: userStreamId(userId),
    decider: { initialState: initialUserState, evolve: evolveUser, decide: decideSetUserActive },
    command: { userId, companyId, actorId: ctx.actor.userId ?? '', active },
    ctx,
    inTransaction: async (tx) => {
      if (!active) await revokeSessionsOfUser(tx, userId);
    },
  });
}

export const deactivateUserSlice = commandSlice({
  name: 'deactivateUser',
  operation: 'users:update_role',
  target: 'userId',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => setUserActive(store, target, false, ctx),
});

export const reactivateUserSlice = commandSlice({
  name: 'reactivateUser',
  operation: 'users:update_role',
  target: 'userId',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => setUserActive(store, target, true, ctx),
});

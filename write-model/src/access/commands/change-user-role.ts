import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { userRoleSchema } from '../../validation/index.ts';
import { userStreamId, type UserEvent } from '../../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../../users/users.state.ts';
import { assertKeepsOwnRights } from '../access.decider.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { loadAccess, requireCompanyUserStream } from './change-access.ts';

/**
 * PATCH /api/users/{userId}/role. Sessions read the role on every request, so the change applies to
 * the user's live sessions at once. Changing one's own role must keep one's access-management rights.
 */
export async function changeUserRole(store: EventStore, userId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { role } = parseInput(userRoleSchema, input);
  await requireCompanyUserStream(store, companyId, userId);
  if (userId === ctx.actor.userId && ctx.actor.role && ctx.actor.role !== 'super_admin') {
    assertKeepsOwnRights(await loadAccess(store, companyId), [], { userId, role: ctx.actor.role }, role);
  }
  return handleIdempotentCommand<{ role: typeof role }, UserState, UserEvent>(store, {
    streamId: userStreamId(userId),
    decider: {
      initialState: initialUserState,
      evolve: evolveUser,
      decide(command, state) {
        if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
        if (state.role === command.role) return [];
        return [{ type: 'UserRoleChanged', data: { userId, companyId, from: state.role, to: command.role } }];
      },
    },
    command: { role },
    ctx,
  });
}

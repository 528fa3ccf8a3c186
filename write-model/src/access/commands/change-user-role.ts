import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { userRoleSchema, type CompanyRole } from '../../validation/index.ts';
import { userStreamId, type UserEvent } from '../../users/users.events.ts';
import { evolveUser, initialUserState, type UserState } from '../../users/users.state.ts';
import { assertKeepsOwnRights } from '../access.decider.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { loadAccess, requireCompanyUserStream } from './change-access.ts';

export type ChangeUserRole = { userId: string; companyId: string; role: CompanyRole };

/** The user's new role; the role they already have records nothing. */
export function decideChangeUserRole(command: ChangeUserRole, state: UserState): UserEvent[] {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (state.role === command.role) return [];
  return [{ type: 'UserRoleChanged', data: { userId: command.userId, companyId: command.companyId, from: state.role, to: command.role } }];
}

/**
 * PATCH /api/users/{userId}/role. Sessions read the role on every request, so the change applies to
 * the user's live sessions at once. Changing one's own role must keep one's access-management rights.
 */
export async function changeUserRole(store: EventStore, userId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  // An unknown user (or another company's) is 404 before the input is read, as the route always answered.
  await requireCompanyUserStream(store, companyId, userId);
  const { role } = parseInput(userRoleSchema, input);
  if (userId === ctx.actor.userId && ctx.actor.role && ctx.actor.role !== 'super_admin') {
    assertKeepsOwnRights(await loadAccess(store, companyId), [], { userId, role: ctx.actor.role }, role);
  }
  return handleIdempotentCommand<ChangeUserRole, UserState, UserEvent>(store, {
    streamId: userStreamId(userId),
    decider: { initialState: initialUserState, evolve: evolveUser, decide: decideChangeUserRole },
    command: { userId, companyId, role },
    ctx,
  });
}

export const changeUserRoleSlice = commandSlice({
  name: 'changeUserRole',
  operation: 'users:update_role',
  target: 'userId',
  input: () => userRoleSchema,
  handle: ({ store }, { target, input }, ctx) => changeUserRole(store, target, input, ctx),
});

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, loadState } from '../../command-handling/handle.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { COMPANY_ROLES, isPermissionName, type CompanyRole, type PermissionName } from '../../validation/index.ts';
import { userStreamId } from '../../users/users.events.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { evolveUser, initialUserState } from '../../users/users.state.ts';
import { accessStreamId, type AccessEvent } from '../access.events.ts';
import type { AccessActor } from '../access.decider.ts';
import { evolveAccess, initialAccessState, type AccessState } from '../access.state.ts';

/** What the access commands (set a role's permissions, initialize the defaults, grant or revoke one) share. */

export const UNKNOWN_ROLE = 'Unknown role: choose administrator, policy admin, claim admin, billing clerk or agent';
export const UNKNOWN_PERMISSION = 'Unknown permission';

const accessDecider = { initialState: initialAccessState, evolve: evolveAccess };

function actorOf(ctx: CommandContext): AccessActor {
  const { userId, role } = ctx.actor;
  if (!userId || !role || role === 'super_admin') throw new DomainError('FORBIDDEN', 'This action needs a user of a company.');
  return { userId, role };
}

/** Load the company's access stream → decide (with the actor, whose own rights it checks) → append; a change to nothing appends nothing. */
export async function runAccessCommand<Command extends { companyId: string }>(
  store: EventStore,
  command: Command,
  decide: (command: Command, state: AccessState, actor: AccessActor) => AccessEvent[],
  ctx: CommandContext,
) {
  const actor = actorOf(ctx);
  return handleIdempotentCommand<Command, AccessState, AccessEvent>(store, {
    streamId: accessStreamId(command.companyId),
    decider: { ...accessDecider, decide: (c, state) => decide(c, state, actor) },
    command,
    ctx,
  });
}

export function parseRole(value: string): CompanyRole {
  const role = (COMPANY_ROLES as readonly string[]).find((r) => r === value);
  if (!role) throw new DomainError('VALIDATION_FAILED', UNKNOWN_ROLE, [{ path: ['role'], message: UNKNOWN_ROLE }]);
  return role as CompanyRole;
}

export function parsePermission(value: string): PermissionName {
  if (!isPermissionName(value)) throw new NotFoundError(`${UNKNOWN_PERMISSION}: ${value}`);
  return value;
}

/** The target of a per-user override must be a user of the caller's company. */
export async function requireCompanyUserStream(store: EventStore, companyId: string, userId: string) {
  const { state } = await loadState(store, userStreamId(userId), { initialState: initialUserState, evolve: evolveUser });
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(USER_NOT_FOUND);
  return state;
}

/** The company's access state as the write side sees it (for checks by other commands). */
export async function loadAccess(store: EventStore, companyId: string): Promise<AccessState> {
  return (await loadState(store, accessStreamId(companyId), accessDecider)).state;
}

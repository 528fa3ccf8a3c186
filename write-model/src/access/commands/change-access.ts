import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import {
  COMPANY_ROLES,
  isPermissionName,
  rolePermissionsSchema,
  type CompanyRole,
  type PermissionName,
} from '../../validation/index.ts';
import { userStreamId } from '../../users/users.events.ts';
import { USER_NOT_FOUND } from '../../users/users.decider.ts';
import { evolveUser, initialUserState } from '../../users/users.state.ts';
import { accessStreamId, type AccessEvent } from '../access.events.ts';
import { decideAccess, type AccessActor, type AccessCommand } from '../access.decider.ts';
import { evolveAccess, initialAccessState, type AccessState } from '../access.state.ts';

export const UNKNOWN_ROLE = 'Unknown role: choose administrator, policy admin, claim admin, billing clerk or agent';
export const UNKNOWN_PERMISSION = 'Unknown permission';

const accessDecider = { initialState: initialAccessState, evolve: evolveAccess };

function actorOf(ctx: CommandContext): AccessActor {
  const { userId, role } = ctx.actor;
  if (!userId || !role || role === 'super_admin') throw new DomainError('FORBIDDEN', 'This action needs a user of a company.');
  return { userId, role };
}

async function run(store: EventStore, command: AccessCommand, ctx: CommandContext) {
  const actor = actorOf(ctx);
  return handleIdempotentCommand<AccessCommand, AccessState, AccessEvent>(store, {
    streamId: accessStreamId(command.companyId),
    decider: { ...accessDecider, decide: (c, state) => decideAccess(c, state, actor) },
    command,
    ctx,
  });
}

export function parseRole(value: string): CompanyRole {
  const role = (COMPANY_ROLES as readonly string[]).find((r) => r === value);
  if (!role) throw new DomainError('VALIDATION_FAILED', UNKNOWN_ROLE, [{ path: ['role'], message: UNKNOWN_ROLE }]);
  return role as CompanyRole;
}

function parsePermission(value: string): PermissionName {
  if (!isPermissionName(value)) throw new NotFoundError(`${UNKNOWN_PERMISSION}: ${value}`);
  return value;
}

/** The target of a per-user override must be a user of the caller's company. */
export async function requireCompanyUserStream(store: EventStore, companyId: string, userId: string) {
  const { state } = await loadState(store, userStreamId(userId), { initialState: initialUserState, evolve: evolveUser });
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(USER_NOT_FOUND);
  return state;
}

/** PUT /api/roles/{role}/permissions {permissionIds}: the role's full new set for this company. */
export async function setRolePermissions(store: EventStore, roleName: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const role = parseRole(roleName);
  const { permissionIds } = parseInput(rolePermissionsSchema, input);
  const unknown = permissionIds.filter((id) => !isPermissionName(id));
  if (unknown.length > 0) {
    const message = `${UNKNOWN_PERMISSION}: ${unknown.join(', ')}`;
    throw new DomainError('VALIDATION_FAILED', message, [{ path: ['permissionIds'], message }]);
  }
  return run(store, { type: 'SetRolePermissions', companyId, role, permissions: permissionIds as PermissionName[] }, ctx);
}

/** POST /api/permissions/initialize: every role back to its default set; a second run changes nothing. */
export async function initializeDefaultPermissions(store: EventStore, ctx: CommandContext) {
  return run(store, { type: 'InitializeDefaultPermissions', companyId: requireCompany(ctx) }, ctx);
}

/** POST /api/users/{userId}/permissions/{permissionName}/grant|revoke. */
export async function overridePermission(
  store: EventStore,
  effect: 'grant' | 'revoke',
  userId: string,
  permissionName: string,
  ctx: CommandContext,
) {
  const companyId = requireCompany(ctx);
  const permission = parsePermission(permissionName);
  await requireCompanyUserStream(store, companyId, userId);
  const type = effect === 'grant' ? 'GrantPermission' : 'RevokePermission';
  return run(store, { type, companyId, userId, permission }, ctx);
}

/** The company's access state as the write side sees it (for checks by other commands). */
export async function loadAccess(store: EventStore, companyId: string): Promise<AccessState> {
  return (await loadState(store, accessStreamId(companyId), accessDecider)).state;
}

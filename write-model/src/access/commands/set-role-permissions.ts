import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { isPermissionName, rolePermissionsSchema, type CompanyRole, type PermissionName } from '../../validation/index.ts';
import type { AccessEvent } from '../access.events.ts';
import { keepingOwnRights, sameSet, type AccessActor } from '../access.decider.ts';
import type { AccessState } from '../access.state.ts';
import { parseRole, runAccessCommand, UNKNOWN_PERMISSION } from './change-access.ts';

export type SetRolePermissions = { type: 'SetRolePermissions'; companyId: string; role: CompanyRole; permissions: PermissionName[] };

/** The role's whole new set for this company; the same set again records nothing. */
export function decideSetRolePermissions(command: SetRolePermissions, state: AccessState, actor: AccessActor): AccessEvent[] {
  const { companyId } = command;
  const permissions = [...new Set(command.permissions)].sort();
  if (sameSet(state.roles[command.role], permissions)) return keepingOwnRights(state, [], actor);
  return keepingOwnRights(
    state,
    [{ type: 'RolePermissionsSet', data: { companyId, role: command.role, permissions, reason: 'changed' } }],
    actor,
  );
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
  return runAccessCommand(
    store,
    { type: 'SetRolePermissions', companyId, role, permissions: permissionIds as PermissionName[] },
    decideSetRolePermissions,
    ctx,
  );
}

export const setRolePermissionsSlice = commandSlice({
  name: 'setRolePermissions',
  operation: 'roles:manage',
  target: 'role',
  input: () => rolePermissionsSchema,
  handle: ({ store }, { target, input }, ctx) => setRolePermissions(store, target, input, ctx),
});

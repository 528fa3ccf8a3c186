import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { scenario } from '../command-handling/given-when-then.ts';
import { DEFAULT_ROLE_PERMISSIONS, type PermissionName } from '../validation/index.ts';
import type { AccessEvent } from './access.events.ts';
import { OWN_ADMIN_RIGHTS, type AccessActor } from './access.decider.ts';
import { effectivePermissions, evolveAccess, initialAccessState, type AccessState } from './access.state.ts';
import { decideInitializeDefaultPermissions, type InitializeDefaultPermissions } from './commands/initialize-default-permissions.ts';
import { decideOverridePermission, type OverridePermission } from './commands/override-permission.ts';
import { decideSetRolePermissions, type SetRolePermissions } from './commands/set-role-permissions.ts';

/** The access commands' decides (each in its command's file), by command type. */
type AccessCommand = SetRolePermissions | InitializeDefaultPermissions | OverridePermission;
function decideAccess(command: AccessCommand, state: AccessState, actor: AccessActor): AccessEvent[] {
  if (command.type === 'SetRolePermissions') return decideSetRolePermissions(command, state, actor);
  if (command.type === 'InitializeDefaultPermissions') return decideInitializeDefaultPermissions(command, state, actor);
  return decideOverridePermission(command, state, actor);
}

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'admin', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd',
};
const admin = { userId: 'admin', role: 'administrator' as const };
const access = scenario<AccessCommand, AccessState, AccessEvent, AccessEvent[]>(
  { initialState: initialAccessState, evolve: evolveAccess },
  (command, state) => decideAccess(command, state, admin),
  ctx,
);
const revoked = (userId: string, permission: PermissionName): AccessEvent => ({
  type: 'UserPermissionRevoked',
  data: { companyId: 'c1', userId, permission },
});
const roleSet = (role: 'agent' | 'administrator', permissions: PermissionName[]): AccessEvent => ({
  type: 'RolePermissionsSet',
  data: { companyId: 'c1', role, permissions, reason: 'changed' },
});

describe('role permission sets', () => {
  it('given the defaults, when a role gets a new set, then RolePermissionsSet with the sorted set', () => {
    access
      .given([])
      .when({ type: 'SetRolePermissions', companyId: 'c1', role: 'agent', permissions: ['sales:read', 'agents:read'] })
      .then([roleSet('agent', ['agents:read', 'sales:read'])]);
  });

  it('given a set, when the same set is sent again, then nothing is recorded', () => {
    access
      .given([roleSet('agent', ['agents:read'])])
      .when({ type: 'SetRolePermissions', companyId: 'c1', role: 'agent', permissions: ['agents:read'] })
      .then([]);
  });

  it('given changed roles, when defaults are initialized, then only the changed roles are reset; a second run records nothing', () => {
    const first = access
      .given([roleSet('agent', [])])
      .when({ type: 'InitializeDefaultPermissions', companyId: 'c1' })
      .decided();
    expect(first).toEqual([
      {
        type: 'RolePermissionsSet',
        data: { companyId: 'c1', role: 'agent', permissions: [...DEFAULT_ROLE_PERMISSIONS.agent].sort(), reason: 'defaults' },
      },
    ]);
    access
      .given([roleSet('agent', []), ...first])
      .when({ type: 'InitializeDefaultPermissions', companyId: 'c1' })
      .then([]);
  });

  it('refuses an administrator taking access management away from their own role', () => {
    access
      .given([])
      .when({ type: 'SetRolePermissions', companyId: 'c1', role: 'administrator', permissions: ['members:read'] })
      .thenThrows('RULE_VIOLATED', OWN_ADMIN_RIGHTS);
  });

  it('allows it when the administrator keeps the rights through a personal grant', () => {
    const given: AccessEvent[] = [
      { type: 'UserPermissionGranted', data: { companyId: 'c1', userId: 'admin', permission: 'roles:manage' } },
      { type: 'UserPermissionGranted', data: { companyId: 'c1', userId: 'admin', permission: 'users:update_role' } },
    ];
    expect(
      access
        .given(given)
        .when({ type: 'SetRolePermissions', companyId: 'c1', role: 'administrator', permissions: ['members:read'] })
        .decided(),
    ).toHaveLength(1);
  });
});

describe('per-user overrides', () => {
  it('revoke removes a role permission from the user only; a later grant restores it', () => {
    const state = [revoked('u2', 'members:create')].reduce(evolveAccess, initialAccessState);
    expect(effectivePermissions(state, 'u2', 'policy_admin').has('members:create')).toBe(false);
    expect(effectivePermissions(state, 'u3', 'policy_admin').has('members:create')).toBe(true);
    const regranted = evolveAccess(state, {
      type: 'UserPermissionGranted',
      data: { companyId: 'c1', userId: 'u2', permission: 'members:create' },
    });
    expect(effectivePermissions(regranted, 'u2', 'policy_admin').has('members:create')).toBe(true);
  });

  it('a grant beyond the role adds to the user only', () => {
    access
      .given([])
      .when({ type: 'GrantPermission', companyId: 'c1', userId: 'u2', permission: 'reports:read' })
      .then([{ type: 'UserPermissionGranted', data: { companyId: 'c1', userId: 'u2', permission: 'reports:read' } }]);
  });

  it('repeating the same override records nothing', () => {
    access
      .given([revoked('u2', 'claims:read')])
      .when({ type: 'RevokePermission', companyId: 'c1', userId: 'u2', permission: 'claims:read' })
      .then([]);
  });

  it('refuses an administrator revoking their own access management', () => {
    access
      .given([])
      .when({ type: 'RevokePermission', companyId: 'c1', userId: 'admin', permission: 'roles:manage' })
      .thenThrows('RULE_VIOLATED', OWN_ADMIN_RIGHTS);
  });
});

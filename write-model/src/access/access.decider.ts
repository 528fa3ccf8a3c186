import { DomainError } from '../errors.ts';
import {
  ACCESS_ADMINISTRATION,
  COMPANY_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  type CompanyRole,
  type PermissionName,
} from '../validation/index.ts';
import type { AccessEvent } from './access.events.ts';
import { effectivePermissions, evolveAccess, type AccessState } from './access.state.ts';

export const OWN_ADMIN_RIGHTS = 'You cannot remove your own administrator rights';

/** Who is changing access: their own rights are checked against the state after the change. */
export type AccessActor = { userId: string; role: CompanyRole };

export type AccessCommand =
  | { type: 'SetRolePermissions'; companyId: string; role: CompanyRole; permissions: PermissionName[] }
  | { type: 'InitializeDefaultPermissions'; companyId: string }
  | { type: 'GrantPermission'; companyId: string; userId: string; permission: PermissionName }
  | { type: 'RevokePermission'; companyId: string; userId: string; permission: PermissionName };

export function decideAccess(command: AccessCommand, state: AccessState, actor: AccessActor): AccessEvent[] {
  const events = decide(command, state);
  assertKeepsOwnRights(state, events, actor);
  return events;
}

function decide(command: AccessCommand, state: AccessState): AccessEvent[] {
  const { companyId } = command;
  switch (command.type) {
    case 'SetRolePermissions': {
      const permissions = [...new Set(command.permissions)].sort();
      if (sameSet(state.roles[command.role], permissions)) return [];
      return [{ type: 'RolePermissionsSet', data: { companyId, role: command.role, permissions, reason: 'changed' } }];
    }
    case 'InitializeDefaultPermissions':
      // Idempotent: only roles whose set differs from the defaults are written.
      return COMPANY_ROLES.filter((role) => !sameSet(state.roles[role], DEFAULT_ROLE_PERMISSIONS[role])).map((role) => ({
        type: 'RolePermissionsSet' as const,
        data: { companyId, role, permissions: [...DEFAULT_ROLE_PERMISSIONS[role]].sort(), reason: 'defaults' as const },
      }));
    case 'GrantPermission':
    case 'RevokePermission': {
      const effect = command.type === 'GrantPermission' ? 'grant' : 'revoke';
      if (state.overrides.get(command.userId)?.get(command.permission) === effect) return [];
      const data = { companyId, userId: command.userId, permission: command.permission };
      return [effect === 'grant' ? { type: 'UserPermissionGranted', data } : { type: 'UserPermissionRevoked', data }];
    }
  }
}

/** An administrator may not lock themselves (and so possibly everyone) out of access management. */
export function assertKeepsOwnRights(state: AccessState, events: AccessEvent[], actor: AccessActor, roleAfter = actor.role) {
  const after = events.reduce(evolveAccess, state);
  const rights = effectivePermissions(after, actor.userId, roleAfter);
  if (ACCESS_ADMINISTRATION.some((permission) => !rights.has(permission))) {
    throw new DomainError('RULE_VIOLATED', OWN_ADMIN_RIGHTS);
  }
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]): boolean {
  const unique = new Set(b);
  return a.size === unique.size && [...unique].every((p) => a.has(p));
}

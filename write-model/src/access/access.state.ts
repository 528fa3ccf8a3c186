import { unknownEvent } from '../command-handling/decider.ts';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS, type CompanyRole, type PermissionName } from '../validation/index.ts';
import type { AccessEvent } from './access.events.ts';

export type Effect = 'grant' | 'revoke';

export type AccessState = {
  roles: Record<CompanyRole, ReadonlySet<PermissionName>>;
  /** userId → permission → the latest override. */
  overrides: ReadonlyMap<string, ReadonlyMap<PermissionName, Effect>>;
};

export function defaultRoleSets(): AccessState['roles'] {
  const roles = {} as Record<CompanyRole, ReadonlySet<PermissionName>>;
  for (const role of COMPANY_ROLES) roles[role] = new Set(DEFAULT_ROLE_PERMISSIONS[role]);
  return roles;
}

export const initialAccessState: AccessState = { roles: defaultRoleSets(), overrides: new Map() };

export function evolveAccess(state: AccessState, event: AccessEvent): AccessState {
  switch (event.type) {
    case 'RolePermissionsSet':
      return { ...state, roles: { ...state.roles, [event.data.role]: new Set(event.data.permissions) } };
    case 'UserPermissionGranted':
    case 'UserPermissionRevoked': {
      const { userId, permission } = event.data;
      const mine = new Map(state.overrides.get(userId));
      mine.set(permission, event.type === 'UserPermissionGranted' ? 'grant' : 'revoke');
      const overrides = new Map(state.overrides);
      overrides.set(userId, mine);
      return { ...state, overrides };
    }
    default:
      return unknownEvent(event, state);
  }
}

/** Role set + grants − revokes: the one definition the write side and the read model share. */
export function effectivePermissions(state: AccessState, userId: string, role: CompanyRole): Set<PermissionName> {
  const effective = new Set(state.roles[role]);
  for (const [permission, effect] of state.overrides.get(userId) ?? []) {
    if (effect === 'grant') effective.add(permission);
    else effective.delete(permission);
  }
  return effective;
}

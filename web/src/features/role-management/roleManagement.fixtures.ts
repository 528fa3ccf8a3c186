import {
  DEFAULT_ROLE_PERMISSIONS,
  permissionsByResource,
  ROLE_DESCRIPTIONS,
  roleLabel,
  type CompanyRole,
} from '@fpa/write-model/validation';
import type { CompanyUserRow, RoleOption, UserPermissions } from './roleManagement.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function companyUser(overrides: Partial<CompanyUserRow> = {}): CompanyUserRow & { __typename: 'CompanyUser' } {
  return {
    __typename: 'CompanyUser',
    id: 'u1',
    username: 'thandi',
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    role: 'administrator',
    isActive: true,
    mustChangePassword: false,
    ...overrides,
  };
}

export function roleOption(role: CompanyRole, overrides: Partial<RoleOption> = {}): RoleOption & { __typename: 'RoleOption' } {
  return {
    __typename: 'RoleOption',
    value: role,
    label: roleLabel(role),
    description: ROLE_DESCRIPTIONS[role],
    userCount: 0,
    permissions: [...DEFAULT_ROLE_PERMISSIONS[role]],
    ...overrides,
  };
}

/** The catalogue as the gateway groups it. */
export const permissionGroupsAnswer = {
  data: {
    permissionGroups: Object.entries(permissionsByResource()).map(([resource, permissions]) => ({
      __typename: 'PermissionGroup',
      resource,
      permissions: permissions.map((p) => ({ __typename: 'Permission', ...p })),
    })),
  },
};

export function userPermissions(overrides: Partial<UserPermissions> = {}): UserPermissions & { __typename: 'UserPermissions' } {
  return {
    __typename: 'UserPermissions',
    userId: 'u2',
    role: 'billing_clerk',
    effectivePermissions: [...DEFAULT_ROLE_PERMISSIONS.billing_clerk],
    userOverrides: [],
    ...overrides,
  };
}

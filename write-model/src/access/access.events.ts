import type { CompanyRole, PermissionName } from '../validation/index.ts';

/*
 * A company's access settings: one stream per company. Role sets start as the defaults
 * (DEFAULT_ROLE_PERMISSIONS) at registration; these events record every change after that.
 */

/** A role's whole set replaced (the role screen's toggle, or 'Initialize Default Permissions'). */
export type RolePermissionsSet = {
  type: 'RolePermissionsSet';
  data: { companyId: string; role: CompanyRole; permissions: PermissionName[]; reason: 'changed' | 'defaults' };
};

/** A per-user override: granted beyond the role's set, or revoked from it. The latest override wins. */
export type UserPermissionGranted = {
  type: 'UserPermissionGranted';
  data: { companyId: string; userId: string; permission: PermissionName };
};
export type UserPermissionRevoked = {
  type: 'UserPermissionRevoked';
  data: { companyId: string; userId: string; permission: PermissionName };
};

export type AccessEvent = RolePermissionsSet | UserPermissionGranted | UserPermissionRevoked;

export const accessStreamId = (companyId: string) => `access-${companyId}`;

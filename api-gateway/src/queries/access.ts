import { NotFoundError, parseRole } from '@fpa/write-model';
import {
  COMPANY_ROLES,
  PERMISSIONS,
  permissionsByResource,
  ROLE_DESCRIPTIONS,
  roleLabel,
  type CompanyRole,
  type Permission,
} from '@fpa/write-model/validation';
import {
  companyRoleSets,
  companyUsers as companyUsersQuery,
  effectivePermissionNames,
  findUserById,
  userPermissionOverrides,
  type PermissionOverrideRow,
  type UserRow,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';
import { tenantRead, tenantSql } from './tenant.ts';

export type RoleOption = { value: CompanyRole; label: string; description: string; userCount: number; permissions: string[] };
export type UserPermissionsAnswer = {
  userId: string;
  role: string;
  effectivePermissions: string[];
  userOverrides: PermissionOverrideRow[];
};
export type CompanyUser = Omit<UserRow, 'companyId'>;

export function companyUser({ companyId: _companyId, ...user }: UserRow): CompanyUser {
  return user;
}

/** A user of the caller's company, or 404 (another company's id reads as unknown). */
export async function userOfCompany(ctx: RequestContext, companyId: string, userId: string): Promise<UserRow> {
  const user = await findUserById(tenantSql(ctx, companyId), userId).catch(() => null);
  if (!user || user.companyId !== companyId) throw new NotFoundError('User not found');
  return user;
}

export function permissions(ctx: RequestContext): { permissions: readonly Permission[]; grouped: Record<string, Permission[]> } {
  requireCompanyUser(ctx.user, 'roles:read');
  return { permissions: PERMISSIONS, grouped: permissionsByResource() };
}

export async function roles(ctx: RequestContext): Promise<RoleOption[]> {
  const [sql, companyId] = tenantRead(ctx, 'roles:read');
  const [sets, users] = await Promise.all([companyRoleSets(sql, companyId), companyUsersQuery(sql, companyId)]);
  return COMPANY_ROLES.map((role) => ({
    value: role,
    label: roleLabel(role),
    description: ROLE_DESCRIPTIONS[role],
    userCount: users.filter((u) => u.role === role && u.isActive).length,
    permissions: sets.get(role) ?? [],
  }));
}

export async function rolePermissions(ctx: RequestContext, roleName: string): Promise<Permission[]> {
  const [sql, companyId] = tenantRead(ctx, 'roles:read');
  const role = parseRole(roleName);
  const names = new Set((await companyRoleSets(sql, companyId)).get(role) ?? []);
  return PERMISSIONS.filter((p) => names.has(p.name));
}

export async function companyUsers(ctx: RequestContext): Promise<CompanyUser[]> {
  return (await companyUsersQuery(...tenantRead(ctx, 'users:read'))).map(companyUser);
}

export async function userPermissions(ctx: RequestContext, userId: string): Promise<UserPermissionsAnswer> {
  const [sql, companyId] = tenantRead(ctx, 'roles:read');
  const user = await userOfCompany(ctx, companyId, userId);
  const [effectivePermissions, userOverrides] = await Promise.all([
    effectivePermissionNames(sql, companyId, user.id, user.role),
    userPermissionOverrides(sql, companyId, user.id),
  ]);
  return { userId: user.id, role: user.role, effectivePermissions, userOverrides };
}

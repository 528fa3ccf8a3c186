import {
  changeUserRole as changeUserRoleCommand,
  createUser as createUserCommand,
  initializeDefaultPermissions as initializeCommand,
  NotFoundError,
  overridePermission,
  parseRole,
  setRolePermissions as setRolePermissionsCommand,
} from '@fpa/write-model';
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
import { requireCompanyUser, type Operation } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantSql } from './tenant.ts';

export type RoleOption = { value: CompanyRole; label: string; description: string; userCount: number; permissions: string[] };
export type UserPermissionsAnswer = { userId: string; role: string; effectivePermissions: string[]; userOverrides: PermissionOverrideRow[] };
export type CompanyUser = Omit<UserRow, 'companyId'>;

function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { companyId: user.companyId, command: commandFor(ctx) };
}

function companyUser({ companyId: _companyId, ...user }: UserRow): CompanyUser {
  return user;
}

/** A user of the caller's company, or 404 (another company's id reads as unknown). */
async function userOfCompany(ctx: RequestContext, companyId: string, userId: string): Promise<UserRow> {
  const user = await findUserById(tenantSql(ctx, companyId), userId).catch(() => null);
  if (!user || user.companyId !== companyId) throw new NotFoundError('User not found');
  return user;
}

export function permissions(ctx: RequestContext): { permissions: readonly Permission[]; grouped: Record<string, Permission[]> } {
  requireCompanyUser(ctx.user, 'roles:read');
  return { permissions: PERMISSIONS, grouped: permissionsByResource() };
}

export async function roles(ctx: RequestContext): Promise<RoleOption[]> {
  const { companyId } = caller(ctx, 'roles:read');
  const [sets, users] = await Promise.all([companyRoleSets(tenantSql(ctx, companyId), companyId), companyUsersQuery(tenantSql(ctx, companyId), companyId)]);
  return COMPANY_ROLES.map((role) => ({
    value: role,
    label: roleLabel(role),
    description: ROLE_DESCRIPTIONS[role],
    userCount: users.filter((u) => u.role === role && u.isActive).length,
    permissions: sets.get(role) ?? [],
  }));
}

export async function rolePermissions(ctx: RequestContext, roleName: string): Promise<Permission[]> {
  const { companyId } = caller(ctx, 'roles:read');
  const role = parseRole(roleName);
  const names = new Set((await companyRoleSets(tenantSql(ctx, companyId), companyId)).get(role) ?? []);
  return PERMISSIONS.filter((p) => names.has(p.name));
}

export async function companyUsers(ctx: RequestContext): Promise<CompanyUser[]> {
  const { companyId } = caller(ctx, 'users:read');
  return (await companyUsersQuery(tenantSql(ctx, companyId), companyId)).map(companyUser);
}

export async function userPermissions(ctx: RequestContext, userId: string): Promise<UserPermissionsAnswer> {
  const { companyId } = caller(ctx, 'roles:read');
  const user = await userOfCompany(ctx, companyId, userId);
  const sql = tenantSql(ctx, companyId);
  const [effectivePermissions, userOverrides] = await Promise.all([
    effectivePermissionNames(sql, companyId, user.id, user.role),
    userPermissionOverrides(sql, companyId, user.id),
  ]);
  return { userId: user.id, role: user.role, effectivePermissions, userOverrides };
}

export async function createUser(ctx: RequestContext, input: unknown): Promise<CompanyUser> {
  const { companyId, command } = caller(ctx, 'users:create');
  const { userId, append } = await createUserCommand(ctx.services.store, input, command);
  await readYourWrites(ctx, append);
  return companyUser(await userOfCompany(ctx, companyId, userId));
}

export async function changeUserRole(ctx: RequestContext, userId: string, input: unknown): Promise<CompanyUser> {
  const { companyId, command } = caller(ctx, 'users:update_role');
  await userOfCompany(ctx, companyId, userId);
  const { append } = await changeUserRoleCommand(ctx.services.store, userId, input, command);
  if (append) await readYourWrites(ctx, append);
  return companyUser(await userOfCompany(ctx, companyId, userId));
}

export async function setRolePermissions(ctx: RequestContext, role: string, input: unknown): Promise<RoleOption> {
  const { command } = caller(ctx, 'roles:manage');
  const { append } = await setRolePermissionsCommand(ctx.services.store, role, input, command);
  if (append) await readYourWrites(ctx, append);
  return (await roles(ctx)).find((r) => r.value === role)!;
}

export async function initializeDefaultPermissions(ctx: RequestContext): Promise<RoleOption[]> {
  const { command } = caller(ctx, 'roles:manage');
  const { append } = await initializeCommand(ctx.services.store, command);
  if (append) await readYourWrites(ctx, append);
  return roles(ctx);
}

export async function changeUserPermission(
  ctx: RequestContext,
  effect: 'grant' | 'revoke',
  userId: string,
  permission: string,
): Promise<UserPermissionsAnswer> {
  const { companyId, command } = caller(ctx, 'roles:manage');
  await userOfCompany(ctx, companyId, userId);
  const { append } = await overridePermission(ctx.services.store, effect, userId, permission, command);
  if (append) await readYourWrites(ctx, append);
  return userPermissions(ctx, userId);
}

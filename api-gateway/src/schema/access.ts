import { enumForValues, enumType } from '../commands/graphql-input.ts';
import { COMPANY_ROLES, type Permission } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import * as access from '../queries/access.ts';
import { RoleEnum } from './auth.ts';

/** A company role (every role but super_admin) is a Role in the generated inputs: the input's schema refuses super_admin. */
enumForValues(COMPANY_ROLES, RoleEnum);

const PermissionType = builder.objectRef<Permission>('Permission').implement({
  description: "A resource × action right, e.g. 'members:create'. Its id is its name.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    resource: t.exposeString('resource', { description: 'The category the role screens group by.' }),
    action: t.exposeString('action'),
    description: t.exposeString('description'),
  }),
});

const PermissionGroupType = builder.objectRef<{ resource: string; permissions: Permission[] }>('PermissionGroup').implement({
  fields: (t) => ({
    resource: t.exposeString('resource'),
    permissions: t.field({ type: [PermissionType], resolve: (g) => g.permissions }),
  }),
});

export const RoleOptionType = builder.objectRef<access.RoleOption>('RoleOption').implement({
  fields: (t) => ({
    value: t.field({ type: RoleEnum, resolve: (r) => r.value }),
    label: t.exposeString('label'),
    description: t.exposeString('description'),
    userCount: t.exposeInt('userCount', { description: 'Active users of the company with this role.' }),
    permissions: t.exposeStringList('permissions', { description: "This company's current set for the role." }),
  }),
});

export const CompanyUserType = builder.objectRef<access.CompanyUser>('CompanyUser').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    role: t.field({ type: RoleEnum, resolve: (u) => u.role }),
    phone: t.exposeString('phone', { nullable: true }),
    isActive: t.exposeBoolean('isActive'),
    mustChangePassword: t.exposeBoolean('mustChangePassword', { description: 'Signed in next with a temporary password (issue #25).' }),
    createdAt: t.string({ resolve: (u) => u.createdAt.toISOString() }),
  }),
});

export const TemporaryPasswordIssuedType = builder
  .objectRef<{ user: access.CompanyUser; temporaryPassword: string | null }>('TemporaryPasswordIssued')
  .implement({
    description: 'An administrator reset a staff user’s password (issue #25).',
    fields: (t) => ({
      user: t.field({ type: CompanyUserType, resolve: (a) => a.user }),
      temporaryPassword: t.exposeString('temporaryPassword', {
        nullable: true,
        description: 'Shown once, stored only as a hash; null when the request was a retry of one already answered.',
      }),
    }),
  });

const PermissionEffectEnum = enumType('PermissionEffect', { values: ['grant', 'revoke'] as const });

const PermissionOverrideType = builder.objectRef<access.UserPermissionsAnswer['userOverrides'][number]>('PermissionOverride').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    effect: t.field({ type: PermissionEffectEnum, resolve: (o) => o.effect }),
  }),
});

export const UserPermissionsType = builder.objectRef<access.UserPermissionsAnswer>('UserPermissions').implement({
  description: 'Effective = the role set + grants − revokes.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    role: t.field({ type: RoleEnum, resolve: (u) => u.role as access.RoleOption['value'] }),
    effectivePermissions: t.exposeStringList('effectivePermissions'),
    userOverrides: t.field({ type: [PermissionOverrideType], resolve: (u) => u.userOverrides }),
  }),
});

builder.queryFields((t) => ({
  permissions: t.field({ type: [PermissionType], resolve: (_r, _a, ctx) => access.permissions(ctx).permissions }),
  permissionGroups: t.field({
    type: [PermissionGroupType],
    resolve: (_r, _a, ctx) => Object.entries(access.permissions(ctx).grouped).map(([resource, permissions]) => ({ resource, permissions })),
  }),
  roles: t.field({
    type: [RoleOptionType],
    description: 'The company roles (never super_admin).',
    resolve: (_r, _a, ctx) => access.roles(ctx),
  }),
  companyUsers: t.field({ type: [CompanyUserType], resolve: (_r, _a, ctx) => access.companyUsers(ctx) }),
  userPermissions: t.field({
    type: UserPermissionsType,
    args: { userId: t.arg.id({ required: true }) },
    resolve: (_r, { userId }, ctx) => access.userPermissions(ctx, String(userId)),
  }),
}));

import { z } from 'zod';
import type { PermissionOverrideRow, UserRow } from '@fpa/projections';
import { COMPANY_ROLES, PERMISSION_NAMES, ROLES } from '@fpa/write-model/validation';
import { id, instant, named, rowOf, type AnswerMap } from './shapes.ts';

const permissionName = z.enum(PERMISSION_NAMES as [string, ...string[]]);

const permission = named(
  'Permission',
  z.strictObject({ id: permissionName, name: permissionName, resource: z.string(), action: z.string(), description: z.string() }),
);

const companyUser = named(
  'CompanyUser',
  rowOf<Omit<UserRow, 'companyId'>>()(
    z.strictObject({
      id,
      username: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      role: z.enum(ROLES),
      phone: z.string().nullable(),
      isActive: z.boolean(),
      mustChangePassword: z.boolean(),
      createdAt: instant,
    }),
  ),
);

const userPermissions = named(
  'UserPermissions',
  z.strictObject({
    userId: id,
    role: z.string(),
    effectivePermissions: z.array(z.string()),
    userOverrides: z.array(rowOf<PermissionOverrideRow>()(z.strictObject({ name: z.string(), effect: z.enum(['grant', 'revoke']) }))),
  }),
);

const role = named(
  'Role',
  z.strictObject({
    value: z.enum(COMPANY_ROLES),
    label: z.string(),
    description: z.string(),
    userCount: z.int(),
    permissions: z.array(z.string()),
  }),
);

/** Spec part 2 §7 Role management. */
export const accessAnswers: AnswerMap = {
  'GET /api/users': { summary: 'The company’s users', answer: z.array(companyUser) },
  'POST /api/users': { summary: 'Create a user of the company', answer: companyUser },
  'POST /api/users/:userId/deactivate': {
    summary: 'Deactivate a staff user: their sessions end and sign-in is refused; their history stays (not your own account)',
    answer: companyUser,
  },
  'POST /api/users/:userId/reset-password': {
    summary: 'Reset a staff user’s password to a temporary one, shown only in this answer',
    description:
      'Their sessions end; at their next sign-in every call but changing the password is refused (403 PASSWORD_CHANGE_REQUIRED). Not your own account, not a deactivated user. temporaryPassword is null when the request is a retry of one already answered.',
    answer: named('TemporaryPasswordIssued', z.strictObject({ user: companyUser, temporaryPassword: z.string().nullable() })),
  },
  'POST /api/users/:userId/reactivate': { summary: 'Reactivate a deactivated staff user', answer: companyUser },
  'PATCH /api/users/:userId/role': { summary: 'Change a user’s role', answer: companyUser },
  'GET /api/users/:userId/permissions': { summary: 'A user’s effective permissions and personal grants/revokes', answer: userPermissions },
  'POST /api/users/:userId/permissions/:permission/grant': {
    summary: 'Grant a user one permission beyond their role',
    answer: userPermissions,
  },
  'POST /api/users/:userId/permissions/:permission/revoke': {
    summary: 'Revoke one permission of a user’s role from them',
    answer: userPermissions,
  },
  'GET /api/permissions': {
    summary: 'The permission catalogue, also grouped by resource',
    answer: z.strictObject({ permissions: z.array(permission), grouped: z.record(z.string(), z.array(permission)) }),
  },
  'POST /api/permissions/initialize': { summary: 'Reset every role to its default permissions', answer: z.array(role) },
  'GET /api/roles': { summary: 'The company roles with their permissions and user counts', answer: z.array(role) },
  'GET /api/roles/:role/permissions': { summary: 'A role’s permissions', answer: z.array(permission) },
  'PUT /api/roles/:role/permissions': { summary: 'Set a role’s permissions', answer: role },
};

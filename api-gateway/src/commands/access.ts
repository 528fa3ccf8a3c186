import {
  changeUserRoleSlice,
  createUserSlice,
  deactivateUserSlice,
  grantPermissionSlice,
  initializeDefaultPermissionsSlice,
  reactivateUserSlice,
  resetUserPasswordSlice,
  revokePermissionSlice,
  setRolePermissionsSlice,
} from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { companyUser, roles, userOfCompany, userPermissions, type CompanyUser } from '../queries/access.ts';
import { RoleEnum } from '../schema/auth.ts';
import { CompanyUserType, RoleOptionType, TemporaryPasswordIssuedType, UserPermissionsType } from '../schema/access.ts';
import { companyOf, endpoint } from './expose.ts';

async function user(ctx: RequestContext, userId: string): Promise<CompanyUser> {
  return companyUser(await userOfCompany(ctx, companyOf(ctx), userId));
}

/** Spec part 2 §7 Role management. */
export const accessEndpoints = [
  endpoint({
    slice: createUserSlice,
    rest: { method: 'POST', path: '/api/users', status: 201 },
    graphql: { type: CompanyUserType, inputName: 'NewUserInput' },
    answer: (ctx, { userId }) => user(ctx, userId),
  }),
  endpoint({
    slice: changeUserRoleSlice,
    rest: { method: 'PATCH', path: '/api/users/:userId/role' },
    graphql: { type: CompanyUserType, args: 'flat', description: "Applies to the user's live sessions at once." },
    answer: (ctx, _outcome, { target }) => user(ctx, target),
  }),
  // Issue #25: a staff user deactivated (sessions end, sign-in refused, history kept) and reactivated.
  endpoint({
    slice: deactivateUserSlice,
    rest: { method: 'POST', path: '/api/users/:userId/deactivate' },
    graphql: { type: CompanyUserType, args: 'flat', description: 'Ends their sessions at once; refused for your own account.' },
    answer: (ctx, _outcome, { target }) => user(ctx, target),
  }),
  endpoint({
    slice: reactivateUserSlice,
    rest: { method: 'POST', path: '/api/users/:userId/reactivate' },
    graphql: { type: CompanyUserType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => user(ctx, target),
  }),
  // Issue #25: a temporary password, shown once in this answer; the user must change it at next sign-in.
  endpoint({
    slice: resetUserPasswordSlice,
    rest: { method: 'POST', path: '/api/users/:userId/reset-password' },
    graphql: {
      type: TemporaryPasswordIssuedType,
      args: 'flat',
      description: 'Ends their sessions; the temporary password is in this answer only. Refused for your own account.',
    },
    answer: async (ctx, { temporaryPassword }, { target }) => ({ user: await user(ctx, target), temporaryPassword }),
  }),
  endpoint({
    slice: setRolePermissionsSlice,
    rest: { method: 'PUT', path: '/api/roles/:role/permissions' },
    graphql: { type: RoleOptionType, args: 'flat', targetType: RoleEnum, description: "Replaces the role's whole set for this company." },
    answer: async (ctx, _outcome, { target }) => (await roles(ctx)).find((r) => r.value === target)!,
  }),
  endpoint({
    slice: initializeDefaultPermissionsSlice,
    rest: { method: 'POST', path: '/api/permissions/initialize' },
    graphql: { type: [RoleOptionType], description: 'Every role back to its default set; running it again changes nothing.' },
    answer: (ctx) => roles(ctx),
  }),
  endpoint({
    slice: grantPermissionSlice,
    rest: { method: 'POST', path: '/api/users/:userId/permissions/:permission/grant' },
    graphql: { type: UserPermissionsType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => userPermissions(ctx, target),
  }),
  endpoint({
    slice: revokePermissionSlice,
    rest: { method: 'POST', path: '/api/users/:userId/permissions/:permission/revoke' },
    graphql: { type: UserPermissionsType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => userPermissions(ctx, target),
  }),
];

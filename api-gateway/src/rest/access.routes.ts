import * as access from '../operations/access.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Role management. */
export const accessRoutes: Route[] = [
  { method: 'GET', path: '/api/users', operation: 'users:read', handler: (ctx) => access.companyUsers(ctx) },
  { method: 'POST', path: '/api/users', operation: 'users:create', status: 201, handler: (ctx, { body }) => access.createUser(ctx, body) },
  { method: 'PATCH', path: '/api/users/:userId/role', operation: 'users:update_role', handler: (ctx, { params, body }) => access.changeUserRole(ctx, params.userId!, body) },
  { method: 'GET', path: '/api/users/:userId/permissions', operation: 'roles:read', handler: (ctx, { params }) => access.userPermissions(ctx, params.userId!) },
  {
    method: 'POST',
    path: '/api/users/:userId/permissions/:permissionName/grant',
    operation: 'roles:manage',
    handler: (ctx, { params }) => access.changeUserPermission(ctx, 'grant', params.userId!, params.permissionName!),
  },
  {
    method: 'POST',
    path: '/api/users/:userId/permissions/:permissionName/revoke',
    operation: 'roles:manage',
    handler: (ctx, { params }) => access.changeUserPermission(ctx, 'revoke', params.userId!, params.permissionName!),
  },
  { method: 'GET', path: '/api/permissions', operation: 'roles:read', handler: (ctx) => access.permissions(ctx) },
  { method: 'POST', path: '/api/permissions/initialize', operation: 'roles:manage', handler: (ctx) => access.initializeDefaultPermissions(ctx) },
  { method: 'GET', path: '/api/roles', operation: 'roles:read', handler: (ctx) => access.roles(ctx) },
  { method: 'GET', path: '/api/roles/:role/permissions', operation: 'roles:read', handler: (ctx, { params }) => access.rolePermissions(ctx, params.role!) },
  { method: 'PUT', path: '/api/roles/:role/permissions', operation: 'roles:manage', handler: (ctx, { params, body }) => access.setRolePermissions(ctx, params.role!, body) },
];

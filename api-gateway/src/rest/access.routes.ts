import * as access from '../queries/access.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Role management: the reads (its commands are endpoints: commands/access.ts). */
export const accessRoutes: Route[] = [
  { method: 'GET', path: '/api/users', operation: 'users:read', handler: (ctx) => access.companyUsers(ctx) },
  {
    method: 'GET',
    path: '/api/users/:userId/permissions',
    operation: 'roles:read',
    handler: (ctx, { params }) => access.userPermissions(ctx, params.userId!),
  },
  { method: 'GET', path: '/api/permissions', operation: 'roles:read', handler: (ctx) => access.permissions(ctx) },
  { method: 'GET', path: '/api/roles', operation: 'roles:read', handler: (ctx) => access.roles(ctx) },
  {
    method: 'GET',
    path: '/api/roles/:role/permissions',
    operation: 'roles:read',
    handler: (ctx, { params }) => access.rolePermissions(ctx, params.role!),
  },
];

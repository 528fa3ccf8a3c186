import { flattenSchemeMembers } from '@fpa/projections';
import * as schemes from '../operations/group-schemes.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Group schemes, and the group payment route. An unknown or another company's scheme is 404. */
export const groupSchemeRoutes: Route[] = [
  { method: 'GET', path: '/api/group-schemes', operation: 'group_schemes:read', handler: (ctx) => schemes.groupSchemes(ctx) },
  { method: 'POST', path: '/api/group-schemes', operation: 'group_schemes:create', status: 201, handler: (ctx, { body }) => schemes.createGroupScheme(ctx, body) },
  { method: 'GET', path: '/api/group-schemes/:id', operation: 'group_schemes:read', handler: (ctx, { params }) => schemes.requireGroupScheme(ctx, params.id!) },
  { method: 'PUT', path: '/api/group-schemes/:id', operation: 'group_schemes:update', handler: (ctx, { params, body }) => schemes.updateGroupScheme(ctx, params.id!, body) },
  {
    method: 'GET',
    path: '/api/group-schemes/:id/members', operation: 'group_schemes:read',
    // A flat list (each main member followed by its family, linked by mainMemberId), as the spec's client nests it itself.
    handler: async (ctx, { params }) => flattenSchemeMembers(await schemes.schemeMembers(ctx, params.id!)),
  },
  { method: 'POST', path: '/api/group-schemes/:id/members', operation: 'group_schemes:update', status: 201, handler: (ctx, { params, body }) => schemes.addSchemeMembers(ctx, params.id!, body) },
  {
    method: 'DELETE',
    path: '/api/group-schemes/:id/members/:memberId', operation: 'group_schemes:delete',
    handler: (ctx, { params }) => schemes.removeSchemeMember(ctx, params.id!, params.memberId!),
  },
];

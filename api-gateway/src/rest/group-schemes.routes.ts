import { flattenSchemeMembers } from '@fpa/projections';
import * as schemes from '../queries/group-schemes.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Group schemes: the reads (its commands are endpoints: commands/group-schemes.ts). An unknown or another company's scheme is 404. */
export const groupSchemeRoutes: Route[] = [
  { method: 'GET', path: '/api/group-schemes', operation: 'group_schemes:read', handler: (ctx) => schemes.groupSchemes(ctx) },
  {
    method: 'GET',
    path: '/api/group-schemes/:id',
    operation: 'group_schemes:read',
    handler: (ctx, { params }) => schemes.requireGroupScheme(ctx, params.id!),
  },
  {
    method: 'GET',
    path: '/api/group-schemes/:id/members',
    operation: 'group_schemes:read',
    // A flat list (each main member followed by its family, linked by mainMemberId), as the spec's client nests it itself.
    handler: async (ctx, { params }) => flattenSchemeMembers(await schemes.schemeMembers(ctx, params.id!)),
  },
];

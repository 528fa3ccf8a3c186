import * as beneficiaries from '../queries/beneficiaries.ts';
import type { Route } from './router.ts';

/** Issue #22's read (the nomination is an endpoint: commands/beneficiaries.ts). */
export const beneficiaryRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/policies/:id/beneficiaries',
    operation: 'policies:read',
    handler: (ctx, { params }) => beneficiaries.beneficiaries(ctx, params.id!),
  },
];

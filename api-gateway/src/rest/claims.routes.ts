import * as claims from '../operations/claims.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Claims and Documents (view/download live with the uploads). */
export const claimRoutes: Route[] = [
  { method: 'GET', path: '/api/claims', operation: 'claims:read', handler: (ctx) => claims.allClaims(ctx) },
  { method: 'GET', path: '/api/claims/counts', operation: 'claims:read', handler: (ctx) => claims.claimCounts(ctx) },
  { method: 'GET', path: '/api/claims/:id', operation: 'claims:read', handler: (ctx, { params }) => claims.requireClaim(ctx, params.id!) },
  { method: 'POST', path: '/api/claims', operation: 'claims:create', status: 201, handler: (ctx, { body }) => claims.submitClaim(ctx, withoutPolicyNumber(body)) },
  { method: 'POST', path: '/api/claims/by-policy-number', operation: 'claims:create', status: 201, handler: (ctx, { body }) => claims.submitClaim(ctx, withoutPolicyId(body)) },
  { method: 'PATCH', path: '/api/claims/:id', operation: 'claims:update_status', handler: (ctx, { params, body }) => claims.changeClaimStatus(ctx, params.id!, body) },
  {
    method: 'GET',
    path: '/api/documents', operation: 'documents:read',
    handler: (ctx, { query }) =>
      claims.documents(ctx, {
        search: query.get('search'),
        category: query.get('category') as never,
        status: query.get('status') as never,
      }),
  },
  { method: 'PATCH', path: '/api/documents/:id', operation: 'documents:review', handler: (ctx, { params, body }) => claims.reviewDocument(ctx, params.id!, body) },
];

// Each route names the policy one way, as the spec's two calls do.
function withoutPolicyNumber(body: unknown) {
  const { policyNumber: _ignored, ...rest } = (body ?? {}) as Record<string, unknown>;
  return rest;
}
function withoutPolicyId(body: unknown) {
  const { policyId: _ignored, ...rest } = (body ?? {}) as Record<string, unknown>;
  return rest;
}

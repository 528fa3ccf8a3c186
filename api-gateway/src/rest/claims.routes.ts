import { decisionLetterPdf } from '../papers/decision-letter.ts';
import * as claims from '../queries/claims.ts';
import { ValidationError } from '@fpa/write-model';
import { DOCUMENT_LIST_LIMIT } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { submitClaimEndpoint } from '../commands/claims.ts';
import { runCommand } from '../commands/expose.ts';
import type { Route, RouteInput } from './router.ts';

/**
 * GET /api/documents answers a JSON array, like every list of the spec's route table (the spec's client
 * reads one). Paging: ?limit= (1 to 500, default 500) and ?offset= (default 0), newest first; when more
 * documents match, the answer carries x-next-offset (the offset of the next page). GraphQL's
 * `documents` keeps {nodes, truncated}.
 */
async function documentList(ctx: RequestContext, { query }: RouteInput): Promise<Response> {
  const limit = whole(query.get('limit'), 'limit', 1, DOCUMENT_LIST_LIMIT) ?? DOCUMENT_LIST_LIMIT;
  const offset = whole(query.get('offset'), 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const list = await claims.documents(ctx, {
    search: query.get('search'),
    category: query.get('category') as never,
    status: query.get('status') as never,
    limit,
    offset,
  });
  return Response.json(list.nodes, { headers: list.truncated ? { 'x-next-offset': String(offset + limit) } : {} });
}

function whole(value: string | null, name: string, min: number, max: number): number | null {
  if (value === null || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    const message = `${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`;
    throw new ValidationError(message, [{ path: [name], message }]);
  }
  return n;
}

/**
 * Spec part 2 §7 Claims and Documents (view/download live with the uploads; the commands are endpoints:
 * commands/claims.ts). POST /api/claims/by-policy-number is the submitClaim endpoint's second REST path:
 * the same slice, with the policy given by its number only.
 */
export const claimRoutes: Route[] = [
  { method: 'GET', path: '/api/claims', operation: 'claims:read', handler: (ctx) => claims.allClaims(ctx) },
  { method: 'GET', path: '/api/claims/counts', operation: 'claims:read', handler: (ctx) => claims.claimCounts(ctx) },
  // Issue #23: the decision clock's breaches and the claims nearest their deadline.
  { method: 'GET', path: '/api/claims/deadlines', operation: 'claims:read', handler: (ctx) => claims.claimDeadlines(ctx) },
  {
    method: 'GET',
    path: '/api/claims/:id',
    operation: 'claims:read',
    handler: (ctx, { params }) => claims.restClaimDetail(ctx, params.id!),
  },
  // Issue #23: the decision letter to the claimant, once the claim is approved, paid or rejected.
  {
    method: 'GET',
    path: '/api/claims/:id/decision-letter.pdf',
    operation: 'claims:read',
    handler: (ctx, { params }) => decisionLetterPdf(ctx, params.id!),
  },
  {
    method: 'POST',
    path: '/api/claims/by-policy-number',
    operation: submitClaimEndpoint.slice.operation,
    status: 201,
    handler: (ctx, { body }) => runCommand(ctx, submitClaimEndpoint, { target: '', input: withoutPolicyId(body) }),
  },
  { method: 'GET', path: '/api/documents', operation: 'documents:read', handler: documentList },
];

// The spec's call by number names the policy that one way only.
function withoutPolicyId(body: unknown) {
  const { policyId: _ignored, ...rest } = (body ?? {}) as Record<string, unknown>;
  return rest;
}

import { changeClaimStatusSlice, disputeClaimSlice, NotFoundError, reviewDocumentSlice, submitClaimSlice } from '@fpa/write-model';
import { findClaim, findDocument, type ClaimDetail, type DocumentRow } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { withClock } from '../queries/claims.ts';
import { tenantSql } from '../queries/tenant.ts';
import { ClaimType, DocumentType } from '../schema/claims.ts';
import { companyOf, endpoint } from './expose.ts';

async function claim(ctx: RequestContext, id: string): Promise<ClaimDetail> {
  const companyId = companyOf(ctx);
  const row = await findClaim(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError('Claim not found');
  return withClock(ctx, row);
}

async function document(ctx: RequestContext, id: string): Promise<DocumentRow> {
  const companyId = companyOf(ctx);
  const row = await findDocument(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError('Document not found');
  return row;
}

/**
 * GraphQL submitClaim and POST /api/claims: the policy by id or by number. POST
 * /api/claims/by-policy-number runs this endpoint too, with the number only (rest/claims.routes.ts).
 */
export const submitClaimEndpoint = endpoint({
  slice: submitClaimSlice,
  rest: { method: 'POST', path: '/api/claims', status: 201 },
  graphql: {
    type: ClaimType,
    description: 'A death claim: the policy by id or by number, and the four uploaded documents (their upload paths).',
  },
  answer: (ctx, { claimId }) => claim(ctx, claimId),
});

/** Spec part 2 §7 Claims and Documents. */
export const claimEndpoints = [
  submitClaimEndpoint,
  endpoint({
    slice: changeClaimStatusSlice,
    rest: { method: 'PATCH', path: '/api/claims/:id' },
    graphql: { type: ClaimType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => claim(ctx, target),
  }),
  // Issue #23: a disputed claim's decision has 14 more business days (PPR rule 2A.8).
  endpoint({
    slice: disputeClaimSlice,
    rest: { method: 'POST', path: '/api/claims/:id/dispute' },
    graphql: { type: ClaimType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => claim(ctx, target),
  }),
  endpoint({
    slice: reviewDocumentSlice,
    rest: { method: 'PATCH', path: '/api/documents/:id' },
    graphql: { type: DocumentType, args: 'flat' },
    answer: (ctx, _outcome, { target }) => document(ctx, target),
  }),
];

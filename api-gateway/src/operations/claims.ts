import {
  changeClaimStatus as changeClaimStatusCommand,
  NotFoundError,
  reviewClaimDocument,
  submitClaim as submitClaimCommand,
} from '@fpa/write-model';
import {
  claimCounts as claimCountsQuery,
  claimDocuments,
  findClaim,
  findDocument,
  listAllClaims,
  listClaims,
  listDocuments,
  type ClaimDetail,
  type ClaimListArgs,
  type DocumentListArgs,
  type DocumentRow,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { authorize, requireCompanyUser, type Operation } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantRead, tenantSql } from './tenant.ts';

function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { companyId: user.companyId, command: commandFor(ctx) };
}

async function claimOrMissing(ctx: RequestContext, companyId: string, id: string): Promise<ClaimDetail> {
  const claim = await findClaim(tenantSql(ctx, companyId), companyId, id);
  if (!claim) throw new NotFoundError('Claim not found');
  return claim;
}

export function claims(ctx: RequestContext, args: ClaimListArgs) {
  return listClaims(...tenantRead(ctx, 'claims:read'), args);
}

export function allClaims(ctx: RequestContext) {
  return listAllClaims(...tenantRead(ctx, 'claims:read'));
}

export function claim(ctx: RequestContext, id: string) {
  return findClaim(...tenantRead(ctx, 'claims:read'), id);
}

/** REST: an unknown claim, or another company's, is a 404 (GraphQL answers null instead). */
export function requireClaim(ctx: RequestContext, id: string) {
  return claimOrMissing(ctx, caller(ctx, 'claims:read').companyId, id);
}

export function claimCounts(ctx: RequestContext) {
  return claimCountsQuery(...tenantRead(ctx, 'claims:read'));
}

/** A claim's documents, for a claim row that was read without them. */
export function documentsOfClaim(ctx: RequestContext, claimId: string) {
  return claimDocuments(ctx.services.sql, caller(ctx, 'claims:read').companyId, claimId);
}

/** POST /api/claims and /api/claims/by-policy-number: the same command, the policy given either way. */
export async function submitClaim(ctx: RequestContext, input: unknown): Promise<ClaimDetail> {
  const { companyId, command } = caller(ctx, 'claims:create');
  const result = await submitClaimCommand(ctx.services.store, ctx.services.sql, input, command);
  await readYourWrites(ctx, result.append);
  return claimOrMissing(ctx, companyId, result.claimId);
}

export async function changeClaimStatus(ctx: RequestContext, id: string, input: unknown): Promise<ClaimDetail> {
  const { companyId, command } = caller(ctx, 'claims:update_status');
  const { append } = await changeClaimStatusCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return claimOrMissing(ctx, companyId, id);
}

/** The caller's company's documents; the platform's super admin sees every company's. */
export function documents(ctx: RequestContext, args: DocumentListArgs) {
  const user = authorize(ctx.user, 'documents:read')!;
  return listDocuments(ctx.services.sql, user.role === 'super_admin' ? null : user.companyId, args);
}

export async function reviewDocument(ctx: RequestContext, id: string, input: unknown): Promise<DocumentRow> {
  const { companyId, command } = caller(ctx, 'documents:review');
  const { append } = await reviewClaimDocument(ctx.services.store, ctx.services.sql, id, input, command);
  await readYourWrites(ctx, append);
  const row = await findDocument(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError('Document not found');
  return row;
}

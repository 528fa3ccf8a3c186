import { NotFoundError } from '@fpa/write-model';
import {
  claimCounts as claimCountsQuery,
  claimDocuments,
  findClaim,
  listAllClaims,
  listClaims,
  listDocuments,
  type ClaimDetail,
  type ClaimListArgs,
  type DocumentListArgs,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { tenantRead } from './tenant.ts';

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
export async function requireClaim(ctx: RequestContext, id: string): Promise<ClaimDetail> {
  const claim = await findClaim(...tenantRead(ctx, 'claims:read'), id);
  if (!claim) throw new NotFoundError('Claim not found');
  return claim;
}

export function claimCounts(ctx: RequestContext) {
  return claimCountsQuery(...tenantRead(ctx, 'claims:read'));
}

/** A claim's documents, for a claim row that was read without them. */
export function documentsOfClaim(ctx: RequestContext, claimId: string) {
  const [, companyId] = tenantRead(ctx, 'claims:read');
  return claimDocuments(ctx.services.sql, companyId, claimId);
}

/** The caller's company's documents; the platform's super admin sees every company's. */
export function documents(ctx: RequestContext, args: DocumentListArgs) {
  const user = authorize(ctx.user, 'documents:read')!;
  return listDocuments(ctx.services.sql, user.role === 'super_admin' ? null : user.companyId, args);
}

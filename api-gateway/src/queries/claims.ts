import { decisionClock, NotFoundError, type DecisionClock } from '@fpa/write-model';
import {
  claimCounts as claimCountsQuery,
  claimsOnTheClock,
  claimDocuments,
  findClaim,
  listAllClaims,
  listClaims,
  listDocuments,
  type ClaimDetail,
  type ClaimListArgs,
  type ClaimRow,
  type DocumentListArgs,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { tenantRead } from './tenant.ts';

export function claims(ctx: RequestContext, args: ClaimListArgs) {
  return listClaims(...tenantRead(ctx, 'claims:read'), args);
}

/** Where a claim's decision clock (rule 2A.8) stands at the caller's clock; the times are the row's own columns. */
export type ClaimClockStatus = Pick<DecisionClock, 'state' | 'businessMinutesLeft' | 'businessMinutesTaken'>;

export function clockStatusOf(ctx: RequestContext, claim: ClaimRow): ClaimClockStatus {
  const { state, businessMinutesLeft, businessMinutesTaken } = decisionClock(claim, ctx.services.now());
  return { state, businessMinutesLeft, businessMinutesTaken };
}

/** A claim as REST answers it: the row and where its clock stands. */
export function withClock<T extends ClaimRow>(ctx: RequestContext, claim: T): T & { decisionClock: ClaimClockStatus } {
  return { ...claim, decisionClock: clockStatusOf(ctx, claim) };
}

export async function allClaims(ctx: RequestContext) {
  return (await listAllClaims(...tenantRead(ctx, 'claims:read'))).map((claim) => withClock(ctx, claim));
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

export async function restClaimDetail(ctx: RequestContext, id: string) {
  return withClock(ctx, await requireClaim(ctx, id));
}

export function claimCounts(ctx: RequestContext) {
  return claimCountsQuery(...tenantRead(ctx, 'claims:read'));
}

/** A claim's documents, for a claim row that was read without them. */
export function documentsOfClaim(ctx: RequestContext, claimId: string) {
  const [, companyId] = tenantRead(ctx, 'claims:read');
  return claimDocuments(readSql(ctx), companyId, claimId);
}

/** The caller's company's documents; the platform's super admin sees every company's. */
export function documents(ctx: RequestContext, args: DocumentListArgs) {
  const user = authorize(ctx.user, 'documents:read')!;
  return listDocuments(readSql(ctx), user.role === 'super_admin' ? null : user.companyId, args);
}

export type UrgentClaim = {
  id: string;
  claimNumber: string;
  memberId: string;
  memberName: string;
  dueAt: Date;
  state: DecisionClock['state'];
  businessMinutesLeft: number;
};
export type ClaimDeadlines = { overdue: number; dueSoon: number; running: number; urgent: UrgentClaim[] };

/**
 * The dashboard's decision-clock panel (PPR rule 2A.8): undecided claims whose clock runs, by where they
 * stand at the caller's clock, and the five most urgent.
 */
export async function claimDeadlines(ctx: RequestContext): Promise<ClaimDeadlines> {
  const now = ctx.services.now();
  const rows = await claimsOnTheClock(...tenantRead(ctx, 'claims:read'));
  const claims = rows.map((row) => {
    const clock = decisionClock({ ...row, decidedAt: null }, now);
    return {
      id: row.id,
      claimNumber: row.claimNumber,
      memberId: row.memberId,
      memberName: row.memberName,
      dueAt: row.decisionDueAt,
      state: clock.state,
      businessMinutesLeft: clock.businessMinutesLeft ?? 0,
    };
  });
  const count = (state: DecisionClock['state']) => claims.filter((c) => c.state === state).length;
  return { overdue: count('overdue'), dueSoon: count('due_soon'), running: count('running'), urgent: claims.slice(0, 5) };
}

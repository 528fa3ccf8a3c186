import { NotFoundError, parseInput } from '@fpa/write-model';
import {
  arrearsList,
  billingSummary,
  lapseRatio,
  policyStatement,
  type ArrearsList,
  type BillingSummary,
  type LapseMonth,
  type PolicyStatement,
} from '@fpa/projections';
import { arrearsQuerySchema, southAfricanDate } from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

/*
 * Issue #20, what users see of the calendar: a policy's statement and the arrears worklist, read from
 * the billing read model as of today (the South African day of services.now).
 */

export const POLICY_NOT_FOUND = 'Policy not found';

/** Whoever may read policies may read their statements; another company's or an unknown policy is 404. */
export async function statement(ctx: RequestContext, policyId: string): Promise<PolicyStatement> {
  const found = await policyStatement(...tenantRead(ctx, 'policies:read'), policyId, southAfricanDate(ctx.services.now()));
  if (!found) throw new NotFoundError(POLICY_NOT_FOUND);
  return found;
}

/**
 * The worklist reads with payments:read: what each policy owes is its premium payments seen from the
 * other side, and the roles holding it (administrator, billing clerk, auditor read-only) are the ones
 * who chase arrears.
 */
export function arrears(ctx: RequestContext, input: { state?: unknown; search?: unknown }): Promise<ArrearsList> {
  const [sql, companyId] = tenantRead(ctx, 'payments:read');
  const query = parseInput(arrearsQuerySchema, input);
  return arrearsList(sql, companyId, southAfricanDate(ctx.services.now()), { state: query.state, search: query.search ?? null });
}

/** How many months of the lapse ratio the dashboard shows. */
export const LAPSE_TREND_MONTHS = 6;

export type BookSummary = BillingSummary & { lapsesThisMonth: number; lapseRatio: LapseMonth[] };

/**
 * The dashboard's figures of the book this month (issue #20): the collection rate and the policies in
 * grace from the same ledger as the worklist, the lapses and the lapse-ratio trend from the compliance
 * report's numbers (GET /api/audit/reports/lapse-ratio): read with payments:read, as the worklist.
 */
export async function bookSummary(ctx: RequestContext): Promise<BookSummary> {
  const [sql, companyId] = tenantRead(ctx, 'payments:read');
  const now = ctx.services.now();
  const book = await billingSummary(sql, companyId, southAfricanDate(now));
  const ratio = await lapseRatio(sql, companyId, now);
  const thisMonth = ratio.at(-1);
  return {
    ...book,
    lapsesThisMonth: thisMonth?.month === book.month ? thisMonth.lapsed : 0,
    lapseRatio: ratio.slice(-LAPSE_TREND_MONTHS),
  };
}

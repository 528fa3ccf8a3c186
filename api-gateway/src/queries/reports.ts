import {
  reportCharts as reportChartsQuery,
  reportSources,
  runReport,
  type Report,
  type ReportArgs,
  type ReportCharts,
  type ReportSource,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';
import { tenantSql } from './tenant.ts';

export type ReportTypeInfo = Pick<ReportSource, 'type' | 'label' | 'statuses'>;

function companyOf(ctx: RequestContext): string {
  return requireCompanyUser(ctx.user, 'reports:read').companyId;
}

/** The report types this server offers, each with its status filter's choices. */
export function availableReportTypes(ctx: RequestContext): ReportTypeInfo[] {
  companyOf(ctx);
  return reportSources.map(({ type, label, statuses }) => ({ type, label, statuses }));
}

/** One report of the caller's company: its first rows (all when first is null), row count and cards. */
export function report(ctx: RequestContext, args: ReportArgs): Promise<Report> {
  const companyId = companyOf(ctx);
  return runReport(tenantSql(ctx, companyId), companyId, args);
}

/** The charts of the reports page over the last `months` months. */
export function reportCharts(ctx: RequestContext, months?: number): Promise<ReportCharts> {
  const companyId = companyOf(ctx);
  // The window's months are South African months of the request clock.
  return reportChartsQuery(tenantSql(ctx, companyId), companyId, { now: ctx.services.now(), ...(months === undefined ? {} : { months }) });
}

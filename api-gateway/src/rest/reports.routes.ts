import * as reports from '../queries/reports.ts';
import type { RequestContext } from '../context.ts';
import type { Route, RouteInput } from './router.ts';

/**
 * GET /api/reports/:type?status= answers every row of the report (what the export writes), each row
 * an object keyed by its columns' keys (a payment's method as `method`, spec part 2 §3).
 */
async function fullReport(ctx: RequestContext, { params, query }: RouteInput) {
  return reports.report(ctx, { type: params.type!, status: query.get('status'), first: null });
}

function charts(ctx: RequestContext, { query }: RouteInput) {
  const months = query.get('months');
  return reports.reportCharts(ctx, months === null ? undefined : Number(months));
}

/** Reports (spec part 2 §2): the charts route comes before :type, which would match it too. */
export const reportRoutes: Route[] = [
  { method: 'GET', path: '/api/reports', operation: 'reports:read', handler: (ctx) => reports.availableReportTypes(ctx) },
  { method: 'GET', path: '/api/reports/charts', operation: 'reports:read', handler: charts },
  { method: 'GET', path: '/api/reports/:type', operation: 'reports:read', handler: fullReport },
];

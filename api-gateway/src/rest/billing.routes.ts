import { statementPdf } from '../papers/statement.ts';
import type { ArrearsItem } from '@fpa/projections';
import { csvSafeCell } from '@fpa/write-model/validation';
import * as billing from '../queries/billing.ts';
import type { RequestContext } from '../context.ts';
import type { Route, RouteInput } from './router.ts';

/** Issue #20: the policy statement and the arrears worklist (the daily run is a command endpoint: commands/billing.ts). */

const arrearsArgs = (query: URLSearchParams) => ({ state: query.get('state'), search: query.get('search') });

/** A cell neutralised against formula injection (csvSafeCell), then quoted when it needs it. */
function csvCell(value: string | number | null): string {
  const text = String(csvSafeCell(value));
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS: [string, (item: ArrearsItem) => string | number | null][] = [
  ['policyNumber', (i) => i.policyNumber],
  ['memberName', (i) => i.memberName],
  ['memberPhone', (i) => i.memberPhone],
  ['state', (i) => i.state],
  ['monthlyPremium', (i) => i.monthlyPremium],
  ['arrears', (i) => i.arrears],
  ['monthsInArrears', (i) => i.monthsInArrears],
  ['oldestUnpaidDueDate', (i) => i.oldestUnpaidDueDate],
  ['paidUpTo', (i) => i.paidUpTo],
  ['graceEndsOn', (i) => i.graceEndsOn],
  ['graceDaysLeft', (i) => i.graceDaysLeft],
  ['lastNoticeOn', (i) => i.lastNoticeOn],
  ['lastNoticeChannel', (i) => i.lastNoticeChannel],
  ['lapsedOn', (i) => i.lapsedOn],
  ['lapseReason', (i) => i.lapseReason],
];

/** The filtered worklist as CSV, every row (the list is read whole anyway). */
async function arrearsCsv(ctx: RequestContext, { query }: RouteInput): Promise<Response> {
  const list = await billing.arrears(ctx, arrearsArgs(query));
  const lines = [
    CSV_COLUMNS.map(([name]) => name).join(','),
    ...list.items.map((item) => CSV_COLUMNS.map(([, cell]) => csvCell(cell(item))).join(',')),
  ];
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="arrears-${list.asOf}.csv"` },
  });
}

export const billingRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/policies/:id/statement',
    operation: 'policies:read',
    handler: (ctx, { params }) => billing.statement(ctx, params.id!),
  },
  // Issue #23: the statement as a paper, for a period of months (?from=YYYY-MM&to=YYYY-MM).
  {
    method: 'GET',
    path: '/api/policies/:id/statement.pdf',
    operation: 'policies:read',
    handler: (ctx, { params, query }) => statementPdf(ctx, params.id!, query),
  },
  {
    method: 'GET',
    path: '/api/arrears',
    operation: 'payments:read',
    handler: (ctx, { query }) => billing.arrears(ctx, arrearsArgs(query)),
  },
  { method: 'GET', path: '/api/arrears.csv', operation: 'payments:read', handler: arrearsCsv },
  { method: 'GET', path: '/api/billing/summary', operation: 'payments:read', handler: (ctx) => billing.bookSummary(ctx) },
];

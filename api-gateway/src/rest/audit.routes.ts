import type { AuditEntry } from '@fpa/write-model';
import { csvSafeCell } from '@fpa/write-model/validation';
import * as audit from '../queries/audit.ts';
import { complianceReport, type ComplianceReportName } from '../queries/compliance.ts';
import * as popia from '../commands/popia.ts';
import type { RequestContext } from '../context.ts';
import type { Route, RouteInput } from './router.ts';

/*
 * Issue 10's REST routes (contract: /work/contracts/audit.graphql). The super admin names the company
 * with ?companyId=. Specific paths come before /api/audit/:entity/:id, which would match them too.
 */

const companyOf = (query: URLSearchParams) => query.get('companyId');

function historyArgs(query: URLSearchParams): audit.CompanyHistoryInput {
  return {
    type: query.get('type'),
    actorId: query.get('actorId'),
    from: query.get('from'),
    to: query.get('to'),
    first: query.get('first'),
    after: query.get('after'),
    companyId: companyOf(query),
  };
}

const CSV_LIMIT = 10_000;

/** A cell neutralised against formula injection (csvSafeCell), then quoted when it needs it. */
function csvCell(value: string | number | null | undefined): string {
  const text = String(csvSafeCell(value));
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A change's JSON value as a reader wants it: text without its quotes, anything else as JSON, absent as a dash. */
function shown(json: string | null): string {
  if (json === null) return '—';
  const value: unknown = JSON.parse(json);
  return typeof value === 'string' ? value : json;
}

function csvLine(entry: AuditEntry): string {
  const changes = entry.changes.map((c) => `${c.field}: ${shown(c.before)} → ${shown(c.after)}`).join('; ');
  return [
    entry.position,
    entry.occurredAt.toISOString(),
    entry.title,
    entry.eventType,
    entry.streamId,
    entry.version,
    entry.actor.name,
    entry.actor.role,
    entry.note,
    changes,
  ]
    .map(csvCell)
    .join(',');
}

/** The whole filtered company history as CSV (up to CSV_LIMIT events), page by page. */
async function companyHistoryCsv(ctx: RequestContext, { query }: RouteInput): Promise<Response> {
  const args = historyArgs(query);
  const lines = ['position,occurredAt,title,eventType,streamId,version,actor,actorRole,note,changes'];
  let after: string | null = args.after ?? null;
  for (let count = 0; count < CSV_LIMIT; ) {
    const page = await audit.companyHistory(ctx, { ...args, first: 500, after });
    for (const entry of page.entries) lines.push(csvLine(entry));
    count += page.entries.length;
    if (!page.hasNextPage || !page.endCursor) break;
    after = page.endCursor;
  }
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="company-history.csv"' },
  });
}

const report = (name: ComplianceReportName): Route => ({
  method: 'GET',
  path: `/api/audit/reports/${name}`,
  operation: 'audit:read',
  handler: (ctx, { query }) =>
    complianceReport(ctx, name, { asOf: query.get('asOf'), from: query.get('from'), to: query.get('to') }, companyOf(query)),
});

export const auditRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/audit/verify',
    operation: 'audit:read',
    handler: (ctx, { query }) => audit.verifyEventChains(ctx, companyOf(query)),
  },
  {
    method: 'GET',
    path: '/api/audit/company/events',
    operation: 'audit:read',
    handler: (ctx, { query }) => audit.companyHistory(ctx, historyArgs(query)),
  },
  { method: 'GET', path: '/api/audit/company/events.csv', operation: 'audit:read', handler: companyHistoryCsv },
  {
    method: 'GET',
    path: '/api/audit/company/event-types',
    operation: 'audit:read',
    handler: (ctx, { query }) => audit.companyEventTypes(ctx, companyOf(query)),
  },
  report('claims-turnaround'),
  report('claims-decisions'),
  report('claims-ageing'),
  report('lapse-ratio'),
  report('waiting-period'),
  report('suspended-companies'),
  report('permission-changes'),
  report('personal-data-requests'),
  {
    method: 'GET',
    path: '/api/audit/personal-data/:idNumber',
    operation: 'personal_data:manage',
    // REST answers the export document itself (GraphQL carries it as JSON text).
    handler: async (ctx, { params, query }) =>
      JSON.parse((await popia.dataSubjectExport(ctx, params.idNumber!, companyOf(query))).json) as unknown,
  },
  {
    method: 'POST',
    path: '/api/audit/personal-data/:idNumber/erase',
    operation: 'personal_data:manage',
    handler: (ctx, { params, query, body }) => popia.erasePersonalData(ctx, params.idNumber!, body, companyOf(query)),
  },
  {
    method: 'GET',
    path: '/api/audit/:entity/:id/events',
    operation: 'audit:read',
    handler: (ctx, { params, query }) => audit.history(ctx, params.entity!, params.id!, companyOf(query)),
  },
  {
    method: 'GET',
    path: '/api/audit/:entity/:id',
    operation: 'audit:read',
    handler: (ctx, { params, query }) => audit.entityAsOf(ctx, params.entity!, params.id!, query.get('asOf'), companyOf(query)),
  },
];

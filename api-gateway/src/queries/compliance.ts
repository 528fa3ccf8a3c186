import { parseInput, southAfricanDate } from '@fpa/write-model';
import { complianceReportQuerySchema } from '@fpa/write-model/validation';
import {
  claimsAgeing as claimsAgeingQuery,
  claimsDecisions as claimsDecisionsQuery,
  claimsTurnaround as claimsTurnaroundQuery,
  lapseRatio as lapseRatioQuery,
  permissionChanges as permissionChangesQuery,
  personalDataRequests as personalDataRequestsQuery,
  policiesInWaitingPeriod as waitingPeriodQuery,
  suspendedCompanies as suspendedCompaniesQuery,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { auditScope, recordView } from './audit.ts';
import { tenantSql } from './tenant.ts';

/*
 * The compliance reports (audit:read), from the compliance projection. Each report read is an
 * audit read, recorded like the others.
 */
export const COMPLIANCE_REPORTS = [
  'claims-turnaround',
  'claims-decisions',
  'claims-ageing',
  'lapse-ratio',
  'waiting-period',
  'suspended-companies',
  'permission-changes',
  'personal-data-requests',
] as const;
export type ComplianceReportName = (typeof COMPLIANCE_REPORTS)[number];

export type ReportArgs = { asOf?: string | null; from?: string | null; to?: string | null };

/** One report of the company in scope (the super admin names it; suspended companies: all of them when none is named). */
export async function complianceReport(
  ctx: RequestContext,
  name: ComplianceReportName,
  args: ReportArgs = {},
  companyId?: string | null,
  record = true,
) {
  if (name === 'suspended-companies' && ctx.user?.role === 'super_admin' && !companyId?.trim()) {
    authorize(ctx.user, 'audit:read');
    return suspendedCompaniesQuery(readSql(ctx), null);
  }
  const scope = await auditScope(ctx, 'audit:read', companyId);
  // Bounded dates (no year 0000, nothing PostgreSQL would refuse): a 400 naming the parameter.
  const query = parseInput(complianceReportQuerySchema, { asOf: args.asOf, from: args.from, to: args.to });
  // A company user's own reports run behind the tenant wall; the super admin's platform reads do not.
  const sql = ctx.user?.role === 'super_admin' ? readSql(ctx) : tenantSql(ctx, scope.companyId);
  const result = await run(name);
  if (record) await recordView(ctx, scope, 'report', { query: { report: name, ...args } });
  return result;

  function run(report: ComplianceReportName) {
    switch (report) {
      case 'claims-turnaround':
        return claimsTurnaroundQuery(sql, scope.companyId);
      case 'claims-decisions':
        return claimsDecisionsQuery(sql, scope.companyId);
      case 'claims-ageing':
        return claimsAgeingQuery(sql, scope.companyId, query.asOf ?? ctx.services.now());
      case 'lapse-ratio':
        return lapseRatioQuery(sql, scope.companyId, ctx.services.now());
      case 'waiting-period':
        return waitingPeriodQuery(sql, scope.companyId, southAfricanDate(query.asOf ?? ctx.services.now()));
      case 'suspended-companies':
        return suspendedCompaniesQuery(sql, scope.companyId);
      case 'permission-changes':
        return permissionChangesQuery(sql, scope.companyId, { from: query.from, to: query.to });
      case 'personal-data-requests':
        return personalDataRequestsQuery(sql, scope.companyId);
    }
  }
}

/** GraphQL's complianceReports: the scope is checked and the read recorded once; fields run their report. */
export async function complianceReports(ctx: RequestContext, companyId?: string | null) {
  const scope = await auditScope(ctx, 'audit:read', companyId);
  await recordView(ctx, scope, 'report', { query: { report: 'compliance' } });
  return { companyId: ctx.user?.role === 'super_admin' ? scope.companyId : null };
}

import type { ReportSource, ReportType } from '../report-source.ts';
import { claimsReport } from './claims.source.ts';
import { membersReport } from './members.source.ts';
import { paymentsReport } from './payments.source.ts';
import { policiesReport } from './policies.source.ts';
import { agentsReport } from './agents.source.ts';
import { listAgentsForReport } from '../../agents/agents.report.ts';

export { agentsReport, type AgentReportRow, type ListAgentsForReport } from './agents.source.ts';

/** The report types this server offers, in the order the page lists them. */
export const reportSources: readonly ReportSource[] = [
  membersReport,
  policiesReport,
  claimsReport,
  paymentsReport,
  agentsReport(listAgentsForReport),
];

export function reportSource(type: ReportType, sources: readonly ReportSource[] = reportSources): ReportSource | null {
  return sources.find((s) => s.type === type) ?? null;
}

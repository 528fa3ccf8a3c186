import type { ReportSource, ReportType } from '../report-source.ts';
import { claimsReport } from './claims.source.ts';
import { membersReport } from './members.source.ts';
import { paymentsReport } from './payments.source.ts';
import { policiesReport } from './policies.source.ts';

export { agentsReport, type AgentReportRow, type ListAgentsForReport } from './agents.source.ts';

/**
 * The report types this server offers, in the order the page lists them. Agents join when the
 * agents read model is part of the product: `agentsReport(listAgentsForReport)` with the list it
 * supplies. Until then the server does not offer the type, and availableReportTypes says so.
 */
export const reportSources: readonly ReportSource[] = [membersReport, policiesReport, claimsReport, paymentsReport];

export function reportSource(type: ReportType, sources: readonly ReportSource[] = reportSources): ReportSource | null {
  return sources.find((s) => s.type === type) ?? null;
}

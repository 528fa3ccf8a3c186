import { isDecimalString } from '@fpa/write-model/validation';
import { localIsoDate, toCsv } from '../../app/download';
import { formatPercent } from '../../app/format';
import type { BadgeTone } from '../../ui/Badge';
import type { Agent, AgentStatus } from './agents.operations';

export const AGENT_STATUS_LABELS: Record<AgentStatus, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };

export const AGENT_STATUS_TONES: Record<AgentStatus, BadgeTone> = { active: 'success', inactive: 'neutral', suspended: 'dangerSoft' };

export function agentName(agent: Pick<Agent, 'firstName' | 'lastName'>): string {
  return `${agent.firstName} ${agent.lastName}`;
}

/**
 * Activate/deactivate toggles between active and inactive (spec part 2 §4); a suspended agent is
 * offered Activate, since nothing on the screen sets or keeps suspended.
 */
export function toggledStatus(status: AgentStatus): AgentStatus {
  return status === 'active' ? 'inactive' : 'active';
}

export function toggleLabel(status: AgentStatus): 'Activate' | 'Deactivate' {
  return status === 'active' ? 'Deactivate' : 'Activate';
}

/** The rand-per-month salesTarget (a Float in the API) as the decimal string formatRand reads. */
export function randFromNumber(value: number): string {
  return Number.isFinite(value) && value >= 0 ? value.toFixed(2) : '0';
}

const thousands = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });

/** Rand in thousands with a k suffix ('R 150k', 'R 12,5k'): the Total Target card (spec part 2 §2). */
export function formatThousands(value: number): string {
  return `R ${thousands.format(Number.isFinite(value) ? value / 1000 : 0)}k`;
}

const rate = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 2 });

/** A commission rate as set ('7,5%', '10%'). */
export function formatRate(value: number): string {
  return `${rate.format(value)}%`;
}

export type AgentSummary = {
  totalAgents: string;
  activeAgents: string;
  clientsOnboarded: string;
  totalTarget: string;
  averageCommission: string;
};

/** The summary cards over the agents shown: Total Target in thousands, average commission to one decimal. */
export function agentSummary(
  agents: readonly Pick<Agent, 'status' | 'salesTarget' | 'commissionRate' | 'clientsOnboarded'>[],
): AgentSummary {
  const totalTarget = agents.reduce((sum, agent) => sum + agent.salesTarget, 0);
  const totalRate = agents.reduce((sum, agent) => sum + agent.commissionRate, 0);
  return {
    totalAgents: String(agents.length),
    activeAgents: String(agents.filter((agent) => agent.status === 'active').length),
    clientsOnboarded: String(agents.reduce((sum, agent) => sum + agent.clientsOnboarded, 0)),
    totalTarget: formatThousands(totalTarget),
    averageCommission: formatPercent(agents.length === 0 ? 0 : totalRate / agents.length),
  };
}

/** This month's sales as a percentage of the target (0 without a target). */
export function targetProgress(agent: Pick<Agent, 'salesThisMonth' | 'salesTarget'>): number {
  const sales = isDecimalString(agent.salesThisMonth) ? Number(agent.salesThisMonth) : 0;
  return agent.salesTarget > 0 ? (sales / agent.salesTarget) * 100 : 0;
}

export const AGENT_CSV_COLUMNS = [
  'Agent ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'ID Number',
  'Region',
  'Supervisor',
  'Commission Rate (%)',
  'Sales Target',
  'Clients Onboarded',
  'Policies Sold',
  'Sales This Month',
  'Total Commissions',
  'Status',
  'Created',
] as const;

/** The agents export: one row per agent, amounts as plain numbers a spreadsheet can sum. */
export function agentsCsv(agents: readonly Agent[]): string {
  return toCsv(
    AGENT_CSV_COLUMNS,
    agents.map((agent) => ({
      'Agent ID': agent.agentId,
      'First Name': agent.firstName,
      'Last Name': agent.lastName,
      Email: agent.email,
      Phone: agent.phone,
      'ID Number': agent.idNumber ?? '',
      Region: agent.region ?? '',
      Supervisor: agent.supervisorName ?? '',
      'Commission Rate (%)': agent.commissionRate,
      'Sales Target': randFromNumber(agent.salesTarget),
      'Clients Onboarded': agent.clientsOnboarded,
      'Policies Sold': agent.policiesSold,
      'Sales This Month': agent.salesThisMonth,
      'Total Commissions': agent.totalCommissions,
      Status: agent.status,
      Created: agent.createdAt.slice(0, 10),
    })),
  );
}

/** The export is named by date (spec part 2 §9). */
export function agentsFileName(now: Date = new Date()): string {
  return `agents-${localIsoDate(now)}.csv`;
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { AGENT_STATUSES, type AgentStatus } from '@fpa/write-model/validation';
import { addMoney, type ReportSource } from '../report-source.ts';

/** One agent as the agents report lists it; amounts and rates are decimal text, as the read models give them. */
export type AgentReportRow = {
  agentId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  region: string | null;
  /** Percent ('7.50'). */
  commissionRate: string;
  /** Rand ('25000.00'). */
  salesTarget: string;
  status: AgentStatus;
  clientsOnboarded: number;
  /** Rand ('1250.00'). */
  totalCommissions: string;
  /** YYYY-MM-DD */
  createdAt: string;
};

/**
 * The agents read model supplies this: the company's agents with their metrics, newest first,
 * those with `status` only when it is given.
 */
export type ListAgentsForReport = (sql: SqlExecutor, companyId: string, status: AgentStatus | null) => Promise<AgentReportRow[]>;

/**
 * The agents report over the agents read model's list. Agents are few per company (staff, not
 * clients), so the cards are added up from the same rows the CSV holds.
 */
export function agentsReport(listAgentsForReport: ListAgentsForReport): ReportSource {
  const list = (sql: SqlExecutor, companyId: string, status: string | null) =>
    listAgentsForReport(sql, companyId, status as AgentStatus | null);
  return {
    type: 'agents',
    label: 'Agents',
    statuses: AGENT_STATUSES.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })),
    columns: [
      { key: 'agentId', label: 'Agent ID', kind: 'text' },
      { key: 'firstName', label: 'First Name', kind: 'text' },
      { key: 'lastName', label: 'Last Name', kind: 'text' },
      { key: 'email', label: 'Email', kind: 'text' },
      { key: 'phone', label: 'Phone', kind: 'text' },
      { key: 'region', label: 'Region', kind: 'text' },
      { key: 'commissionRate', label: 'Commission Rate', kind: 'percent' },
      { key: 'salesTarget', label: 'Sales Target', kind: 'money' },
      { key: 'status', label: 'Status', kind: 'status' },
      { key: 'clientsOnboarded', label: 'Clients Onboarded', kind: 'number' },
      { key: 'totalCommissions', label: 'Total Commissions', kind: 'money' },
      { key: 'createdAt', label: 'Created', kind: 'date' },
    ],
    async rows(sql, companyId, status, limit) {
      const agents = await list(sql, companyId, status);
      return (limit === null ? agents : agents.slice(0, limit)).map((a) => ({ ...a, clientsOnboarded: String(a.clientsOnboarded) }));
    },
    async summary(sql, companyId, status) {
      const agents = await list(sql, companyId, status);
      const count = (s: AgentStatus) => String(agents.filter((a) => a.status === s).length);
      return {
        totalCount: agents.length,
        cards: [
          { key: 'totalAgents', label: 'Total Agents', kind: 'count', value: String(agents.length) },
          { key: 'activeAgents', label: 'Active', kind: 'count', value: count('active') },
          { key: 'inactiveAgents', label: 'Inactive', kind: 'count', value: count('inactive') },
          {
            key: 'clientsOnboarded',
            label: 'Clients Onboarded',
            kind: 'count',
            value: String(agents.reduce((n, a) => n + a.clientsOnboarded, 0)),
          },
          { key: 'totalCommissions', label: 'Total Commissions', kind: 'money', value: addMoney(...agents.map((a) => a.totalCommissions)) },
        ],
      };
    },
  };
}

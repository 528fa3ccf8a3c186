import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { AgentStatus } from '@fpa/write-model/validation';
import { monthStart } from '../portfolio/portfolio.paging.ts';
import { isUuid } from '../portfolio/uuid.ts';
import { MEMBER_ONBOARDED } from './agents.projection.ts';

export type AgentMetrics = {
  /** member_onboarded activities of the agent. */
  clientsOnboarded: number;
  policiesSold: number;
  /** Monthly premiums of the policies written this South African calendar month (two decimals). */
  salesThisMonth: string;
  /** Commission earned by completed payments of the agent's policies, to date and this month. */
  totalCommissions: string;
  commissionThisMonth: string;
};

export type AgentRow = AgentMetrics & {
  id: string;
  userId: string | null;
  /** The agent code the screens call Agent ID. */
  agentId: string;
  firstName: string;
  lastName: string;
  idNumber: string | null;
  email: string;
  phone: string;
  supervisorName: string | null;
  region: string | null;
  commissionRate: number;
  salesTarget: number;
  notes: string | null;
  status: AgentStatus;
  createdAt: Date;
};

const money = (expression: string) => `coalesce((${expression}), 0)::numeric(20,2)::text`;

/** $2 is the first day of the current month; the metrics are correlated sums over one agent's rows. */
const COLUMNS = `a.id, a.user_id as "userId", a.agent_code as "agentId", a.first_name as "firstName", a.last_name as "lastName",
  a.id_number as "idNumber", a.email, a.phone, a.supervisor_name as "supervisorName", a.region,
  a.commission_rate::float8 as "commissionRate", a.sales_target::float8 as "salesTarget", a.notes, a.status, a.created_at as "createdAt",
  (select count(*) from agent_activities x where x.agent_id = a.id and x.type = '${MEMBER_ONBOARDED}')::int as "clientsOnboarded",
  (select count(*) from agent_sales s where s.agent_id = a.id)::int as "policiesSold",
  ${money(`select sum(s.monthly_premium) from agent_sales s where s.agent_id = a.id and s.month = $2::date`)} as "salesThisMonth",
  ${money(`select sum(c.commission) from agent_commissions c where c.agent_id = a.id and c.status = 'completed'`)} as "totalCommissions",
  ${money(`select sum(c.commission) from agent_commissions c where c.agent_id = a.id and c.status = 'completed'
            and c.payment_date >= $2::date and c.payment_date < ($2::date + interval '1 month')`)} as "commissionThisMonth"`;

export type AgentScope = {
  /** Only the agent record linked to this user (an agent's own session). */
  userId?: string | null;
  /** The instant whose month "this month" is (the caller passes it: no clock here). */
  now: Date;
};

/** The company's agents, newest first, with their metrics; an agent's session passes its userId. */
export async function listAgents(sql: SqlExecutor, companyId: string, scope: AgentScope): Promise<AgentRow[]> {
  const own = scope.userId !== undefined && scope.userId !== null;
  return sql.query<AgentRow>(
    `select ${COLUMNS} from agents a where a.company_id = $1 ${own ? 'and a.user_id = $3' : ''}
      order by a.created_at desc, a.position desc`,
    own ? [companyId, monthStart(scope.now), scope.userId] : [companyId, monthStart(scope.now)],
  );
}

export async function findAgent(sql: SqlExecutor, companyId: string, id: string, now: Date): Promise<AgentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<AgentRow>(`select ${COLUMNS} from agents a where a.company_id = $1 and a.id = $3`, [
    companyId,
    monthStart(now),
    id,
  ]);
  return row ?? null;
}

/** The agent record linked to a user (an agent's login), or null. */
export async function findAgentByUser(sql: SqlExecutor, companyId: string, userId: string, now: Date): Promise<AgentRow | null> {
  if (!isUuid(userId)) return null;
  const [row] = await sql.query<AgentRow>(`select ${COLUMNS} from agents a where a.company_id = $1 and a.user_id = $3`, [
    companyId,
    monthStart(now),
    userId,
  ]);
  return row ?? null;
}

export type ActivityRow = { id: string; userId: string; agentId: string | null; type: string; description: string; createdAt: Date };

/** Newest first; `agentId` narrows to one agent's (an agent's own session). */
export async function listActivities(
  sql: SqlExecutor,
  companyId: string,
  args: { agentId?: string | null; first?: number } = {},
): Promise<ActivityRow[]> {
  if (args.agentId && !isUuid(args.agentId)) return [];
  const first = Number.isInteger(args.first) ? Math.max(0, Math.min(args.first!, 500)) : 100;
  return sql.query<ActivityRow>(
    `select id, user_id as "userId", agent_id as "agentId", type, description, created_at as "createdAt"
       from agent_activities where company_id = $1 ${args.agentId ? 'and agent_id = $3' : ''}
      order by created_at desc, position desc limit $2`,
    args.agentId ? [companyId, first, args.agentId] : [companyId, first],
  );
}

/** The payments an agent earned commission on, newest first (the figures behind totalCommissions). */
export type CommissionRow = {
  paymentId: string;
  policyId: string;
  amount: string;
  commissionRate: number;
  commission: string;
  status: string;
  paymentDate: string;
};

export async function listCommissions(sql: SqlExecutor, companyId: string, agentId: string): Promise<CommissionRow[]> {
  if (!isUuid(agentId)) return [];
  return sql.query<CommissionRow>(
    `select payment_id as "paymentId", policy_id as "policyId", amount::text, commission_rate::float8 as "commissionRate",
            commission::text, status, to_char(payment_date, 'YYYY-MM-DD') as "paymentDate"
       from agent_commissions where company_id = $1 and agent_id = $2 order by created_at desc, position desc`,
    [companyId, agentId],
  );
}

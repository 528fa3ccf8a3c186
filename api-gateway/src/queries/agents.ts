import { NotFoundError } from '@fpa/write-model';
import {
  findAgent,
  findAgentByUser,
  listActivities,
  listAgents,
  newSales as newSalesQuery,
  type ActivityRow,
  type AgentRow,
  type NewSales,
  type SalesArgs,
} from '@fpa/projections';
import { centsToDecimal, decimalToCents } from '@fpa/write-model/validation';
import type { RequestContext, SessionUser } from '../context.ts';
import { requireCompanyUser, type Operation } from '../auth/policy.ts';
import { tenantSql } from './tenant.ts';

export const AGENT_NOT_FOUND = 'Agent not found';

/** The caller (its role scopes what it sees) and its company, for a read. */
function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { user, companyId: user.companyId };
}

/**
 * Data scoping, not authorization (spec part 2 §6): an agent's session sees only the agent record
 * linked to its own login, that agent's activities and that agent's clients.
 */
const seesOwnOnly = (user: SessionUser) => user.role === 'agent';

export function agents(ctx: RequestContext): Promise<AgentRow[]> {
  const { user, companyId } = caller(ctx, 'agents:read');
  return listAgents(tenantSql(ctx, companyId), companyId, { now: ctx.services.now(), ...(seesOwnOnly(user) ? { userId: user.id } : {}) });
}

/** One agent the caller may see; another agent's record reads as missing to an agent's session. */
export async function agent(ctx: RequestContext, id: string): Promise<AgentRow | null> {
  const { user, companyId } = caller(ctx, 'agents:read');
  const row = await findAgent(tenantSql(ctx, companyId), companyId, id, ctx.services.now());
  return row && (!seesOwnOnly(user) || row.userId === user.id) ? row : null;
}

export async function agentOrMissing(ctx: RequestContext, id: string): Promise<AgentRow> {
  const row = await agent(ctx, id);
  if (!row) throw new NotFoundError(AGENT_NOT_FOUND);
  return row;
}

/** GET /api/agents/metrics: each visible agent's figures, keyed by its id and its login. */
export async function agentMetrics(ctx: RequestContext) {
  return (await agents(ctx)).map((a) => ({
    id: a.id,
    userId: a.userId,
    agentId: a.agentId,
    salesTarget: a.salesTarget,
    clientsOnboarded: a.clientsOnboarded,
    policiesSold: a.policiesSold,
    salesThisMonth: a.salesThisMonth,
    totalCommissions: a.totalCommissions,
    commissionThisMonth: a.commissionThisMonth,
  }));
}

/** The caller's own agent record (an agent's session), or null. */
async function ownAgent(ctx: RequestContext, user: SessionUser & { companyId: string }): Promise<AgentRow | null> {
  return findAgentByUser(tenantSql(ctx, user.companyId), user.companyId, user.id, ctx.services.now());
}

export async function activities(ctx: RequestContext, first?: number): Promise<ActivityRow[]> {
  const { user, companyId } = caller(ctx, 'agents:read');
  if (!seesOwnOnly(user)) return listActivities(tenantSql(ctx, companyId), companyId, { first });
  const own = await ownAgent(ctx, user);
  return own ? listActivities(tenantSql(ctx, companyId), companyId, { agentId: own.id, first }) : [];
}

export type AgentDashboard = {
  agent: AgentRow | null;
  salesTarget: number;
  clientsOnboarded: number;
  totalCommissions: string;
  commissionRate: number;
  commissionThisMonth: string;
};

const sumMoney = (values: string[]) => centsToDecimal(values.reduce((sum, v) => sum + decimalToCents(v), 0n));

/**
 * GET /api/agent/dashboard: the signed-in agent's own cards. A caller without an agent record sees
 * the company's agents together (targets and commissions summed, the average rate), except an
 * agent's login without a record, which has nothing of its own to show yet.
 */
export async function agentDashboard(ctx: RequestContext): Promise<AgentDashboard> {
  const { user } = caller(ctx, 'agents:read');
  const own = await ownAgent(ctx, user);
  const team = own ? [own] : seesOwnOnly(user) ? [] : await agents(ctx);
  const rate = team.length ? Math.round((team.reduce((sum, a) => sum + a.commissionRate, 0) / team.length) * 100) / 100 : 0;
  return {
    agent: own,
    salesTarget: team.reduce((sum, a) => sum + a.salesTarget, 0),
    clientsOnboarded: team.reduce((sum, a) => sum + a.clientsOnboarded, 0),
    totalCommissions: sumMoney(team.map((a) => a.totalCommissions)),
    commissionRate: rate,
    commissionThisMonth: sumMoney(team.map((a) => a.commissionThisMonth)),
  };
}

/** GET /api/new-sales: the company's agent sales; an agent's session sees only its own clients. */
export async function newSales(ctx: RequestContext, args: SalesArgs): Promise<NewSales> {
  const { user, companyId } = caller(ctx, 'sales:read');
  if (!seesOwnOnly(user)) return newSalesQuery(tenantSql(ctx, companyId), companyId, args);
  const own = await ownAgent(ctx, user);
  if (args.agentId && args.agentId !== own?.id) throw new NotFoundError(AGENT_NOT_FOUND);
  if (!own) return { sales: [], totalSales: 0, monthlyRevenue: '0.00', activePolicies: 0 };
  return newSalesQuery(tenantSql(ctx, companyId), companyId, { ...args, agentId: own.id });
}

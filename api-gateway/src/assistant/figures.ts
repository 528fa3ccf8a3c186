import {
  billingSummary,
  claimCounts,
  dashboardStats,
  findAgentByUser,
  findSubscription,
  listAgents,
  newSales,
  policyCounts,
  premiumsCollected,
} from '@fpa/projections';
import { readSql, type RequestContext, type SessionUser } from '../context.ts';
import { southAfricanDate } from '@fpa/write-model/validation';
import { claimDeadlines } from '../queries/claims.ts';
import { may, type Operation } from '../auth/policy.ts';
import { refusal, type Intent } from './intents.ts';

const rand = (amount: string) => `R ${Number(amount).toLocaleString('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Which operation guards each figure, and how to name it in a refusal. */
const GUARD: Record<Intent['subject'], { operation: Operation; what: string; plural?: true; agentsToo?: false }> = {
  policies: { operation: 'policies:read', what: 'the policy counts', plural: true },
  members: { operation: 'members:read', what: 'the member count' },
  // The sidebar's usage panel, which agents do not see (spec part 1 §2, §6).
  membersLeft: { operation: 'subscription:read', what: 'the plan usage', agentsToo: false },
  claims: { operation: 'claims:read', what: 'the claim counts', plural: true },
  revenue: { operation: 'dashboard:read', what: 'company revenue' },
  premiums: { operation: 'payments:read', what: 'the premiums collected', plural: true },
  // An agent's own figures: the agent record linked to the asker's login, nobody else's.
  myCommission: { operation: 'agents:read', what: 'agent commission' },
  myClients: { operation: 'agents:read', what: "an agent's clients" },
  // Agents read only their own record (spec part 2 §6), so the team's summary is not theirs to see.
  agents: { operation: 'agents:read', what: 'the agent team summary', agentsToo: false },
  // An agent's session sees only its own sales, as on the New Sales page.
  sales: { operation: 'sales:read', what: 'the new sales', plural: true },
  // The Arrears worklist's and the dashboard's decision-clock panel's own permissions (issue #25).
  arrears: { operation: 'payments:read', what: 'the arrears figures', plural: true },
  claimDeadlines: { operation: 'claims:read', what: "the claims' decision deadlines", plural: true },
};

const NO_AGENT_RECORD =
  "Your login is not linked to an agent record, so you have no sales or commission of your own. The agents' figures are on the Agents page (/agents).";

/**
 * The answer to a figure question, from the read models of the caller's own company only (the
 * company id comes from the session). A role that may not see the figure gets a polite refusal.
 */
export async function answerFigure(ctx: RequestContext, user: SessionUser, intent: Intent): Promise<string> {
  const guard = GUARD[intent.subject];
  const companyId = user.companyId;
  if (!companyId || !may(user, guard.operation) || (guard.agentsToo === false && user.role === 'agent')) {
    return refusal(user.role, guard.what, guard.plural);
  }
  const sql = readSql(ctx);
  switch (intent.subject) {
    case 'policies': {
      const c = await policyCounts(sql, companyId);
      const source = 'from the count cards on the Policies page (/policies)';
      if (intent.status === 'all') {
        return `You have ${plural(c.total, 'policy', 'policies')} in total: ${c.active} active, ${c.lapsed} lapsed and ${c.cancelled} cancelled (${source}).`;
      }
      const n = c[intent.status];
      const note =
        intent.status === 'lapsed' ? ' This is the current number of lapsed policies, not only those that lapsed this month.' : '';
      return `You have ${plural(n, `${intent.status} policy`, `${intent.status} policies`)} out of ${c.total} (${source}).${note}`;
    }
    case 'members': {
      const s = await dashboardStats(sql, companyId, new Date());
      return `Your company has ${plural(s.totalMembers, 'member', 'members')} in total, main and family members together (from the Total Members card on the Dashboard (/); the list is on /members).`;
    }
    case 'membersLeft': {
      const sub = await findSubscription(sql, companyId);
      const limit = sub?.memberLimit ?? 300;
      const count = sub?.currentMemberCount ?? 0;
      const left = Math.max(0, limit - count);
      const tier = !sub || sub.tier === 'free' ? 'Free Tier' : `Tier ${sub.tier}`;
      const more = left === 0 ? ' Your plan is full: upgrade on /subscription to add more.' : '';
      return `You can still add ${plural(left, 'member', 'members')} on your plan: ${count} of ${limit} members used on the ${tier} (from your subscription, shown in the sidebar and on /subscription).${more}`;
    }
    case 'claims': {
      const c = await claimCounts(sql, companyId);
      const source = 'from the count cards on the Claims page (/claims)';
      if (intent.kind === 'review') {
        const waiting = c.submitted + c.underReview;
        return `${plural(waiting, 'claim is', 'claims are')} waiting for review: ${c.submitted} submitted and ${c.underReview} under review (${source}).`;
      }
      if (intent.kind === 'open') {
        return `You have ${plural(c.active, 'open claim', 'open claims')} (neither rejected nor paid) out of ${c.total} (${source}).`;
      }
      return `You have ${plural(c.total, 'claim', 'claims')} in total: ${c.submitted} submitted, ${c.underReview} under review, ${c.sentToUnderwriter} with the underwriter, ${c.approved} approved, ${c.rejected} rejected and ${c.paid} paid (${source}).`;
    }
    case 'revenue': {
      const s = await dashboardStats(sql, companyId, new Date());
      return `Your monthly revenue is ${rand(s.monthlyRevenue)}: the monthly premiums of your ${plural(s.activePolicies, 'active policy', 'active policies')} (from the Monthly Revenue card on the Dashboard (/)).`;
    }
    case 'premiums': {
      const [month] = await premiumsCollected(sql, companyId, { months: 1 });
      const amount = month?.amount ?? '0.00';
      const count = month?.paymentCount ?? 0;
      return `Premiums collected this month (${month?.month ?? 'this month'}): ${rand(amount)} from ${plural(count, 'completed payment', 'completed payments')} (from the completed payments on the Payments page (/payments)).`;
    }
    case 'myCommission': {
      const agent = await findAgentByUser(sql, companyId, user.id, new Date());
      if (!agent) return NO_AGENT_RECORD;
      return `Your commission this month is ${rand(agent.commissionThisMonth)}: ${agent.commissionRate}% of each completed premium payment of the policies you sold (${rand(agent.totalCommissions)} to date, the Total Commissions card on your dashboard (/)).`;
    }
    case 'myClients': {
      const agent = await findAgentByUser(sql, companyId, user.id, new Date());
      if (!agent) return NO_AGENT_RECORD;
      const sales = await newSales(sql, companyId, { agentId: agent.id });
      return `You have onboarded ${plural(agent.clientsOnboarded, 'client', 'clients')}: ${plural(sales.totalSales, 'policy', 'policies')} sold, ${sales.activePolicies} of them active, ${rand(sales.monthlyRevenue)} a month in premiums (the Clients Onboarded card on your dashboard (/); onboard the next one on /onboarding).`;
    }
    case 'agents': {
      const agents = await listAgents(sql, companyId, { now: new Date() });
      const active = agents.filter((a) => a.status === 'active').length;
      const clients = agents.reduce((n, a) => n + a.clientsOnboarded, 0);
      return `You have ${plural(agents.length, 'agent', 'agents')}: ${active} active and ${agents.length - active} inactive, who have onboarded ${plural(clients, 'client', 'clients')} (from the summary cards on the Agents page (/agents)).`;
    }
    case 'arrears': {
      // The dashboard's figures of the book, without its lapse-ratio trend (not part of this answer).
      const book = await billingSummary(sql, companyId, southAfricanDate(ctx.services.now()));
      const none = book.policiesInGrace === 0;
      return none
        ? `No policy is in arrears today: every premium fallen due is paid or its policy is out of cover (from the Arrears page (/arrears)).`
        : `${plural(book.policiesInGrace, 'policy is', 'policies are')} in arrears and still in cover, owing ${rand(book.arrearsInGrace)} in unpaid premiums. The Arrears page (/arrears) lists who they are, with each one's grace end and notice.`;
    }
    case 'claimDeadlines': {
      const d = await claimDeadlines(ctx);
      const urgent = d.urgent.filter((c) => c.state === 'overdue' || c.state === 'due_soon').map((c) => c.claimNumber);
      const names = urgent.length > 0 ? ` Most urgent: ${urgent.join(', ')}.` : '';
      return `${plural(d.overdue, 'claim is', 'claims are')} past the decision deadline and ${plural(d.dueSoon, 'is', 'are')} due within 4 business hours; ${d.running} more ${d.running === 1 ? 'has its' : 'have their'} clock running (from the Claim deadlines panel on the Dashboard (/)).${names}`;
    }
    case 'sales': {
      const own = user.role === 'agent' ? await findAgentByUser(sql, companyId, user.id, new Date()) : null;
      if (user.role === 'agent' && !own) return NO_AGENT_RECORD;
      const sales = await newSales(sql, companyId, own ? { agentId: own.id } : {});
      const whose = own ? 'You have sold' : 'Your agents have sold';
      return `${whose} ${plural(sales.totalSales, 'policy', 'policies')}, ${sales.activePolicies} of them active, worth ${rand(sales.monthlyRevenue)} a month in premiums (from the Total Sales, Active Policies and Monthly Revenue cards on the New Sales page (/new-sales)).`;
    }
  }
}

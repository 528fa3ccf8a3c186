import { builder } from '../builder.ts';
import * as agents from '../queries/agents.ts';
import { PolicyStatusEnum } from './portfolio.ts';
import { ActivityType, AgentDashboardType, AgentType, NewSalesType } from './agents.ts';

builder.queryFields((t) => ({
  agents: t.field({
    type: [AgentType],
    description: "The company's agents, newest first; an agent's session gets only its own record.",
    resolve: (_r, _a, ctx) => agents.agents(ctx),
  }),
  agent: t.field({
    type: AgentType,
    nullable: true,
    description: 'Null when there is no such agent or the caller may not see it.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => agents.agent(ctx, String(id)),
  }),
  activities: t.field({
    type: [ActivityType],
    description: "Newest first; an agent's session gets only its own.",
    args: { first: t.arg.int({ defaultValue: 100 }) },
    resolve: (_r, { first }, ctx) => agents.activities(ctx, first ?? undefined),
  }),
  agentDashboard: t.field({ type: AgentDashboardType, resolve: (_r, _a, ctx) => agents.agentDashboard(ctx) }),
  newSales: t.field({
    type: NewSalesType,
    description: "Policies written by agents whose member still exists; an agent's session gets only its own clients.",
    args: { search: t.arg.string(), status: t.arg({ type: PolicyStatusEnum }), agentId: t.arg.id() },
    resolve: (_r, { search, status, agentId }, ctx) =>
      agents.newSales(ctx, { search, status, agentId: agentId == null ? null : String(agentId) }),
  }),
}));

import type { PolicyStatus } from '@fpa/write-model/validation';
import * as agents from '../queries/agents.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Agents and "Documents, onboarding, sales", part 1 §7 agent dashboard: the reads (the commands are endpoints: commands/agents.ts). */
export const agentRoutes: Route[] = [
  { method: 'GET', path: '/api/agents', operation: 'agents:read', handler: (ctx) => agents.agents(ctx) },
  { method: 'GET', path: '/api/agents/metrics', operation: 'agents:read', handler: (ctx) => agents.agentMetrics(ctx) },
  {
    method: 'GET',
    path: '/api/agents/:id',
    operation: 'agents:read',
    handler: (ctx, { params }) => agents.agentOrMissing(ctx, params.id!),
  },
  {
    method: 'GET',
    path: '/api/activities',
    operation: 'agents:read',
    handler: (ctx, { query }) => agents.activities(ctx, query.get('first') === null ? undefined : Number(query.get('first'))),
  },
  { method: 'GET', path: '/api/agent/dashboard', operation: 'agents:read', handler: (ctx) => agents.agentDashboard(ctx) },
  {
    method: 'GET',
    path: '/api/new-sales',
    operation: 'sales:read',
    handler: (ctx, { query }) =>
      agents.newSales(ctx, {
        search: query.get('search'),
        status: query.get('status') as PolicyStatus | null,
        agentId: query.get('agentId'),
      }),
  },
];

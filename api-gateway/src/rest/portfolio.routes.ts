import * as portfolio from '../operations/portfolio.ts';
import type { Route } from './router.ts';

/** Spec part 1 §7: the list routes answer the whole list, as the spec's client expects. */
export const portfolioRoutes: Route[] = [
  { method: 'GET', path: '/api/dashboard/stats', operation: 'dashboard:read', handler: (ctx) => portfolio.dashboardStats(ctx) },
  { method: 'GET', path: '/api/members', operation: 'members:read', handler: (ctx) => portfolio.allMembers(ctx) },
  { method: 'GET', path: '/api/members/can-add', operation: 'members:read', handler: (ctx) => portfolio.canAddMember(ctx) },
  { method: 'POST', path: '/api/members', operation: 'members:create', status: 201, handler: (ctx, { body }) => portfolio.registerMember(ctx, body) },
  { method: 'POST', path: '/api/members/import', operation: 'members:import', handler: (ctx, { body }) => portfolio.importMembers(ctx, body) },
  { method: 'PUT', path: '/api/members/:id', operation: 'members:update', handler: (ctx, { params, body }) => portfolio.updateMember(ctx, params.id!, body) },
  { method: 'DELETE', path: '/api/members/:id', operation: 'members:delete', handler: (ctx, { params }) => portfolio.deleteMember(ctx, params.id!) },
  { method: 'GET', path: '/api/policy-types', operation: 'policy_types:read', handler: (ctx) => portfolio.policyTypes(ctx) },
  { method: 'POST', path: '/api/policy-types', operation: 'policy_types:create', status: 201, handler: (ctx, { body }) => portfolio.createPolicyType(ctx, body) },
  { method: 'PUT', path: '/api/policy-types/:id', operation: 'policy_types:update', handler: (ctx, { params, body }) => portfolio.updatePolicyType(ctx, params.id!, body) },
  { method: 'GET', path: '/api/policies', operation: 'policies:read', handler: (ctx) => portfolio.allPolicies(ctx) },
  { method: 'PATCH', path: '/api/policies/:id', operation: 'policies:update_status', handler: (ctx, { params, body }) => portfolio.changePolicyStatus(ctx, params.id!, body as object) },
];

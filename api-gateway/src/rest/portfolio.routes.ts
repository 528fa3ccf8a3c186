import { schedulePdf } from '../papers/schedule.ts';
import { memberSummaryWithDocuments } from '../queries/member-documents.ts';
import * as portfolio from '../queries/portfolio.ts';
import { jsonText, type Route } from './router.ts';

/** Spec part 1 §7: the list routes answer the whole list, as the spec's client expects (the commands are endpoints: commands/portfolio.ts). */
export const portfolioRoutes: Route[] = [
  { method: 'GET', path: '/api/dashboard/stats', operation: 'dashboard:read', handler: (ctx) => portfolio.dashboardStats(ctx) },
  { method: 'GET', path: '/api/members', operation: 'members:read', handler: async (ctx) => jsonText(await portfolio.allMembersJson(ctx)) },
  { method: 'GET', path: '/api/members/can-add', operation: 'members:read', handler: (ctx) => portfolio.canAddMember(ctx) },
  // Issue #22: the member's page as a summary; an unknown member, or another company's, is 404.
  {
    method: 'GET',
    path: '/api/members/:id',
    operation: 'members:read',
    handler: (ctx, { params }) => memberSummaryWithDocuments(ctx, params.id!),
  },
  { method: 'GET', path: '/api/policy-types', operation: 'policy_types:read', handler: (ctx) => portfolio.policyTypes(ctx) },
  { method: 'GET', path: '/api/policies', operation: 'policies:read', handler: (ctx) => portfolio.allPolicies(ctx) },
  // Issue #23: the policy schedule the policyholder is given, as a PDF.
  {
    method: 'GET',
    path: '/api/policies/:id/schedule.pdf',
    operation: 'policies:read',
    handler: (ctx, { params }) => schedulePdf(ctx, params.id!),
  },
];

import * as platform from '../operations/platform.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Super admin: the platform operator's routes (403 for every company user). */
export const platformRoutes: Route[] = [
  { method: 'GET', path: '/api/super-admin/companies', operation: 'platform.read', handler: (ctx) => platform.companies(ctx) },
  { method: 'GET', path: '/api/super-admin/subscriptions', operation: 'platform.read', handler: (ctx) => platform.subscriptions(ctx) },
  { method: 'GET', path: '/api/super-admin/stats', operation: 'platform.read', handler: (ctx) => platform.stats(ctx) },
  { method: 'GET', path: '/api/super-admin/compliance-logs', operation: 'platform.read', handler: (ctx) => platform.complianceLogs(ctx) },
  { method: 'GET', path: '/api/super-admin/settings', operation: 'platform.read', handler: (ctx) => platform.settings(ctx) },
  { method: 'GET', path: '/api/super-admin/plans', operation: 'platform.read', handler: (ctx) => platform.plans(ctx) },
  {
    method: 'POST',
    path: '/api/super-admin/companies/:companyId/suspend',
    operation: 'platform.companies.manage',
    handler: (ctx, { params, body }) => platform.suspendCompany(ctx, params.companyId!, body),
  },
  {
    method: 'POST',
    path: '/api/super-admin/companies/:companyId/activate',
    operation: 'platform.companies.manage',
    handler: (ctx, { params }) => platform.activateCompany(ctx, params.companyId!),
  },
  {
    method: 'POST',
    path: '/api/super-admin/settings',
    operation: 'platform.settings.manage',
    // 201 for a new key, 200 when the key existed and was updated.
    handler: async (ctx, { body }) => {
      const { setting, created } = await platform.saveSystemSetting(ctx, body);
      return Response.json(setting, { status: created ? 201 : 200 });
    },
  },
  { method: 'POST', path: '/api/super-admin/plans', operation: 'platform.plans.manage', status: 201, handler: (ctx, { body }) => platform.createPlan(ctx, body) },
  { method: 'PUT', path: '/api/super-admin/plans/:id', operation: 'platform.plans.manage', handler: (ctx, { params, body }) => platform.updatePlan(ctx, params.id!, body) },
  { method: 'DELETE', path: '/api/super-admin/plans/:id', operation: 'platform.plans.manage', handler: (ctx, { params }) => platform.deletePlan(ctx, params.id!) },
];

import * as platform from '../queries/platform.ts';
import type { Route } from './router.ts';

/** Spec part 2 §7 Super admin: the platform operator's reads (403 for every company user; its commands are endpoints: commands/platform.ts). */
export const platformRoutes: Route[] = [
  { method: 'GET', path: '/api/super-admin/companies', operation: 'platform.read', handler: (ctx) => platform.companies(ctx) },
  { method: 'GET', path: '/api/super-admin/subscriptions', operation: 'platform.read', handler: (ctx) => platform.subscriptions(ctx) },
  { method: 'GET', path: '/api/super-admin/stats', operation: 'platform.read', handler: (ctx) => platform.stats(ctx) },
  { method: 'GET', path: '/api/super-admin/compliance-logs', operation: 'platform.read', handler: (ctx) => platform.complianceLogs(ctx) },
  { method: 'GET', path: '/api/super-admin/settings', operation: 'platform.read', handler: (ctx) => platform.settings(ctx) },
  { method: 'GET', path: '/api/super-admin/plans', operation: 'platform.read', handler: (ctx) => platform.plans(ctx) },
];

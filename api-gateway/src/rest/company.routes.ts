import * as companies from '../operations/company.ts';
import type { Route } from './router.ts';

export const companyRoutes: Route[] = [
  { method: 'GET', path: '/api/company', operation: 'company:read', handler: (ctx) => companies.company(ctx) },
  { method: 'GET', path: '/api/subscription', operation: 'subscription:read', handler: (ctx) => companies.subscription(ctx) },
];

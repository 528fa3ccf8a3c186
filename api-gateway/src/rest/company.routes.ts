import * as companies from '../operations/company.ts';
import type { Route } from './router.ts';

export const companyRoutes: Route[] = [
  { method: 'GET', path: '/api/company', handler: (ctx) => companies.company(ctx) },
  { method: 'GET', path: '/api/subscription', handler: (ctx) => companies.subscription(ctx) },
];

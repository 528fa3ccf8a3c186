import * as companies from '../queries/company.ts';
import type { Route } from './router.ts';

/**
 * Spec part 2 §7 Settings: the company. Its commands — the company, the user's own profile and (beyond
 * the spec) the password — are endpoints (commands/company.ts, commands/profile.ts).
 */
export const companyRoutes: Route[] = [
  { method: 'GET', path: '/api/company', operation: 'company:read', handler: (ctx) => companies.company(ctx) },
];

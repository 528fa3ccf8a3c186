import * as companies from '../operations/company.ts';
import * as profile from '../operations/profile.ts';
import type { Route } from './router.ts';

/**
 * Spec part 2 §7 Settings: the company (its update is an endpoint: commands/company.ts), the user's own
 * profile, and (beyond the spec) the password.
 */
export const companyRoutes: Route[] = [
  { method: 'GET', path: '/api/company', operation: 'company:read', handler: (ctx) => companies.company(ctx) },
  { method: 'PUT', path: '/api/user/profile', operation: 'profile.update', handler: (ctx, { body }) => profile.updateProfile(ctx, body) },
  { method: 'PUT', path: '/api/user/password', operation: 'profile.update', handler: (ctx, { body }) => profile.changePassword(ctx, body) },
];

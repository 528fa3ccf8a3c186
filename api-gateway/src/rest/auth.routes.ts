import * as auth from '../auth/session-operations.ts';
import type { Route } from './router.ts';

/** Sessions and the reset request (registration and the password reset are endpoints: commands/auth.ts). */
export const authRoutes: Route[] = [
  { method: 'POST', path: '/api/login', operation: 'auth.login', handler: (ctx, { body }) => auth.login(ctx, body) },
  { method: 'POST', path: '/api/logout', operation: 'auth.logout', handler: async (ctx) => ({ ok: await auth.logout(ctx) }) },
  { method: 'GET', path: '/api/user', operation: 'auth.me', handler: (ctx) => auth.me(ctx) },
  {
    method: 'POST',
    path: '/api/auth/request-reset',
    operation: 'auth.requestPasswordReset',
    handler: (ctx, { body }) => auth.requestPasswordReset(ctx, body),
  },
];

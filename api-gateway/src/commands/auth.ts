import { registerSlice, resetPasswordSlice } from '@fpa/write-model';
import { findUserById } from '@fpa/projections';
import { startSession } from '../auth/session-operations.ts';
import { AuthPayload } from '../schema/auth.ts';
import { endpoint } from './expose.ts';

/*
 * The visitor's commands that append: registration and the password reset. Sign-in and sign-out manage
 * sessions and sign-in limits, and the reset request only issues a token: they stay routes of their own
 * (rest/auth.routes.ts, schema/auth.ts).
 */
export const authEndpoints = [
  endpoint({
    slice: registerSlice,
    rest: { method: 'POST', path: '/api/register', status: 201 },
    graphql: { type: AuthPayload },
    /** The new administrator is signed in: the session cookie and token come with the answer. */
    answer: async (ctx, { userId }) => {
      const user = await findUserById(ctx.services.sql, userId);
      if (!user) throw new Error(`Registered user ${userId} is not in the read model yet`);
      return startSession(ctx, user);
    },
  }),
  endpoint({
    slice: resetPasswordSlice,
    rest: { method: 'POST', path: '/api/auth/reset-password' },
    graphql: { type: 'Boolean', result: ({ ok }: { ok: true }) => ok },
    answer: () => ({ ok: true as const }),
  }),
];

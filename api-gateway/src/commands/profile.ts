import { changePasswordSlice, updateProfileSlice, WrongCurrentPassword } from '@fpa/write-model';
import { findUserById } from '@fpa/projections';
import { authorize } from '../auth/policy.ts';
import { assertLoginAllowed, recordLoginAttempt } from '../auth/rate-limit.ts';
import { withPermissions, type RequestContext, type SessionUser } from '../context.ts';
import { publicUser } from '../auth/session-operations.ts';
import { UserType } from '../schema/auth.ts';
import { endpoint } from './expose.ts';

/** The signed-in user (profile.update is every signed-in user's, their own account only). */
function signedIn(ctx: RequestContext, operation: 'profile.update' | 'profile.password' = 'profile.update'): SessionUser {
  return authorize(ctx.user, operation)!;
}

/** Settings → the signed-in user's own profile and (beyond the spec) password; the user id comes from the session. */
export const profileEndpoints = [
  endpoint({
    slice: updateProfileSlice,
    rest: { method: 'PUT', path: '/api/user/profile' },
    graphql: { type: UserType, description: "The signed-in user's own profile (Settings → user profile)." },
    /** The user as now stored, and the session's user with it (the answer is the session's user). */
    answer: async (ctx) => {
      const { id } = signedIn(ctx);
      const row = await findUserById(ctx.services.sql, id);
      if (!row) throw new Error(`User ${id} is not in the read model`);
      ctx.user = await withPermissions(ctx.services.sql, row);
      return publicUser(ctx.user);
    },
  }),
  endpoint({
    slice: changePasswordSlice,
    rest: { method: 'PUT', path: '/api/user/password' },
    graphql: { type: 'Boolean', description: "The signed-in user's password; their other sessions end.", result: (answer) => answer.ok },
    /**
     * The current password proves it is the user: a wrong one counts like a failed sign-in (the same
     * lock-out), changes nothing and is refused with 400.
     */
    around: async (ctx, command) => {
      const { username } = signedIn(ctx, 'profile.password');
      const { sql } = ctx.services;
      const now = ctx.services.now();
      await assertLoginAllowed(sql, username, ctx.ip, now);
      try {
        return await command();
      } catch (error) {
        if (error instanceof WrongCurrentPassword) await recordLoginAttempt(sql, username, ctx.ip, false, now);
        throw error;
      }
    },
    answer: () => ({ ok: true as const }),
  }),
];

import { changePassword as changePasswordCommand, hashToken, updateProfile as updateProfileCommand, WrongCurrentPassword } from '@fpa/write-model';
import { findUserById } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { assertLoginAllowed, recordLoginAttempt } from '../auth/rate-limit.ts';
import { withPermissions } from '../context.ts';
import { publicUser, type PublicUser } from './auth.ts';
import { commandFor, readYourWrites } from './consistency.ts';

/** PUT /api/user/profile: the caller's own profile (the user id comes from the session). */
export async function updateProfile(ctx: RequestContext, input: unknown): Promise<PublicUser> {
  const user = authorize(ctx.user, 'profile.update')!;
  const result = await updateProfileCommand(ctx.services.store, input, commandFor(ctx));
  if (result.append) await readYourWrites(ctx, result.append);
  const row = await findUserById(ctx.services.sql, user.id);
  if (!row) throw new Error(`User ${user.id} is not in the read model`);
  ctx.user = await withPermissions(ctx.services.sql, row);
  return publicUser(ctx.user);
}

/**
 * PUT /api/user/password: the current password proves it is the user; a wrong one counts like a
 * failed sign-in (the same lock-out), changes nothing and is refused with 400. The user's other
 * sessions end; this one stays signed in.
 */
export async function changePassword(ctx: RequestContext, input: unknown): Promise<{ ok: true }> {
  const user = authorize(ctx.user, 'profile.update')!;
  const { sql, store } = ctx.services;
  const now = ctx.services.now();
  await assertLoginAllowed(sql, user.username, ctx.ip, now);
  try {
    const result = await changePasswordCommand(store, sql, input, commandFor(ctx), {
      keepSessionTokenHash: ctx.sessionToken ? hashToken(ctx.sessionToken) : null,
    });
    await readYourWrites(ctx, result.append);
  } catch (error) {
    if (error instanceof WrongCurrentPassword) await recordLoginAttempt(sql, user.username, ctx.ip, false, now);
    throw error;
  }
  return { ok: true };
}

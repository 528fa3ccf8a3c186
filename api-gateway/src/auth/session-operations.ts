import {
  DomainError,
  dummyPasswordHash,
  findCredentialByUsername,
  issueResetToken,
  verifyPassword,
  VISITOR,
  parseInput,
  recordLoginFailures,
} from '@fpa/write-model';
import { loginSchema, requestResetSchema } from '@fpa/write-model/validation';
import { findCompany, findUserById, findUsersByEmail, type UserRow } from '@fpa/projections';
import { isSecureRequest, withPermissions, type RequestContext, type SessionUser } from '../context.ts';
import { authorize } from '../auth/policy.ts';
import { assertLoginAllowed, failureStreak, LOGIN_WINDOW_MINUTES, recordLoginAttempt, REPORT_AFTER_FAILURES } from '../auth/rate-limit.ts';
import { admitResetRequest } from '../auth/reset-limit.ts';
import { clearedSessionCookie, createSession, revokeSession, sessionCookie } from '../auth/sessions.ts';
import { commandFor, readYourWrites } from '../commands/consistency.ts';

export type PublicUser = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'role' | 'companyId' | 'phone' | 'mustChangePassword'
> & {
  /** The effective permissions, so the client shows only what the server will allow. */
  permissions: string[];
};
export type AuthAnswer = { token: string; user: PublicUser };

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const COMPANY_SUSPENDED = 'Your company account has been suspended. Please contact support.';
export const USER_DEACTIVATED = 'Your account has been deactivated. Please contact your administrator.';
export const RESET_REQUESTED = 'If the email exists, a reset link has been sent.';

export function publicUser(user: SessionUser): PublicUser {
  const { id, username, email, firstName, lastName, role, companyId, phone, mustChangePassword } = user;
  return {
    id,
    username,
    email,
    firstName,
    lastName,
    role,
    companyId,
    phone,
    mustChangePassword,
    // Until a new password is chosen, none: the web offers nothing the server would refuse.
    permissions: mustChangePassword ? [] : [...user.permissions].sort(),
  };
}

/** Signs the user in: a new session, its cookie, and the caller from now on (login and registration). */
export async function startSession(ctx: RequestContext, user: UserRow): Promise<AuthAnswer> {
  const { token, expiresAt } = await createSession(ctx.services.sql, user.id, {
    ip: ctx.ip,
    userAgent: ctx.request.headers.get('user-agent'),
  });
  ctx.setCookies.push(sessionCookie(token, expiresAt, isSecureRequest(ctx.request)));
  ctx.sessionToken = token;
  ctx.user = await withPermissions(ctx.services.sql, user);
  return { token, user: publicUser(ctx.user) };
}

export async function login(ctx: RequestContext, input: unknown): Promise<AuthAnswer> {
  authorize(ctx.user, 'auth.login');
  const { username, password } = parseInput(loginSchema, input);
  const { sql } = ctx.services;
  const now = ctx.services.now();
  await assertLoginAllowed(sql, username, ctx.ip, now);
  const credential = await findCredentialByUsername(sql, username);
  // Unknown usernames still pay for a hash check, so timing does not tell which usernames exist.
  const valid = await verifyPassword(password, credential?.passwordHash ?? (await dummyPasswordHash()));
  await recordLoginAttempt(sql, username, ctx.ip, Boolean(credential && valid), now);
  if (!credential || !valid) {
    if (credential) await noteRepeatedFailures(ctx, credential.userId, username, now);
    throw new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  const user = await findUserById(sql, credential.userId);
  if (!user) throw new DomainError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  // Said only to who knows the password (issue #25: an administrator deactivated the account).
  if (!user.isActive) throw new DomainError('UNAUTHENTICATED', USER_DEACTIVATED);
  if (user.companyId) {
    const company = await findCompany(sql, user.companyId);
    if (!company?.isActive) throw new DomainError('COMPANY_SUSPENDED', COMPANY_SUSPENDED);
  }
  return startSession(ctx, user);
}

/**
 * When a known user's failures (from any address) reach REPORT_AFTER_FAILURES, LoginFailuresRepeated is recorded for
 * the compliance log (once per streak). Never in the way of the refusal itself.
 */
async function noteRepeatedFailures(ctx: RequestContext, userId: string, username: string, now: Date): Promise<void> {
  try {
    const { failures, firstAttemptId } = await failureStreak(ctx.services.sql, username, now);
    if (failures < REPORT_AFTER_FAILURES || !firstAttemptId) return;
    const { append } = await recordLoginFailures(
      ctx.services.store,
      { userId, failures, windowMinutes: LOGIN_WINDOW_MINUTES, streakId: firstAttemptId },
      commandFor(ctx, VISITOR),
    );
    await readYourWrites(ctx, append);
  } catch (error) {
    ctx.services.logger.error({ err: error, userId }, 'could not record repeated sign-in failures');
  }
}

/** Revokes the session (when there is one) and clears the cookie; never fails for a visitor. */
export async function logout(ctx: RequestContext): Promise<boolean> {
  authorize(ctx.user, 'auth.logout');
  if (ctx.sessionToken) await revokeSession(ctx.services.sql, ctx.sessionToken);
  ctx.setCookies.push(clearedSessionCookie(isSecureRequest(ctx.request)));
  ctx.user = null;
  return true;
}

export function me(ctx: RequestContext): PublicUser {
  const user = authorize(ctx.user, 'auth.me');
  return publicUser(user!);
}

/**
 * Issues a reset link for every account with this e-mail and hands it to the mailer (SMTP, or the
 * server log when no mail server is configured). The answer never carries the link or the token, in
 * any mode, and is the same for known and unknown addresses. The link's base is PUBLIC_URL (or
 * http://localhost:PORT), never the request's Host header: a forged Host must not put an attacker's
 * site in a real user's reset e-mail.
 */
export async function requestPasswordReset(ctx: RequestContext, input: unknown): Promise<{ ok: true; message: string }> {
  authorize(ctx.user, 'auth.requestPasswordReset');
  const { email } = parseInput(requestResetSchema, input);
  const { sql, config, mailer } = ctx.services;
  const { send } = await admitResetRequest(sql, email, ctx.ip, ctx.services.now());
  if (send) {
    for (const user of await findUsersByEmail(sql, email)) {
      const token = await issueResetToken(sql, user.id);
      const link = `${config.linkBase}/auth?action=reset&token=${encodeURIComponent(token)}`;
      // Not awaited: a slow or failing mail server must neither delay nor change the answer, which
      // would tell a known address from an unknown one. A failure is logged for the operator.
      mailer.sendPasswordReset(user.email, link, user.username).catch((err: unknown) => {
        ctx.services.logger.error({ err, userId: user.id }, 'could not send the password reset e-mail');
      });
    }
  }
  return { ok: true, message: RESET_REQUESTED };
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { DomainError, usernameKey } from '@fpa/write-model';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
/** From this many consecutive failures on a username, each next attempt waits a growing delay. */
export const SLOW_AFTER_FAILURES = 2;

/** A refusal that says when to come back: the REST answer carries it as `Retry-After`. */
export class RetryLaterError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The wait after `failures` consecutive failures: none, then 1 s, 2 s, 4 s … (doubling). */
export function slowdownSeconds(failures: number): number {
  return failures < SLOW_AFTER_FAILURES ? 0 : 2 ** (failures - SLOW_AFTER_FAILURES);
}

export const slowedMessage = (seconds: number) =>
  `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/**
 * Refuses a login while there have been too many recent failures for this username or from this
 * address (lock-out), or while the username's growing delay since its last failure has not passed
 * (slowing). Decided from the recorded attempt times and the request's clock, never by sleeping.
 * The attempts live in a table, so every gateway process sees the same count.
 */
export async function assertLoginAllowed(sql: SqlExecutor, username: string, ip: string, now: Date): Promise<void> {
  const rows = await sql.query<{ by_user: number; by_ip: number; last_user: Date | string | null }>(
    `select count(*) filter (where username_key = $1)::int as by_user, count(*) filter (where ip = $2)::int as by_ip,
            max(attempted_at) filter (where username_key = $1) as last_user
       from auth_login_attempts
      where not succeeded and attempted_at > $4::timestamptz - make_interval(mins => $3) and (username_key = $1 or ip = $2)`,
    [usernameKey(username), ip, LOGIN_WINDOW_MINUTES, now.toISOString()],
  );
  const counts = rows[0] ?? { by_user: 0, by_ip: 0, last_user: null };
  if (counts.by_user >= MAX_FAILURES_PER_USERNAME || counts.by_ip >= MAX_FAILURES_PER_ADDRESS) {
    throw new DomainError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again, or reset your password.`,
    );
  }
  const delayMs = slowdownSeconds(counts.by_user) * 1000;
  if (delayMs === 0 || counts.last_user === null) return;
  const remainingMs = new Date(counts.last_user).getTime() + delayMs - now.getTime();
  if (remainingMs > 0) {
    const seconds = Math.ceil(remainingMs / 1000);
    throw new RetryLaterError(slowedMessage(seconds), seconds);
  }
}

export async function recordLoginAttempt(sql: SqlExecutor, username: string, ip: string, succeeded: boolean, now: Date) {
  await sql.query(`insert into auth_login_attempts (username_key, ip, succeeded, attempted_at) values ($1, $2, $3, $4)`, [
    usernameKey(username),
    ip,
    succeeded,
    now.toISOString(),
  ]);
  if (succeeded) {
    // A successful sign-in clears the username's failure streak.
    await sql.query(`delete from auth_login_attempts where username_key = $1 and not succeeded`, [usernameKey(username)]);
  }
}

/** The username's failures in the window, and the first of them (names the streak). */
export async function failureStreak(
  sql: SqlExecutor,
  username: string,
  now: Date,
): Promise<{ failures: number; firstAttemptId: string | null }> {
  const [row] = await sql.query<{ failures: number; first: string | null }>(
    `select count(*)::int as failures, min(id)::text as first from auth_login_attempts
      where username_key = $1 and not succeeded and attempted_at > $3::timestamptz - make_interval(mins => $2)`,
    [usernameKey(username), LOGIN_WINDOW_MINUTES, now.toISOString()],
  );
  return { failures: row?.failures ?? 0, firstAttemptId: row?.first ?? null };
}

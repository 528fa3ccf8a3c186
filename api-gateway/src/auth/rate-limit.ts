import type { SqlExecutor } from '@fpa/write-model/event-store';
import { DomainError, usernameKey } from '@fpa/write-model';

export const LOGIN_WINDOW_MINUTES = 15;
/** Failures of one username from one address that lock that pair (not the account) for the window. */
export const MAX_FAILURES_PER_USERNAME_AND_ADDRESS = 5;
/** Failures from one address, whatever the usernames, that lock the address for the window. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Failures of one username from all addresses together (a distributed guesser) after which only
 * addresses the user has signed in from before (within KNOWN_ADDRESS_DAYS) may still try it.
 */
export const MAX_FAILURES_PER_USERNAME = 20;
export const KNOWN_ADDRESS_DAYS = 30;
/** Failures of a known user's username (from anywhere) that put LoginFailuresRepeated in the compliance log. */
export const REPORT_AFTER_FAILURES = 5;
/** From this many consecutive failures of a username from one address, each next attempt waits a growing delay. */
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

export const slowedMessage = (seconds: number) => `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

export const LOCKED_OUT = `Too many failed sign-in attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again, or reset your password.`;

/**
 * Brute-force protection that no stranger can turn against an account (issue #27): every limit is
 * keyed on the guesser's own address, so wrong passwords from one place never stop the right
 * password from another.
 *  - a username from one address: slowed after the 2nd failure (1 s, 2 s, 4 s …), locked after 5;
 *  - one address, any usernames: locked after 30 failures;
 *  - a username from many addresses (20 failures in all): addresses the user has signed in from in
 *    the last 30 days keep working; only unknown ones are refused until the window passes.
 * Decided from the recorded attempt times and the request's clock, never by sleeping. The attempts
 * live in a table, so every gateway process sees the same counts.
 */
export async function assertLoginAllowed(sql: SqlExecutor, username: string, ip: string, now: Date): Promise<void> {
  const key = usernameKey(username);
  const rows = await sql.query<{ by_pair: number; by_ip: number; by_user: number; last_pair: Date | string | null }>(
    `select count(*) filter (where username_key = $1 and ip = $2)::int as by_pair,
            count(*) filter (where ip = $2)::int as by_ip,
            count(*) filter (where username_key = $1)::int as by_user,
            max(attempted_at) filter (where username_key = $1 and ip = $2) as last_pair
       from auth_login_attempts
      where not succeeded and attempted_at > $4::timestamptz - make_interval(mins => $3) and (username_key = $1 or ip = $2)`,
    [key, ip, LOGIN_WINDOW_MINUTES, now.toISOString()],
  );
  const counts = rows[0] ?? { by_pair: 0, by_ip: 0, by_user: 0, last_pair: null };
  if (counts.by_pair >= MAX_FAILURES_PER_USERNAME_AND_ADDRESS || counts.by_ip >= MAX_FAILURES_PER_ADDRESS) {
    throw new DomainError('RATE_LIMITED', LOCKED_OUT);
  }
  if (counts.by_user >= MAX_FAILURES_PER_USERNAME) {
    const known = await sql.query(
      `select 1 from auth_login_attempts
        where username_key = $1 and ip = $2 and succeeded and attempted_at > $4::timestamptz - make_interval(days => $3) limit 1`,
      [key, ip, KNOWN_ADDRESS_DAYS, now.toISOString()],
    );
    if (known.length === 0) throw new DomainError('RATE_LIMITED', LOCKED_OUT);
  }
  const delayMs = slowdownSeconds(counts.by_pair) * 1000;
  if (delayMs === 0 || counts.last_pair === null) return;
  const remainingMs = new Date(counts.last_pair).getTime() + delayMs - now.getTime();
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
    // A successful sign-in clears the failure streak of this username from this address only: the
    // user signing in elsewhere must not lift the limit on a guesser's address.
    await sql.query(`delete from auth_login_attempts where username_key = $1 and ip = $2 and not succeeded`, [usernameKey(username), ip]);
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

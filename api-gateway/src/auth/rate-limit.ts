import type { SqlExecutor } from '@fpa/write-model/event-store';
import { DomainError, usernameKey } from '@fpa/write-model';

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

/**
 * Refuses a login while there have been too many recent failures for this username or from this
 * address. The attempts live in a table, so every gateway process sees the same count.
 */
export async function assertLoginAllowed(sql: SqlExecutor, username: string, ip: string): Promise<void> {
  const rows = await sql.query<{ by_user: number; by_ip: number }>(
    `select count(*) filter (where username_key = $1)::int as by_user, count(*) filter (where ip = $2)::int as by_ip
       from auth_login_attempts
      where not succeeded and attempted_at > now() - make_interval(mins => $3) and (username_key = $1 or ip = $2)`,
    [usernameKey(username), ip, LOGIN_WINDOW_MINUTES],
  );
  const counts = rows[0] ?? { by_user: 0, by_ip: 0 };
  if (counts.by_user >= MAX_FAILURES_PER_USERNAME || counts.by_ip >= MAX_FAILURES_PER_ADDRESS) {
    throw new DomainError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again, or reset your password.`,
    );
  }
}

export async function recordLoginAttempt(sql: SqlExecutor, username: string, ip: string, succeeded: boolean) {
  await sql.query(`insert into auth_login_attempts (username_key, ip, succeeded) values ($1, $2, $3)`, [
    usernameKey(username),
    ip,
    succeeded,
  ]);
  if (succeeded) {
    // A successful sign-in clears the username's failure streak.
    await sql.query(`delete from auth_login_attempts where username_key = $1 and not succeeded`, [usernameKey(username)]);
  }
}

/** The username's failures in the window, and the first of them (names the streak). */
export async function failureStreak(sql: SqlExecutor, username: string): Promise<{ failures: number; firstAttemptId: string | null }> {
  const [row] = await sql.query<{ failures: number; first: string | null }>(
    `select count(*)::int as failures, min(id)::text as first from auth_login_attempts
      where username_key = $1 and not succeeded and attempted_at > now() - make_interval(mins => $2)`,
    [usernameKey(username), LOGIN_WINDOW_MINUTES],
  );
  return { failures: row?.failures ?? 0, firstAttemptId: row?.first ?? null };
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { RetryLaterError } from './rate-limit.ts';

export const RESET_WINDOW_MINUTES = 15;
/** Reset e-mails to one address per window: more are not sent (the answer stays the same). */
export const MAX_RESETS_PER_EMAIL = 3;
/** Reset requests from one client address per window: more are refused with 429. */
export const MAX_RESETS_PER_ADDRESS = 10;

export const RESETS_LIMITED = `Too many password reset requests. Please wait ${RESET_WINDOW_MINUTES} minutes and try again.`;

/**
 * Records a reset request and says whether a link may be e-mailed for it.
 *  - Per client address: past the limit the request is refused (429). That is the requester's own
 *    address, so it limits the one sending the flood and no one else.
 *  - Per e-mail address: past the limit the answer is the same as ever but no further e-mail goes
 *    out. Refusing instead would let a stranger stop someone's resets (and a 429 for one address and
 *    not another is a difference an attacker could read); the links already sent keep working.
 * Counted over both known and unknown addresses, so the limit says nothing about who has an account.
 */
export async function admitResetRequest(sql: SqlExecutor, email: string, ip: string, now: Date): Promise<{ send: boolean }> {
  const emailKey = email.trim().toLowerCase();
  const since = new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000).toISOString();
  const [counts] = await sql.query<{ by_email: number; by_ip: number; first_ip: Date | string | null }>(
    `select count(*) filter (where email_key = $1)::int as by_email, count(*) filter (where ip = $2)::int as by_ip,
            min(requested_at) filter (where ip = $2) as first_ip
       from auth_reset_requests
      where requested_at > $3::timestamptz and (email_key = $1 or ip = $2)`,
    [emailKey, ip, since],
  );
  if ((counts?.by_ip ?? 0) >= MAX_RESETS_PER_ADDRESS) {
    const freesAt = new Date(counts!.first_ip!).getTime() + RESET_WINDOW_MINUTES * 60_000;
    throw new RetryLaterError(RESETS_LIMITED, Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
  }
  await sql.query(`insert into auth_reset_requests (email_key, ip, requested_at) values ($1, $2, $3)`, [emailKey, ip, now.toISOString()]);
  // Old rows are of no further use; removing them here keeps the table as small as one window.
  await sql.query(`delete from auth_reset_requests where requested_at < $1::timestamptz - interval '1 day'`, [since]);
  return { send: (counts?.by_email ?? 0) < MAX_RESETS_PER_EMAIL };
}

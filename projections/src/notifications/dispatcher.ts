import type { SqlExecutor } from '@fpa/write-model/event-store';
import { periodicCheck } from '../engine/periodic.ts';
import { enqueueDeadlineReminders } from './deadline-reminders.ts';
import type { ProjectionLogger } from '../engine/types.ts';
import { isUuid } from '../portfolio/uuid.ts';
import { OUTBOX } from './outbox.schema.ts';
import type { NotificationProvider, SendResult } from './providers.ts';
import type { NotificationChannel } from './templates.ts';

/*
 * The dispatcher (issue #24): sends the outbox's queued rows. Bounded concurrency, each provider's rate
 * limit, retries with doubling backoff for temporary failures, a final `failed` with the provider's
 * reason otherwise, and `not_sent` (never dropped, never faked as sent) when no provider is configured
 * for a channel. Time of day and backoff come from the injected clock; no SMS goes out between 20:00
 * and 08:00 South African time (held, queued, until 08:00).
 */

export const NO_PROVIDER = 'no provider configured';
export const INTERRUPTED = 'interrupted while sending: it may or may not have reached the recipient (resend if needed)';

export type DispatcherOptions = {
  sql: SqlExecutor;
  providers: Partial<Record<NotificationChannel, NotificationProvider | null>>;
  now: () => Date;
  logger: ProjectionLogger;
  /** Messages in flight at once (default 4). */
  concurrency?: number;
  /** Rows claimed per round (default 100). */
  batchSize?: number;
  /** Tries before a temporary failure becomes final (default 6). */
  maxAttempts?: number;
  /** Wait after the n-th temporary failure: initialMs × 2^(n-1), at most maxMs (defaults 1 minute, 1 hour). */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Whether this process may send now (a worker: while it holds the notifications projector's lease). */
  mayRun?: () => boolean;
  /** How often the timer looks for due rows (default 5 s). */
  checkEveryMs?: number;
  /** Waits for the rate limit (real time, not the clock: a provider counts real seconds). */
  sleep?: (ms: number) => Promise<void>;
};

/** `reminders`: the claims staff's deadline e-mails this check wrote to the outbox (deadline-reminders.ts). */
export type DispatchSummary = { sent: number; failed: number; retrying: number; notSent: number; reminders: number };

export type Dispatcher = {
  start(): void;
  stop(): Promise<void>;
  /** Sends what is due now (every round until none is left); answers what it did. */
  tick(): Promise<DispatchSummary>;
};

const SA_OFFSET_HOURS = 2;

/** 20:00 to 08:00 in South Africa (UTC+2 all year): no SMS then. */
export function inQuietHours(instant: Date): boolean {
  const hour = (instant.getUTCHours() + SA_OFFSET_HOURS) % 24;
  return hour >= 20 || hour < 8;
}

type Row = { id: string; channel: NotificationChannel; to_address: string | null; subject: string | null; body: string; attempts: number };

/** Spaces one provider's calls to its rate: each call takes the next free slot. */
function rateLimiter(perSecond: number, sleep: (ms: number) => Promise<void>) {
  const gap = 1000 / Math.max(perSecond, 0.001);
  let next = 0;
  return async () => {
    const now = performance.now();
    const slot = Math.max(now, next);
    next = slot + gap;
    if (slot > now) await sleep(slot - now);
  };
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { sql, logger } = options;
  const concurrency = options.concurrency ?? 4;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 6;
  const initialMs = options.backoff?.initialMs ?? 60_000;
  const maxMs = options.backoff?.maxMs ?? 3_600_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const limiters = new Map<NotificationProvider, () => Promise<void>>();
  for (const provider of Object.values(options.providers)) if (provider) limiters.set(provider, rateLimiter(provider.perSecond, sleep));

  async function settle(row: Row, provider: NotificationProvider, result: SendResult, now: Date, summary: DispatchSummary) {
    if (result.ok) {
      summary.sent++;
      await sql.query(
        `update ${OUTBOX} set status = 'sent', sent_at = $2, provider = $3, provider_message_id = $4, reason = null, attempts = attempts + 1, claimed_at = null where id = $1`,
        [row.id, now, provider.name, result.providerMessageId],
      );
      return;
    }
    const attempts = row.attempts + 1;
    if (result.temporary && attempts < maxAttempts) {
      summary.retrying++;
      const wait = Math.min(initialMs * 2 ** (attempts - 1), maxMs);
      await sql.query(
        `update ${OUTBOX} set status = 'queued', attempts = $2, next_attempt_at = $3, reason = $4, provider = $5, claimed_at = null where id = $1`,
        [row.id, attempts, new Date(now.getTime() + wait), `try ${attempts} of ${maxAttempts} failed: ${result.reason}`, provider.name],
      );
      return;
    }
    summary.failed++;
    await sql.query(`update ${OUTBOX} set status = 'failed', attempts = $2, reason = $3, provider = $4, claimed_at = null where id = $1`, [
      row.id,
      attempts,
      result.reason,
      provider.name,
    ]);
    logger.warn('notification failed', { id: row.id, provider: provider.name, reason: result.reason });
  }

  async function sendOne(row: Row, now: Date, summary: DispatchSummary) {
    const provider = options.providers[row.channel];
    if (!provider) return;
    if (!row.to_address || (row.channel === 'sms' && !/^\+\d{8,15}$/.test(row.to_address))) {
      summary.notSent++;
      await sql.query(`update ${OUTBOX} set status = 'not_sent', reason = $2, claimed_at = null where id = $1`, [
        row.id,
        row.to_address ? `${row.to_address} is not a valid phone number` : 'no address to send to',
      ]);
      return;
    }
    await limiters.get(provider)!();
    let result: SendResult;
    try {
      result = await provider.send({ to: row.to_address, subject: row.subject, text: row.body });
    } catch (error) {
      result = { ok: false, temporary: true, reason: error instanceof Error ? error.message : String(error) };
    }
    await settle(row, provider, result, now, summary);
  }

  /** One round: the rows due now, claimed (status sending) so that no other round sends them too. */
  async function round(summary: DispatchSummary): Promise<number> {
    const now = options.now();
    const channels = (['sms', 'email'] as const).filter((c) => options.providers[c] && !(c === 'sms' && inQuietHours(now)));
    if (channels.length === 0) return 0;
    const rows = await sql.query<Row>(
      `update ${OUTBOX} set status = 'sending', claimed_at = $1
        where id in (select id from ${OUTBOX}
                      where status = 'queued' and channel = any($2::text[]) and (next_attempt_at is null or next_attempt_at <= $1)
                      order by created_at, id limit $3 for update skip locked)
        returning id::text, channel, to_address, subject, body, attempts`,
      [now, channels, batchSize],
    );
    let next = 0;
    const workers = Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        await sendOne(row, options.now(), summary);
      }
    });
    await Promise.all(workers);
    return rows.length;
  }

  async function check(): Promise<DispatchSummary> {
    const summary: DispatchSummary = { sent: 0, failed: 0, retrying: 0, notSent: 0, reminders: 0 };
    if (options.mayRun && !options.mayRun()) return summary;
    const now = options.now();
    // The clock's messages first (claims whose decision is due soon or overdue), so this check sends them too.
    summary.reminders = await enqueueDeadlineReminders(sql, now);
    // A claim older than this was left by a process that stopped mid-send: nobody knows whether it went out.
    const stale = await sql.query(
      `update ${OUTBOX} set status = 'failed', reason = $2, claimed_at = null where status = 'sending' and claimed_at < $1 returning id`,
      [new Date(now.getTime() - 10 * 60_000), INTERRUPTED],
    );
    summary.failed += stale.length;
    for (const channel of ['sms', 'email'] as const) {
      if (options.providers[channel]) continue;
      const rows = await sql.query(
        `update ${OUTBOX} set status = 'not_sent', reason = $2 where status = 'queued' and channel = $1 returning id`,
        [channel, NO_PROVIDER],
      );
      summary.notSent += rows.length;
    }
    while ((await round(summary)) === batchSize) {
      // A full round: more may be due.
    }
    return summary;
  }

  return periodicCheck({ check, everyMs: options.checkEveryMs ?? 5_000, logger, failure: 'notification dispatch failed' });
}

/** A failed or not-sent message queued again (the administrator's resend): the row, or why not. */
export async function resendNotification(
  sql: SqlExecutor,
  companyId: string,
  id: string,
): Promise<{ ok: true } | { ok: false; reason: 'not_found' | 'not_resendable' | 'no_address' }> {
  if (!isUuid(id)) return { ok: false, reason: 'not_found' };
  const [row] = await sql.query<{ status: string; to_address: string | null }>(
    `select status, to_address from ${OUTBOX} where id = $1 and company_id = $2`,
    [id, companyId],
  );
  if (!row) return { ok: false, reason: 'not_found' };
  if (row.status !== 'failed' && row.status !== 'not_sent') return { ok: false, reason: 'not_resendable' };
  if (!row.to_address) return { ok: false, reason: 'no_address' };
  await sql.query(
    `update ${OUTBOX} set status = 'queued', attempts = 0, next_attempt_at = null, reason = null where id = $1 and company_id = $2 and status in ('failed', 'not_sent')`,
    [id, companyId],
  );
  return { ok: true };
}

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { OUTBOX } from './outbox.schema.ts';

/*
 * Delivery receipts (issue #24): the SMS provider calls back when the handset got the message, or
 * when the network gave up. Trusted for the provider's signature only. Twilio's callback: a form with
 * MessageSid and MessageStatus (queued, sent, delivered, undelivered, failed) and ErrorCode, signed in
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the account's auth token, of the callback URL
 * followed by every posted parameter's name and value, sorted by name.
 */

export const BAD_SIGNATURE = 'The delivery receipt is not signed by the provider.';

export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  const data =
    url +
    names
      .map((name) =>
        params
          .getAll(name)
          .map((value) => name + value)
          .join(''),
      )
      .join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(authToken: string, url: string, params: URLSearchParams, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type ReceiptOutcome = 'delivered' | 'failed' | 'ignored';

/**
 * Applies a Twilio status to the message it sent (by the provider's message id): delivered, or failed
 * with the network's error code. Intermediate statuses (queued, sent) change nothing; a receipt for a
 * message this outbox never sent matches no row.
 */
export async function recordTwilioReceipt(sql: SqlExecutor, params: URLSearchParams, now: Date): Promise<ReceiptOutcome> {
  const sid = params.get('MessageSid') ?? params.get('SmsSid');
  const status = params.get('MessageStatus') ?? params.get('SmsStatus');
  if (!sid) return 'ignored';
  if (status === 'delivered') {
    const rows = await sql.query(
      `update ${OUTBOX} set status = 'delivered', delivered_at = $2 where provider = 'twilio' and provider_message_id = $1 and status in ('sent', 'delivered') returning id`,
      [sid, now],
    );
    return rows.length > 0 ? 'delivered' : 'ignored';
  }
  if (status === 'undelivered' || status === 'failed') {
    const code = params.get('ErrorCode');
    const rows = await sql.query(
      `update ${OUTBOX} set status = 'failed', reason = $2 where provider = 'twilio' and provider_message_id = $1 and status in ('sent', 'delivered') returning id`,
      [sid, `${status} by the network${code ? ` (Twilio error ${code})` : ''}`],
    );
    return rows.length > 0 ? 'failed' : 'ignored';
  }
  return 'ignored';
}

/*
 * SMSPortal's delivery statuses (its Webhooks V2: a POST with a JSON body per delivery report, the
 * batch's EventId the send answered, the handset's Status, the Msisdn it went to). SMSPortal signs
 * nothing, so the route is protected by a per-deployment secret token in the callback URL
 * (SMSPORTAL_WEBHOOK_TOKEN), compared in constant time.
 */

export const BAD_WEBHOOK_TOKEN = "The delivery receipt does not carry this deployment's SMSPortal webhook token.";

/** Constant-time comparison of the token in the URL with the configured one (hashed: equal lengths whatever is sent). */
export function webhookTokenMatches(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** SMSPortal's statuses that end a message (its "Delivery Statuses" page): delivered, or failed and why. */
const SMSPORTAL_FINAL: Record<string, { outcome: 'delivered' | 'failed'; reason?: string }> = {
  DELIVRD: { outcome: 'delivered' },
  UNDELIV: { outcome: 'failed', reason: 'undelivered by the network: the number is inactive or unreachable' },
  EXPIRED: { outcome: 'failed', reason: 'expired: no delivery within the validity period (handset off or out of reach)' },
  BLIST: { outcome: 'failed', reason: 'blocked: the number is on the do-not-contact list' },
  NOROUTE: { outcome: 'failed', reason: 'no route to the number' },
  CANCELLED: { outcome: 'failed', reason: 'cancelled before it was sent' },
};

export type SmsPortalReceipt = { eventId: string; status: string; msisdn: string | null };

export const SMSPORTAL_RECEIPT_SHAPE =
  'An SMSPortal delivery report is a JSON object (or a list of them) with EventId (a whole number) and Status (text).';

/** The reports in a webhook body, or null when it is not SMSPortal's shape. */
export function parseSmsPortalReceipts(body: unknown): SmsPortalReceipt[] | null {
  const items = Array.isArray(body) ? body : [body];
  if (items.length === 0 || items.length > 1000) return null;
  const receipts: SmsPortalReceipt[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return null;
    const { EventId: eventId, Status: status, Msisdn: msisdn } = item as Record<string, unknown>;
    const id = typeof eventId === 'number' && Number.isSafeInteger(eventId) && eventId >= 0 ? String(eventId) : eventId;
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) return null;
    if (typeof status !== 'string' || !/^[A-Za-z_-]{1,30}$/.test(status.trim())) return null;
    if (msisdn !== undefined && msisdn !== null && (typeof msisdn !== 'string' || !/^\+?\d{8,15}$/.test(msisdn.trim()))) return null;
    receipts.push({
      eventId: id,
      status: status.trim().toUpperCase(),
      msisdn: typeof msisdn === 'string' ? msisdn.trim().replace(/^\+/, '') : null,
    });
  }
  return receipts;
}

/**
 * Applies one SMSPortal report to the message it sent (the send's eventId, and the number when the report
 * names it): DELIVRD delivered, a final failure failed with its meaning; SUBMITD, STAGED and statuses not
 * known change nothing, as does a report for a message this outbox never sent.
 */
export async function recordSmsPortalReceipt(sql: SqlExecutor, receipt: SmsPortalReceipt, now: Date): Promise<ReceiptOutcome> {
  const final = SMSPORTAL_FINAL[receipt.status];
  if (!final) return 'ignored';
  const match = `provider = 'smsportal' and provider_message_id = $1 and ($2::text is null or to_address = '+' || $2::text) and status in ('sent', 'delivered')`;
  const rows =
    final.outcome === 'delivered'
      ? await sql.query(`update ${OUTBOX} set status = 'delivered', delivered_at = $3 where ${match} returning id`, [
          receipt.eventId,
          receipt.msisdn,
          now,
        ])
      : await sql.query(`update ${OUTBOX} set status = 'failed', reason = $3 where ${match} returning id`, [
          receipt.eventId,
          receipt.msisdn,
          `${final.reason} (SMSPortal ${receipt.status})`,
        ]);
  return rows.length > 0 ? final.outcome : 'ignored';
}

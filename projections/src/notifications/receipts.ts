import { createHmac, timingSafeEqual } from 'node:crypto';
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

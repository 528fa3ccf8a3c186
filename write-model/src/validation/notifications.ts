import { z } from 'zod';
import { dateProblem, QUERY_DATE_RANGE } from './dates.ts';

/*
 * Notifications (issue #24): the message types, channels and statuses the outbox records, their labels,
 * and the outbox list's filters, shared by the Notifications page and the server.
 */

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_TYPES = [
  'policy_issued',
  'premium_received',
  'non_payment_notice',
  'policy_lapsed',
  'policy_reinstated',
  'claim_received',
  'claim_approved',
  'claim_rejected',
  'claim_paid',
  'debit_unpaid',
  'claim_decision_due',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** `sending` is the dispatcher's claim while a provider answers; lists show it as queued. */
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'not_sent'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_LIST_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'not_sent'] as const;

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  policy_issued: 'Policy issued',
  premium_received: 'Premium received',
  non_payment_notice: 'Non-payment notice',
  policy_lapsed: 'Policy lapsed',
  policy_reinstated: 'Policy reinstated',
  claim_received: 'Claim received',
  claim_approved: 'Claim approved',
  claim_rejected: 'Claim rejected',
  claim_paid: 'Claim paid',
  debit_unpaid: 'Debit order unpaid',
  claim_decision_due: 'Claim decision due (staff)',
};
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = { sms: 'SMS', email: 'E-mail' };
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  queued: 'Queued',
  sending: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  not_sent: 'Not sent',
};

export const NOT_RESENDABLE = 'Only a failed or unsent message can be sent again.';
export const NO_ADDRESS_TO_RESEND = 'This message has no phone number or e-mail address to send to.';
export const NOTIFICATION_NOT_FOUND = 'Message not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const blankToNull = (v: string | null | undefined) => (v ? v : null);

function oneOf<T extends string>(values: readonly T[], field: string) {
  const message = `${field} must be one of ${values.join(', ')}`;
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || (values as readonly string[]).includes(v), message)
    .transform((v) => v as T | null);
}

function dayField(field: string) {
  const message = `${field} must be a date (YYYY-MM-DD) between ${QUERY_DATE_RANGE.earliest} and ${QUERY_DATE_RANGE.latest}`;
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || dateProblem(v, QUERY_DATE_RANGE) === null, message);
}

function countField(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : /^\d{1,7}$/.test(v) ? Number(v) : Number.NaN;
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}

/** GET /api/notifications's query (and the GraphQL field's arguments). */
export const notificationQuerySchema = z
  .object({
    memberId: z
      .string({ error: "memberId must be a member's id" })
      .trim()
      .nullish()
      .transform(blankToNull)
      .refine((v) => v === null || UUID.test(v), "memberId must be a member's id"),
    type: oneOf(NOTIFICATION_TYPES, 'type'),
    channel: oneOf(NOTIFICATION_CHANNELS, 'channel'),
    status: oneOf(NOTIFICATION_LIST_STATUSES, 'status'),
    from: dayField('from'),
    to: dayField('to'),
    limit: countField('limit', 1, 500),
    offset: countField('offset', 0, 1_000_000),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type NotificationQuery = z.output<typeof notificationQuerySchema>;

/*
 * SMS segments (3GPP TS 23.038): a text in the GSM 7-bit alphabet takes 160 characters in one SMS and
 * 153 a part when split; the extension characters (^{}\[~]|€ and form feed) count twice. Any other
 * character makes the whole text UCS-2: 70 in one SMS, 67 a part.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export type SmsSegments = { encoding: 'GSM-7' | 'UCS-2'; characters: number; segments: number };

export function smsSegments(text: string): SmsSegments {
  let units = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) units += 1;
    else if (GSM_EXTENDED.includes(char)) units += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', characters: units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  // UCS-2 counts UTF-16 code units: a character outside the basic plane (an emoji) takes two.
  const length = text.length;
  return { encoding: 'UCS-2', characters: length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

/*
 * A member's communication preferences (issue #24, POPIA): the channel they prefer ('both': each message
 * on the channels it is sent by), and an opt-out of everything but the legally required notices.
 */
export const PREFERRED_CHANNELS = ['sms', 'email', 'both'] as const;
export type PreferredChannel = (typeof PREFERRED_CHANNELS)[number];
export const PREFERRED_CHANNEL_LABELS: Record<PreferredChannel, string> = { sms: 'SMS only', email: 'E-mail only', both: 'SMS and e-mail' };

export const COMMUNICATION_MESSAGES = {
  preferredChannel: `preferredChannel must be one of ${PREFERRED_CHANNELS.join(', ')}`,
  optedOut: 'optedOut must be true or false',
} as const;

/** PUT /api/members/{id}/communication. */
export const memberCommunicationSchema = z
  .object({
    preferredChannel: z.enum(PREFERRED_CHANNELS, { error: COMMUNICATION_MESSAGES.preferredChannel }),
    optedOut: z.boolean({ error: COMMUNICATION_MESSAGES.optedOut }),
  })
  .meta({
    description:
      'How the member wants to hear from the company: the preferred channel, and an opt-out of all but the legally required notices (the non-payment notice, sent whatever they chose).',
  });
export type MemberCommunicationInput = z.output<typeof memberCommunicationSchema>;

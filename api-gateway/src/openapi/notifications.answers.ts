import { z } from 'zod';
import type { NotificationMonth, NotificationView, ProviderStatus } from '@fpa/projections';
import { NOTIFICATION_CHANNELS, NOTIFICATION_LIST_STATUSES, NOTIFICATION_TYPES } from '@fpa/write-model/validation';
import { instant, named, rowOf, type AnswerMap } from './shapes.ts';

const notification = named(
  'Notification',
  rowOf<NotificationView>()(
    z.strictObject({
      id: z.uuid(),
      type: z.enum(NOTIFICATION_TYPES),
      channel: z.enum(NOTIFICATION_CHANNELS),
      memberId: z.uuid().nullable().meta({ description: 'The member the message is about (a claim: the member whose policy it is)' }),
      to: z.string().nullable().meta({ description: 'The phone number (E.164) or e-mail address; null when none was on record' }),
      subject: z.string().nullable().meta({ description: "An e-mail's subject; null for an SMS" }),
      text: z.string(),
      legallyRequired: z.boolean().meta({ description: 'Sent whatever the tier (the non-payment notice)' }),
      status: z.enum(NOTIFICATION_LIST_STATUSES),
      reason: z
        .string()
        .nullable()
        .meta({ description: "Why it failed or was not sent (the provider's reason, no provider configured, ...)" }),
      attempts: z.number().int().min(0),
      provider: z.string().nullable(),
      createdAt: instant,
      sentAt: instant.nullable(),
    }),
  ),
);

const month = named(
  'NotificationMonth',
  rowOf<NotificationMonth>()(
    z.strictObject({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      channel: z.enum(NOTIFICATION_CHANNELS),
      sent: z.number().int(),
      failed: z.number().int(),
      notSent: z.number().int(),
      queued: z.number().int(),
    }),
  ),
);

/** Issue #24: the outbox (administrator). */
export const notificationsAnswers: AnswerMap = {
  'GET /api/notifications': {
    summary:
      'The SMS and e-mail sent or to be sent, newest first: ?memberId, type, channel, status, from, to (YYYY-MM-DD, South African days), limit (≤ 500), offset',
    answer: named('NotificationPage', z.strictObject({ items: z.array(notification), total: z.number().int() })),
  },
  'GET /api/notifications/counts': {
    summary: 'Messages per South African month and channel: sent, failed, not sent, queued',
    answer: z.strictObject({ months: z.array(month) }),
  },
  'GET /api/notifications/providers': {
    summary: "Each channel's provider (null: none configured, messages are recorded as not sent) and the company's latest failure on it",
    answer: z.strictObject({
      providers: z.array(
        named(
          'NotificationProvider',
          rowOf<ProviderStatus>()(
            z.strictObject({
              channel: z.enum(NOTIFICATION_CHANNELS),
              provider: z.string().nullable(),
              lastError: z.string().nullable(),
              lastErrorAt: instant.nullable(),
            }),
          ),
        ),
      ),
    }),
  },
  'POST /api/notifications/receipts/twilio': {
    summary: "Twilio's delivery receipt (StatusCallback): trusted for its X-Twilio-Signature only",
    description:
      'A form with MessageSid, MessageStatus and ErrorCode. delivered marks the message delivered; undelivered or failed marks it failed with the error code; other statuses change nothing. 403 for a bad signature, 404 unless SMS_PROVIDER=twilio and TWILIO_STATUS_CALLBACK_URL are set.',
    answer: z.strictObject({ ok: z.literal(true), outcome: z.enum(['delivered', 'failed', 'ignored']) }),
  },
  'POST /api/notifications/:id/resend': {
    summary: 'Queue a failed or not-sent message again (409 INVALID_TRANSITION for any other, or one with no address)',
    answer: notification,
  },
};

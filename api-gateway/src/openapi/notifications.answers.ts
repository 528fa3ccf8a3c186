import { z } from 'zod';
import type { MemberCommunication, NotificationMonth, NotificationTemplateView, NotificationView, ProviderStatus } from '@fpa/projections';
import { NOTIFICATION_CHANNELS, NOTIFICATION_LIST_STATUSES, NOTIFICATION_TYPES, PREFERRED_CHANNELS } from '@fpa/write-model/validation';
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
      estimatedCost: z
        .string()
        .regex(/^\d+\.\d{2}$/)
        .meta({ description: "What the month's sent messages cost, in rand: SMS parts × SMS_COST_RAND, e-mails × EMAIL_COST_RAND" }),
    }),
  ),
);

const templateText = { subject: z.string(), sms: z.string(), email: z.string() };

const template = named(
  'NotificationTemplate',
  rowOf<NotificationTemplateView>()(
    z.strictObject({
      type: z.enum(NOTIFICATION_TYPES),
      ...templateText,
      channels: z.array(z.enum(NOTIFICATION_CHANNELS)).meta({ description: 'The channels this type is sent on' }),
      legallyRequired: z.boolean(),
      placeholders: z.array(z.string()).meta({ description: 'The placeholders (without braces) this type may name' }),
      isDefault: z.boolean().meta({ description: 'True while the company has not set its own words' }),
      default: z.strictObject(templateText).meta({ description: 'The English default' }),
    }),
  ),
);

const communication = named(
  'MemberCommunication',
  rowOf<MemberCommunication>()(
    z.strictObject({
      memberId: z.uuid(),
      preferredChannel: z.enum(PREFERRED_CHANNELS),
      optedOut: z.boolean().meta({ description: 'Only the legally required notices (the non-payment notice) are sent' }),
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
  'GET /api/members/:id/communication': { summary: "A member's preferred channel (sms, email, both) and opt-out", answer: communication },
  'PUT /api/members/:id/communication': {
    summary: "Set a member's preferred channel and opt-out (POPIA; members:update)",
    description:
      'Body: preferredChannel (sms, email or both) and optedOut. Opted out, the member gets only the legally required non-payment notice. A preferred channel with no address on record leaves the message on its usual channels.',
    answer: communication,
  },
  'GET /api/notifications/templates': {
    summary: "The company's message templates, every type: its own words where it set them, else the English default",
    answer: z.strictObject({ templates: z.array(template) }),
  },
  'GET /api/notifications/templates/:type': { summary: "One message type's template", answer: template },
  'PUT /api/notifications/templates/:type': {
    summary: "Set the company's words for one message type (company:update)",
    description:
      'Body: subject, sms, email, each with {placeholders}. A placeholder the type does not fill is refused (400, naming it); an SMS longer than 4 parts is refused; the non-payment notice must keep {text}. The default words again are a reset.',
    answer: template,
  },
  'DELETE /api/notifications/templates/:type': {
    summary: 'Back to the English default for one message type (company:update)',
    answer: template,
  },
  'POST /api/notifications/receipts/twilio': {
    summary: "Twilio's delivery receipt (StatusCallback): trusted for its X-Twilio-Signature only",
    description:
      'A form with MessageSid, MessageStatus and ErrorCode. delivered marks the message delivered; undelivered or failed marks it failed with the error code; other statuses change nothing. 403 for a bad signature, 404 unless SMS_PROVIDER=twilio and TWILIO_STATUS_CALLBACK_URL are set.',
    answer: z.strictObject({ ok: z.literal(true), outcome: z.enum(['delivered', 'failed', 'ignored']) }),
  },
  'POST /api/notifications/receipts/smsportal/:token': {
    summary: "SMSPortal's delivery report (Webhooks V2): trusted for the deployment's secret token in the URL only",
    description:
      "SMSPortal signs nothing: register this URL with the SMSPORTAL_WEBHOOK_TOKEN in place of {token}. A JSON body (one report or a list) with EventId (the send's eventId), Status and Msisdn. DELIVRD marks the message delivered; UNDELIV, EXPIRED, BLIST, NOROUTE or CANCELLED marks it failed with the meaning; other statuses, and a report for a message this outbox never sent, change nothing (200, ignored). 400 for a body not in that shape, 403 for a wrong token, 404 unless SMS_PROVIDER=smsportal and SMSPORTAL_WEBHOOK_TOKEN are set.",
    answer: z.strictObject({ ok: z.literal(true), outcomes: z.array(z.enum(['delivered', 'failed', 'ignored'])) }),
  },
  'POST /api/notifications/:id/resend': {
    summary: 'Queue a failed or not-sent message again (409 INVALID_TRANSITION for any other, or one with no address)',
    answer: notification,
  },
};

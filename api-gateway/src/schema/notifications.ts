import type { MemberCommunication, NotificationMonth, NotificationTemplateView, NotificationView, ProviderStatus } from '@fpa/projections';
import { NOTIFICATION_CHANNELS, NOTIFICATION_LIST_STATUSES, NOTIFICATION_TYPES, PREFERRED_CHANNELS } from '@fpa/write-model/validation';
import { enumType } from '../commands/graphql-input.ts';
import { builder } from '../builder.ts';
import * as notifications from '../queries/notifications.ts';

/** Issue #24: the outbox, as GET /api/notifications and POST /api/notifications/{id}/resend (notifications:read, :resend). */

const NotificationTypeEnum = enumType('NotificationType', { values: NOTIFICATION_TYPES });
const NotificationChannelEnum = enumType('NotificationChannel', { values: NOTIFICATION_CHANNELS });
const NotificationStatusEnum = enumType('NotificationStatus', { values: NOTIFICATION_LIST_STATUSES });

const NotificationObject = builder.objectRef<NotificationView>('Notification').implement({
  description: 'One SMS or e-mail to a policyholder or claimant, decided by an event, with its delivery status.',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.field({ type: NotificationTypeEnum, resolve: (n) => n.type }),
    channel: t.field({ type: NotificationChannelEnum, resolve: (n) => n.channel }),
    memberId: t.exposeID('memberId', { nullable: true, description: 'The member it is about (a claim: the member whose policy it is).' }),
    to: t.exposeString('to', { nullable: true, description: 'Phone number (E.164) or e-mail address; null when none was on record.' }),
    subject: t.exposeString('subject', { nullable: true }),
    text: t.exposeString('text'),
    legallyRequired: t.exposeBoolean('legallyRequired'),
    status: t.field({ type: NotificationStatusEnum, resolve: (n) => n.status }),
    reason: t.exposeString('reason', {
      nullable: true,
      description: "Why it failed or was not sent: the provider's reason, no provider configured, ...",
    }),
    attempts: t.exposeInt('attempts'),
    provider: t.exposeString('provider', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    sentAt: t.exposeString('sentAt', { nullable: true }),
  }),
});

const NotificationPage = builder.objectRef<{ items: NotificationView[]; total: number }>('NotificationPage').implement({
  fields: (t) => ({
    items: t.field({ type: [NotificationObject], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
  }),
});

const NotificationMonthObject = builder.objectRef<NotificationMonth>('NotificationMonth').implement({
  description: 'Messages of one South African month on one channel.',
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM' }),
    channel: t.field({ type: NotificationChannelEnum, resolve: (m) => m.channel }),
    sent: t.exposeInt('sent'),
    failed: t.exposeInt('failed'),
    notSent: t.exposeInt('notSent'),
    queued: t.exposeInt('queued'),
    estimatedCost: t.exposeString('estimatedCost', {
      description: "What the month's sent messages cost, in rand ('12.50'): SMS parts × SMS_COST_RAND, e-mails × EMAIL_COST_RAND",
    }),
  }),
});

const NotificationProviderObject = builder.objectRef<ProviderStatus>('NotificationProvider').implement({
  description: "A channel's provider as this server is configured, and the company's latest failure on it.",
  fields: (t) => ({
    channel: t.field({ type: NotificationChannelEnum, resolve: (p) => p.channel }),
    provider: t.exposeString('provider', { nullable: true, description: 'smsportal, twilio or smtp; null: none configured.' }),
    lastError: t.exposeString('lastError', { nullable: true }),
    lastErrorAt: t.exposeString('lastErrorAt', { nullable: true }),
  }),
});

const TemplateTextObject = builder.objectRef<{ subject: string; sms: string; email: string }>('NotificationTemplateText').implement({
  fields: (t) => ({
    subject: t.exposeString('subject', { description: "The e-mail's subject" }),
    sms: t.exposeString('sms'),
    email: t.exposeString('email'),
  }),
});

export const NotificationTemplateObject = builder.objectRef<NotificationTemplateView>('NotificationTemplate').implement({
  description: "A company's words for one message type, with {placeholders}; the English default until it sets its own.",
  fields: (t) => ({
    type: t.field({ type: NotificationTypeEnum, resolve: (v) => v.type }),
    subject: t.exposeString('subject', { description: "The e-mail's subject" }),
    sms: t.exposeString('sms'),
    email: t.exposeString('email'),
    channels: t.field({
      type: [NotificationChannelEnum],
      description: 'The channels this type is sent on',
      resolve: (v) => [...v.channels],
    }),
    legallyRequired: t.exposeBoolean('legallyRequired'),
    placeholders: t.exposeStringList('placeholders', { description: 'The placeholders (without braces) this type may name' }),
    isDefault: t.exposeBoolean('isDefault', { description: 'True while the company has not set its own words' }),
    default: t.field({ type: TemplateTextObject, description: 'The English default', resolve: (v) => v.default }),
  }),
});

const PreferredChannelEnum = enumType('PreferredChannel', { values: PREFERRED_CHANNELS });

export const MemberCommunicationObject = builder.objectRef<MemberCommunication>('MemberCommunication').implement({
  description: 'How a member wants to hear from the company (POPIA): opted out, they get only the legally required notices.',
  fields: (t) => ({
    memberId: t.exposeID('memberId'),
    preferredChannel: t.field({ type: PreferredChannelEnum, resolve: (c) => c.preferredChannel }),
    optedOut: t.exposeBoolean('optedOut'),
  }),
});

builder.queryFields((t) => ({
  memberCommunication: t.field({
    type: MemberCommunicationObject,
    description: "A member's preferred channel and opt-out (members:read).",
    args: { memberId: t.arg.id({ required: true }) },
    resolve: (_r, { memberId }, ctx) => notifications.memberCommunication(ctx, memberId.toString()),
  }),
  notificationTemplates: t.field({
    type: [NotificationTemplateObject],
    description: "The company's message templates, every type (notifications:read).",
    resolve: (_r, _a, ctx) => notifications.templates(ctx),
  }),
  notificationTemplate: t.field({
    type: NotificationTemplateObject,
    description: "One type's template (notifications:read).",
    args: { type: t.arg({ type: NotificationTypeEnum, required: true }) },
    resolve: (_r, { type }, ctx) => notifications.template(ctx, type),
  }),
  notificationProviders: t.field({
    type: [NotificationProviderObject],
    description: "Each channel's provider and the company's latest failure on it (notifications:read).",
    resolve: (_r, _a, ctx) => notifications.providers(ctx),
  }),
  notifications: t.field({
    type: NotificationPage,
    description: 'The outbox, newest first (notifications:read); from and to are South African days (YYYY-MM-DD).',
    args: {
      memberId: t.arg.id(),
      type: t.arg({ type: NotificationTypeEnum }),
      channel: t.arg({ type: NotificationChannelEnum }),
      status: t.arg({ type: NotificationStatusEnum }),
      from: t.arg.string(),
      to: t.arg.string(),
      limit: t.arg.int(),
      offset: t.arg.int(),
    },
    resolve: (_r, args, ctx) => notifications.notifications(ctx, { ...args, memberId: args.memberId?.toString() ?? null }),
  }),
  notificationCounts: t.field({
    type: [NotificationMonthObject],
    description: 'Messages per South African month and channel (notifications:read).',
    resolve: (_r, _a, ctx) => notifications.notificationCounts(ctx),
  }),
}));

builder.mutationFields((t) => ({
  resendNotification: t.field({
    type: NotificationObject,
    description: 'Queue a failed or not-sent message again (notifications:resend); any other is refused with INVALID_TRANSITION.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => notifications.resend(ctx, id.toString()),
  }),
}));

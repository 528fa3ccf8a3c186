import { readYourDirectWrite } from '../commands/consistency.ts';
import { DomainError, NotFoundError, parseInput } from '@fpa/write-model';
import {
  BAD_SIGNATURE,
  BAD_WEBHOOK_TOKEN,
  type ReceiptOutcome,
  parseSmsPortalReceipts,
  recordSmsPortalReceipt,
  SMSPORTAL_RECEIPT_SHAPE,
  webhookTokenMatches,
  findNotification,
  recordTwilioReceipt,
  verifyTwilioSignature,
  listNotifications,
  listNotificationTemplates,
  findMemberCommunication,
  type MemberCommunication,
  type NotificationTemplateView,
  notificationMonths,
  providerStatuses,
  resendNotification,
  type NotificationMonth,
  type NotificationView,
  type ProviderStatus,
} from '@fpa/projections';
import {
  NO_ADDRESS_TO_RESEND,
  NOT_RESENDABLE,
  NOTIFICATION_NOT_FOUND,
  notificationQuerySchema,
  notificationTemplateResetSchema,
  type NotificationType,
} from '@fpa/write-model/validation';
import { requireCompanyUser } from '../auth/policy.ts';
import type { RequestContext } from '../context.ts';
import { tenantRead, tenantSql } from './tenant.ts';
import { companyOf } from '../commands/expose.ts';
import type { SqlExecutor } from '@fpa/write-model/event-store';

/*
 * Issue #24, what the administrator sees of the outbox: every message with its status and reason, the
 * month's counts per channel, and the resend of one that failed or was not sent.
 */

export type NotificationsInput = Partial<Record<'memberId' | 'type' | 'channel' | 'status' | 'from' | 'to' | 'limit' | 'offset', unknown>>;

export async function notifications(ctx: RequestContext, input: NotificationsInput): Promise<{ items: NotificationView[]; total: number }> {
  const [sql, companyId] = tenantRead(ctx, 'notifications:read');
  const query = parseInput(notificationQuerySchema, input);
  return listNotifications(sql, companyId, query);
}

export function notificationCounts(ctx: RequestContext): Promise<NotificationMonth[]> {
  return notificationMonths(...tenantRead(ctx, 'notifications:read'), ctx.services.config.notifications.costs);
}

/** The company's message templates, every type (Settings → message templates). */
export function templates(ctx: RequestContext): Promise<NotificationTemplateView[]> {
  return listNotificationTemplates(...tenantRead(ctx, 'notifications:read'));
}

/** One type's template; an unknown type is a 400 naming the types. */
export async function template(ctx: RequestContext, type: unknown): Promise<NotificationTemplateView> {
  const [sql, companyId] = tenantRead(ctx, 'notifications:read');
  return templateOf(sql, companyId, parseInput(notificationTemplateResetSchema, { type }).type);
}

/** The template as the caller's own change left it (the answer of a change made under company:update). */
export function templateAfterChange(ctx: RequestContext, type: NotificationType): Promise<NotificationTemplateView> {
  const companyId = companyOf(ctx);
  return templateOf(tenantSql(ctx, companyId), companyId, type);
}

async function templateOf(sql: SqlExecutor, companyId: string, type: NotificationType): Promise<NotificationTemplateView> {
  return (await listNotificationTemplates(sql, companyId)).find((t) => t.type === type)!;
}

export const MEMBER_NOT_FOUND_FOR_MESSAGES = 'Member not found';

/** A member's preferred channel and opt-out (members:read). */
export function memberCommunication(ctx: RequestContext, memberId: string): Promise<MemberCommunication> {
  return communicationOf(...tenantRead(ctx, 'members:read'), memberId);
}

/** The preferences as the caller's own change left them. */
export function memberCommunicationAfterChange(ctx: RequestContext, memberId: string): Promise<MemberCommunication> {
  const companyId = companyOf(ctx);
  return communicationOf(tenantSql(ctx, companyId), companyId, memberId);
}

async function communicationOf(sql: SqlExecutor, companyId: string, memberId: string): Promise<MemberCommunication> {
  const found = await findMemberCommunication(sql, companyId, memberId);
  if (!found) throw new NotFoundError(MEMBER_NOT_FOUND_FOR_MESSAGES);
  return found;
}

/** Which provider sends each channel (this process's configuration), and the company's latest failure on it. */
export function providers(ctx: RequestContext): Promise<ProviderStatus[]> {
  const { sms, email } = ctx.services.config.notifications;
  return providerStatuses(...tenantRead(ctx, 'notifications:read'), { sms: sms?.kind ?? null, email: email ? 'smtp' : null });
}

/** A failed or not-sent message queued again; the dispatcher sends it at its next round. */
export async function resend(ctx: RequestContext, id: string): Promise<NotificationView> {
  const { companyId } = requireCompanyUser(ctx.user, 'notifications:resend');
  const outcome = await resendNotification(ctx.services.sql, companyId, id);
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    throw new DomainError('INVALID_TRANSITION', outcome.reason === 'no_address' ? NO_ADDRESS_TO_RESEND : NOT_RESENDABLE);
  }
  // Written on the primary, not through the log: the answer and the next list read must show it.
  await readYourDirectWrite(ctx);
  const [sql] = tenantRead(ctx, 'notifications:resend');
  const found = await findNotification(sql, companyId, id);
  if (!found) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  return found;
}

export const NO_RECEIPTS = 'Delivery receipts are taken from Twilio only when SMS_PROVIDER=twilio and TWILIO_STATUS_CALLBACK_URL are set.';

/**
 * Twilio's delivery receipt: verified against the callback URL as configured (the URL Twilio was given
 * and signed, whatever proxy the request came through), then applied to the message it names.
 */
export async function twilioReceipt(ctx: RequestContext, params: URLSearchParams): Promise<{ ok: true; outcome: string }> {
  const sms = ctx.services.config.notifications.sms;
  if (sms?.kind !== 'twilio' || !sms.statusCallbackUrl) throw new NotFoundError(NO_RECEIPTS);
  if (!verifyTwilioSignature(sms.authToken, sms.statusCallbackUrl, params, ctx.request.headers.get('x-twilio-signature')))
    throw new DomainError('FORBIDDEN', BAD_SIGNATURE);
  const outcome = await recordTwilioReceipt(ctx.services.sql, params, ctx.services.now());
  return { ok: true, outcome };
}

export const NO_SMSPORTAL_RECEIPTS =
  'Delivery receipts are taken from SMSPortal only when SMS_PROVIDER=smsportal and SMSPORTAL_WEBHOOK_TOKEN are set.';

/**
 * SMSPortal's delivery reports (Webhooks V2, a JSON body): trusted for the deployment's secret token in the
 * URL (SMSPortal signs nothing), then each applied to the message it names. A report for a message this
 * outbox never sent answers 200 and changes nothing; a body not in SMSPortal's shape is refused (400).
 */
export async function smsPortalReceipt(
  ctx: RequestContext,
  token: string,
  body: unknown,
): Promise<{ ok: true; outcomes: ReceiptOutcome[] }> {
  const sms = ctx.services.config.notifications.sms;
  if (sms?.kind !== 'smsportal' || !sms.webhookToken) throw new NotFoundError(NO_SMSPORTAL_RECEIPTS);
  if (!webhookTokenMatches(sms.webhookToken, token)) throw new DomainError('FORBIDDEN', BAD_WEBHOOK_TOKEN);
  const receipts = parseSmsPortalReceipts(body);
  if (!receipts) throw new DomainError('VALIDATION_FAILED', SMSPORTAL_RECEIPT_SHAPE);
  const outcomes: ReceiptOutcome[] = [];
  for (const receipt of receipts) outcomes.push(await recordSmsPortalReceipt(ctx.services.sql, receipt, ctx.services.now()));
  return { ok: true, outcomes };
}

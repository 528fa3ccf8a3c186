import { DomainError, NotFoundError, parseInput } from '@fpa/write-model';
import {
  findNotification,
  listNotifications,
  notificationMonths,
  resendNotification,
  type NotificationMonth,
  type NotificationView,
} from '@fpa/projections';
import { NO_ADDRESS_TO_RESEND, NOT_RESENDABLE, NOTIFICATION_NOT_FOUND, notificationQuerySchema } from '@fpa/write-model/validation';
import { requireCompanyUser } from '../auth/policy.ts';
import type { RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

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
  return notificationMonths(...tenantRead(ctx, 'notifications:read'));
}

/** A failed or not-sent message queued again; the dispatcher sends it at its next round. */
export async function resend(ctx: RequestContext, id: string): Promise<NotificationView> {
  const { companyId } = requireCompanyUser(ctx.user, 'notifications:resend');
  const outcome = await resendNotification(ctx.services.sql, companyId, id);
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') throw new NotFoundError(NOTIFICATION_NOT_FOUND);
    throw new DomainError('INVALID_TRANSITION', outcome.reason === 'no_address' ? NO_ADDRESS_TO_RESEND : NOT_RESENDABLE);
  }
  const [sql] = tenantRead(ctx, 'notifications:resend');
  const found = await findNotification(sql, companyId, id);
  if (!found) throw new NotFoundError(NOTIFICATION_NOT_FOUND);
  return found;
}

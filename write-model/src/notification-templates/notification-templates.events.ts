import type { NotificationType, TemplateText } from '../validation/index.ts';

/*
 * A company's own words for its messages (issue #24): one stream per company. The outbox projector
 * folds them and renders each message with the template in force when it writes the row; a type never
 * set (or reset) reads the English default (validation/notification-templates.ts).
 */

/** The whole template of one message type as now saved. */
export type NotificationTemplateSet = {
  type: 'NotificationTemplateSet';
  data: TemplateText & { companyId: string; messageType: NotificationType; setAt: string };
};

/** The type's message reads the English default again. */
export type NotificationTemplateReset = {
  type: 'NotificationTemplateReset';
  data: { companyId: string; messageType: NotificationType; resetAt: string };
};

export type NotificationTemplateEvent = NotificationTemplateSet | NotificationTemplateReset;

export const notificationTemplatesStreamId = (companyId: string) => `notification-templates-${companyId}`;

import { unknownEvent } from '../command-handling/decider.ts';
import type { NotificationType, TemplateText } from '../validation/index.ts';
import type { NotificationTemplateEvent } from './notification-templates.events.ts';

/** The company's own templates by message type; a type absent here reads the default. */
export type NotificationTemplates = ReadonlyMap<NotificationType, TemplateText>;

export const initialNotificationTemplates: NotificationTemplates = new Map();

export function evolveNotificationTemplates(state: NotificationTemplates, event: NotificationTemplateEvent): NotificationTemplates {
  switch (event.type) {
    case 'NotificationTemplateSet': {
      const { messageType, subject, sms, email } = event.data;
      return new Map(state).set(messageType, { subject, sms, email });
    }
    case 'NotificationTemplateReset': {
      const next = new Map(state);
      next.delete(event.data.messageType);
      return next;
    }
    default:
      return unknownEvent(event, state);
  }
}

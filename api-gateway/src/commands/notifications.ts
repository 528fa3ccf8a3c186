import { resetNotificationTemplateSlice, setNotificationTemplateSlice } from '@fpa/write-model';
import * as notifications from '../queries/notifications.ts';
import { NotificationTemplateObject } from '../schema/notifications.ts';
import { endpoint } from './expose.ts';

/** Issue #24, Settings → message templates: the answer is the type's template as now in force. */
export const notificationEndpoints = [
  endpoint({
    slice: setNotificationTemplateSlice,
    rest: { method: 'PUT', path: '/api/notifications/templates/:type' },
    graphql: { type: NotificationTemplateObject, description: "Set the company's words for one message type (company:update)." },
    answer: (ctx, outcome) => notifications.templateAfterChange(ctx, outcome.type),
  }),
  endpoint({
    slice: resetNotificationTemplateSlice,
    rest: { method: 'DELETE', path: '/api/notifications/templates/:type' },
    graphql: {
      type: NotificationTemplateObject,
      description: 'Back to the English default for one message type (company:update).',
      args: 'flat',
    },
    answer: (ctx, outcome) => notifications.templateAfterChange(ctx, outcome.type),
  }),
];

import { resetNotificationTemplateSlice, setMemberCommunicationSlice, setNotificationTemplateSlice } from '@fpa/write-model';
import * as notifications from '../queries/notifications.ts';
import { MemberCommunicationObject, NotificationTemplateObject } from '../schema/notifications.ts';
import { endpoint } from './expose.ts';

/** Issue #24, Settings → message templates: the answer is the type's template as now in force. */
export const notificationEndpoints = [
  endpoint({
    slice: setMemberCommunicationSlice,
    rest: { method: 'PUT', path: '/api/members/:id/communication' },
    graphql: { type: MemberCommunicationObject, description: "Set a member's preferred channel and opt-out (members:update; POPIA)." },
    answer: (ctx, { memberId }) => notifications.memberCommunicationAfterChange(ctx, memberId),
  }),
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

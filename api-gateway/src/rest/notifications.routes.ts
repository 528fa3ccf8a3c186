import * as notifications from '../queries/notifications.ts';
import type { Route } from './router.ts';

/** Issue #24: the outbox, its monthly counts, and the resend of a failed or unsent message. */
export const notificationRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/notifications',
    operation: 'notifications:read',
    handler: (ctx, { query }) =>
      notifications.notifications(ctx, {
        memberId: query.get('memberId'),
        type: query.get('type'),
        channel: query.get('channel'),
        status: query.get('status'),
        from: query.get('from'),
        to: query.get('to'),
        limit: query.get('limit'),
        offset: query.get('offset'),
      }),
  },
  {
    method: 'GET',
    path: '/api/notifications/counts',
    operation: 'notifications:read',
    handler: async (ctx) => ({ months: await notifications.notificationCounts(ctx) }),
  },
  {
    method: 'GET',
    path: '/api/notifications/providers',
    operation: 'notifications:read',
    handler: async (ctx) => ({ providers: await notifications.providers(ctx) }),
  },
  {
    method: 'GET',
    path: '/api/members/:id/communication',
    operation: 'members:read',
    handler: (ctx, { params }) => notifications.memberCommunication(ctx, params.id!),
  },
  {
    method: 'GET',
    path: '/api/notifications/templates',
    operation: 'notifications:read',
    handler: async (ctx) => ({ templates: await notifications.templates(ctx) }),
  },
  {
    method: 'GET',
    path: '/api/notifications/templates/:type',
    operation: 'notifications:read',
    handler: (ctx, { params }) => notifications.template(ctx, params.type),
  },
  {
    method: 'POST',
    path: '/api/notifications/receipts/twilio',
    operation: 'notifications.receipt',
    form: true,
    handler: (ctx, { body }) => notifications.twilioReceipt(ctx, body as URLSearchParams),
  },
  {
    method: 'POST',
    path: '/api/notifications/receipts/smsportal/:token',
    operation: 'notifications.receipt',
    handler: (ctx, { params, body }) => notifications.smsPortalReceipt(ctx, params.token!, body),
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/resend',
    operation: 'notifications:resend',
    handler: (ctx, { params }) => notifications.resend(ctx, params.id!),
  },
];

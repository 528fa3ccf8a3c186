import { NotFoundError } from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { sandboxCheckoutAction, sandboxCheckoutPage } from '../billing/sandbox-gateway.ts';
import { receiveNotification } from '../billing/notifications.ts';
import { subscriptionInvoicePdf } from '../papers/tax-invoice.ts';
import * as subscriptions from '../queries/subscription.ts';
import type { Route } from './router.ts';

/** The sandbox gateway's page exists only while the sandbox is the configured provider. */
function sandboxSecret(ctx: RequestContext): string {
  const billing = ctx.services.config.billing;
  if (billing.provider !== 'sandbox') throw new NotFoundError('Not found');
  return billing.secret;
}

const form = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());

/**
 * Spec part 2 §7 Subscription: its reads (its commands are endpoints: commands/subscription.ts), and the
 * payment provider's side of a checkout — the notifications (hand-written: billing/notifications.ts says
 * why) and the sandbox gateway's page.
 */
export const subscriptionRoutes: Route[] = [
  { method: 'GET', path: '/api/subscription', operation: 'subscription:read', handler: (ctx) => subscriptions.subscription(ctx) },
  {
    method: 'GET',
    path: '/api/subscription/plans',
    operation: 'subscription:read',
    handler: (ctx) => subscriptions.subscriptionPlans(ctx),
  },
  {
    method: 'GET',
    path: '/api/subscription/billing-history',
    operation: 'subscription:read',
    handler: (ctx) => subscriptions.billingHistory(ctx),
  },
  // Issue #25: a paid payment's (tax) invoice, as a PDF.
  {
    method: 'GET',
    path: '/api/subscription/billing-history/:id/invoice.pdf',
    operation: 'subscription:read',
    handler: (ctx, { params }) => subscriptionInvoicePdf(ctx, params.id!),
  },
  {
    method: 'POST',
    path: '/api/billing/payfast/notify',
    operation: 'billing.notify',
    form: true,
    handler: (ctx, { body }) => receiveNotification(ctx, 'payfast', form(body)),
  },
  {
    method: 'POST',
    path: '/api/billing/sandbox/notify',
    operation: 'billing.notify',
    form: true,
    handler: (ctx, { body }) => receiveNotification(ctx, 'sandbox', form(body)),
  },
  {
    method: 'GET',
    path: '/api/billing/sandbox/checkout',
    operation: 'billing.sandbox',
    handler: (ctx, { query }) => sandboxCheckoutPage(query, sandboxSecret(ctx)),
  },
  {
    method: 'POST',
    path: '/api/billing/sandbox/checkout',
    operation: 'billing.sandbox',
    form: true,
    handler: (ctx, { body }) => sandboxCheckoutAction(form(body), sandboxSecret(ctx), ctx.loopback),
  },
];

import { NotFoundError } from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { sandboxCheckoutAction, sandboxCheckoutPage } from '../billing/sandbox-gateway.ts';
import * as subscriptions from '../operations/subscription.ts';
import type { Route } from './router.ts';

/** The sandbox gateway's page exists only while the sandbox is the configured provider. */
function sandboxSecret(ctx: RequestContext): string {
  const billing = ctx.services.config.billing;
  if (billing.provider !== 'sandbox') throw new NotFoundError('Not found');
  return billing.secret;
}

const form = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());

/** Spec part 2 §7 Subscription, and the payment provider's side of a checkout. */
export const subscriptionRoutes: Route[] = [
  { method: 'GET', path: '/api/subscription', operation: 'subscription:read', handler: (ctx) => subscriptions.subscription(ctx) },
  { method: 'GET', path: '/api/subscription/plans', operation: 'subscription:read', handler: (ctx) => subscriptions.subscriptionPlans(ctx) },
  { method: 'GET', path: '/api/subscription/billing-history', operation: 'subscription:read', handler: (ctx) => subscriptions.billingHistory(ctx) },
  { method: 'POST', path: '/api/subscription/create-checkout', operation: 'subscription:manage', handler: (ctx, { body }) => subscriptions.createCheckout(ctx, body) },
  { method: 'PUT', path: '/api/subscription/upgrade', operation: 'subscription:manage', handler: (ctx, { body }) => subscriptions.upgrade(ctx, body) },
  { method: 'POST', path: '/api/billing/payfast/notify', operation: 'billing.notify', form: true, handler: (ctx, { body }) => subscriptions.receiveNotification(ctx, 'payfast', form(body)) },
  { method: 'POST', path: '/api/billing/sandbox/notify', operation: 'billing.notify', form: true, handler: (ctx, { body }) => subscriptions.receiveNotification(ctx, 'sandbox', form(body)) },
  { method: 'GET', path: '/api/billing/sandbox/checkout', operation: 'billing.sandbox', handler: (ctx, { query }) => sandboxCheckoutPage(query, sandboxSecret(ctx)) },
  {
    method: 'POST',
    path: '/api/billing/sandbox/checkout',
    operation: 'billing.sandbox',
    form: true,
    handler: (ctx, { body }) => sandboxCheckoutAction(form(body), sandboxSecret(ctx), ctx.loopback),
  },
];

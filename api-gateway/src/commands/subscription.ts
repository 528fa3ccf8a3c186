import {
  createSubscriptionCheckoutSlice,
  DomainError,
  NOT_CONFIGURED,
  upgradeSubscriptionSlice,
  type StartedCheckout,
} from '@fpa/write-model';
import type { RequestContext } from '../context.ts';
import { NOT_ALLOWED } from '../auth/policy.ts';
import { paymentProvider } from '../billing/select-provider.ts';
import { CheckoutType, UpgradeType, type CheckoutAnswer, type UpgradeAnswer } from '../schema/subscription.ts';
import { endpoint } from './expose.ts';

function origin(ctx: RequestContext): string {
  return (ctx.services.config.publicUrl ?? new URL(ctx.request.url).origin).replace(/\/+$/, '');
}

/**
 * The provider's page to pay a pending checkout on. The plan changes only when the provider's verified
 * notification arrives (billing/notifications.ts), never here.
 */
function checkoutAnswer(ctx: RequestContext, checkout: StartedCheckout): CheckoutAnswer {
  const provider = paymentProvider(ctx.services.config.billing);
  if (!provider) throw new DomainError('RULE_VIOLATED', NOT_CONFIGURED);
  const user = ctx.user;
  if (!user) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  const base = origin(ctx);
  const redirectUrl = provider.redirectUrl(
    { ...checkout, payer: { firstName: user.firstName, lastName: user.lastName, email: user.email } },
    {
      origin: base,
      returnUrl: `${base}/subscription/payment-success?checkout=${checkout.id}`,
      cancelUrl: `${base}/subscription/payment-cancel`,
      failureUrl: `${base}/subscription/payment-failure`,
      notifyUrl: `${base}/api/billing/${provider.id}/notify`,
    },
  );
  return { redirectUrl, checkoutId: checkout.id };
}

/** Spec part 2 §7 Subscription (the provider's notifications are routes of their own: rest/subscription.routes.ts). */
export const subscriptionEndpoints = [
  endpoint({
    slice: createSubscriptionCheckoutSlice,
    rest: { method: 'POST', path: '/api/subscription/create-checkout' },
    graphql: { type: CheckoutType, args: 'flat' },
    answer: (ctx, { append: _append, ...checkout }) => checkoutAnswer(ctx, checkout),
  }),
  endpoint({
    slice: upgradeSubscriptionSlice,
    /** Spec §7: defined, no control uses it. A paid plan is never granted without payment: the answer is the checkout to pay it through. */
    rest: { method: 'PUT', path: '/api/subscription/upgrade' },
    graphql: { type: UpgradeType, args: 'flat' },
    answer: (ctx, { append: _append, ...checkout }): UpgradeAnswer => ({
      ...checkoutAnswer(ctx, checkout),
      requiresPayment: true,
      message: 'The new plan starts as soon as its payment is confirmed. Continue to the payment page.',
    }),
  }),
];

import {
  NotFoundError,
  DomainError,
  nextBillingDate,
  settleSubscriptionPayment,
  southAfricanDate,
  startSubscriptionCheckout,
  tierOf,
  memberLimitRank,
  commandContext,
  SYSTEM,
} from '@fpa/write-model';
import { decimalToCents } from '@fpa/write-model/validation';
import {
  findPlanOfTier,
  findSubscription,
  listPlans,
  listSubscriptionPayments,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';
import { paymentProvider } from '../billing/select-provider.ts';
import { NOT_CONFIGURED, type ProviderId } from '../billing/provider.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantSql } from './tenant.ts';

/** Spec part 2 §2: paid tiers are paid by card through the provider. */
export const PAID_PAYMENT_METHOD = 'Credit Card';

export type SubscriptionAnswer = SubscriptionRow & {
  planName: string;
  monthlyPrice: string | null;
  /** The 1st of next month for paid tiers; null on the free tier. */
  nextBillingDate: string | null;
  paymentMethod: string | null;
  /** round(count / limit × 100); 0 when unlimited. */
  usagePercent: number;
};

export async function subscription(ctx: RequestContext): Promise<SubscriptionAnswer> {
  const user = requireCompanyUser(ctx.user, 'subscription:read');
  const row = await findSubscription(tenantSql(ctx, user.companyId), user.companyId);
  if (!row) throw new NotFoundError('Subscription not found');
  const tier = tierOf(row.tier);
  const plan = await findPlanOfTier(ctx.services.sql, row.tier);
  const paid = tier.id !== 'free';
  return {
    ...row,
    planName: plan?.name ?? tier.name,
    monthlyPrice: tier.contactSales ? null : (plan?.monthlyPrice ?? tier.monthlyPrice),
    nextBillingDate: nextBillingDate(row.tier, southAfricanDate(ctx.services.now())),
    paymentMethod: paid ? PAID_PAYMENT_METHOD : null,
    usagePercent: row.memberLimit > 0 ? Math.round((row.currentMemberCount / row.memberLimit) * 100) : 0,
  };
}

export type PlanAnswer = {
  /** The tier the plan sells. */
  id: string;
  name: string;
  /** Rand a month; null for a price agreed with sales (enterprise). */
  monthlyPrice: string | null;
  memberLimit: number;
  description: string;
  features: string[];
  badge: string | null;
  checkout: boolean;
  contactSales: boolean;
  contactEmail: string | null;
};

/**
 * The plan cards: the active plans of the catalogue (the super admin's), each with its tier's
 * behaviour (free cannot be chosen, Premium and the tiers the super admin made are bought online,
 * Enterprise is Contact Sales), smallest first by member limit (unlimited last), as the checkout ranks
 * them: an earlier card is a smaller plan. Equal limits keep the plans' sort order.
 */
export async function subscriptionPlans(ctx: RequestContext): Promise<PlanAnswer[]> {
  requireCompanyUser(ctx.user, 'subscription:read');
  const plans = await listPlans(ctx.services.sql, { activeOnly: true });
  return plans
    .sort((a, b) => memberLimitRank(a.memberLimit) - memberLimitRank(b.memberLimit) || a.sortOrder - b.sortOrder)
    .map((plan) => {
      const tier = tierOf(plan.tier);
      return {
        id: plan.tier,
        name: plan.name,
        monthlyPrice: tier.contactSales ? null : plan.monthlyPrice,
        memberLimit: plan.memberLimit,
        description: plan.description ?? '',
        features: plan.features,
        badge: tier.badge,
        checkout: tier.checkout && decimalToCents(plan.monthlyPrice) > 0n,
        contactSales: tier.contactSales,
        contactEmail: tier.contactSales ? ctx.services.config.salesEmail : null,
      };
    });
}

export type BillingEntry = SubscriptionPaymentRow & { planName: string; paymentMethod: string };

export async function billingHistory(ctx: RequestContext): Promise<BillingEntry[]> {
  const user = requireCompanyUser(ctx.user, 'subscription:read');
  const [rows, plans] = await Promise.all([listSubscriptionPayments(tenantSql(ctx, user.companyId), user.companyId), listPlans(ctx.services.sql)]);
  const planName = (tier: string) => plans.find((p) => p.tier === tier)?.name ?? tierOf(tier).name;
  return rows.map((row) => ({ ...row, planName: planName(row.tier), paymentMethod: PAID_PAYMENT_METHOD }));
}

function origin(ctx: RequestContext): string {
  return (ctx.services.config.publicUrl ?? new URL(ctx.request.url).origin).replace(/\/+$/, '');
}

export type CheckoutAnswer = { redirectUrl: string; checkoutId: string };

/**
 * POST /api/subscription/create-checkout: a pending checkout and the provider's page to pay it on.
 * The plan changes only when the provider's verified notification arrives, never here.
 */
export async function createCheckout(ctx: RequestContext, input: unknown): Promise<CheckoutAnswer> {
  const user = requireCompanyUser(ctx.user, 'subscription:manage');
  const provider = paymentProvider(ctx.services.config.billing);
  if (!provider) throw new DomainError('RULE_VIOLATED', NOT_CONFIGURED);
  const checkout = await startSubscriptionCheckout(ctx.services.store, ctx.services.sql, input, commandFor(ctx), provider.id);
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

export type UpgradeAnswer = CheckoutAnswer & { requiresPayment: true; message: string };

/**
 * PUT /api/subscription/upgrade (spec §7: defined, no control uses it). A paid plan is never granted
 * without payment: the answer is the checkout to pay it through, the same as create-checkout.
 */
export async function upgrade(ctx: RequestContext, input: unknown): Promise<UpgradeAnswer> {
  const checkout = await createCheckout(ctx, input);
  return { ...checkout, requiresPayment: true, message: 'The new plan starts as soon as its payment is confirmed. Continue to the payment page.' };
}

/**
 * POST /api/billing/{provider}/notify: the provider's notification (PayFast's ITN, or the sandbox's).
 * Only the configured provider's endpoint listens. Verified and checked against the pending checkout
 * before anything changes; a replay answers 200 and changes nothing; a forged one is refused with 400.
 */
export async function receiveNotification(ctx: RequestContext, providerId: ProviderId, form: URLSearchParams): Promise<Response> {
  const provider = paymentProvider(ctx.services.config.billing);
  if (!provider || provider.id !== providerId) throw new NotFoundError('Not found');
  let changed = false;
  try {
    const notification = provider.verifyNotification(form);
    if (notification) {
      const result = await settleSubscriptionPayment(ctx.services.store, ctx.services.sql, notification, commandContext(SYSTEM));
      if (result.append && result.changed) await readYourWrites(ctx, result.append);
      changed = result.changed;
    }
  } catch (error) {
    ctx.services.logger.warn({ provider: providerId, ip: ctx.ip, err: error }, 'payment notification refused');
    throw error;
  }
  ctx.services.logger.info({ provider: providerId, checkout: form.get('m_payment_id'), changed }, 'payment notification received');
  return new Response(changed ? 'OK' : 'OK (nothing changed)', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

import { NotFoundError, nextBillingDate, southAfricanDate, tierOf, memberLimitRank } from '@fpa/write-model';
import { decimalToCents } from '@fpa/write-model/validation';
import {
  findPlanOfTier,
  findSubscription,
  listPlans,
  listSubscriptionPayments,
  type SubscriptionPaymentRow,
  type SubscriptionRow,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';
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
  const plan = await findPlanOfTier(readSql(ctx), row.tier);
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
  const plans = await listPlans(readSql(ctx), { activeOnly: true });
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
  const [rows, plans] = await Promise.all([
    listSubscriptionPayments(tenantSql(ctx, user.companyId), user.companyId),
    listPlans(readSql(ctx)),
  ]);
  const planName = (tier: string) => plans.find((p) => p.tier === tier)?.name ?? tierOf(tier).name;
  return rows.map((row) => ({ ...row, planName: planName(row.tier), paymentMethod: PAID_PAYMENT_METHOD }));
}

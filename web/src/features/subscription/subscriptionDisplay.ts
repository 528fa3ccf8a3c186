// How the subscription screens word tiers, prices and limits (spec part 2 §9).

const grouped = new Intl.NumberFormat('en-US');

/** 'R299' a month, 'R0' for free, 'Custom' for a price agreed with sales. */
export function planPrice(monthlyPrice: string | null): string {
  if (monthlyPrice === null) return 'Custom';
  return `R${monthlyPrice.replace(/\.00$/, '')}`;
}

/** A member limit as a count ('50,000'), or 'Unlimited' for -1. */
export function memberLimitText(limit: number): string {
  return limit < 0 ? 'Unlimited' : grouped.format(limit);
}

export function memberCountText(count: number): string {
  return grouped.format(count);
}

export type PlanAction =
  | { kind: 'current' }
  | { kind: 'checkout'; label: string }
  | { kind: 'contact'; email: string | null }
  | { kind: 'free' }
  | { kind: 'lower' }
  | { kind: 'administratorOnly' };

type PlanLike = { tier: string; name: string; checkout: boolean; contactSales: boolean; contactEmail: string | null };

/**
 * What a plan card offers: the current plan says so; the free plan cannot be chosen; a plan bought
 * online has an Upgrade button for whoever may manage the subscription; Enterprise is Contact Sales.
 * `plans` is in tier order, so a plan before the current one is a smaller one.
 */
export function planAction(plan: PlanLike, plans: readonly PlanLike[], currentTier: string | null, canManage: boolean): PlanAction {
  if (plan.tier === currentTier) return { kind: 'current' };
  if (plan.contactSales) return { kind: 'contact', email: plan.contactEmail };
  if (!plan.checkout) return { kind: 'free' };
  const rank = (tier: string | null) => plans.findIndex((p) => p.tier === tier);
  if (currentTier !== null && rank(plan.tier) < rank(currentTier)) return { kind: 'lower' };
  if (!canManage) return { kind: 'administratorOnly' };
  return { kind: 'checkout', label: `Upgrade to ${plan.name}` };
}

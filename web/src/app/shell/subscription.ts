/** The subscription figures the shell shows; absent until loaded (or for roles that never load them). */
export type SubscriptionUsage = { tier: string; currentMemberCount: number; memberLimit: number };

/** Spec §9: the free tier's limit, also shown when there is no subscription data. */
export const FALLBACK_MEMBER_LIMIT = 300;

/** 'Free Tier' for the free tier, otherwise 'Tier {tier}' (spec §4). */
export function tierLabel(tier: string | undefined): string {
  return !tier || tier === 'free' ? 'Free Tier' : `Tier ${tier}`;
}

/** round(count / limit × 100); 0 when the limit is not a positive number (e.g. -1 = unlimited). */
export function usagePercent(currentMemberCount: number, memberLimit: number): number {
  if (!(memberLimit > 0)) return 0;
  return Math.round((currentMemberCount / memberLimit) * 100);
}

/** The usage line and percentage, with the spec's 0 / 300 when there is no data. */
export function usageSummary(subscription: SubscriptionUsage | null | undefined) {
  const count = subscription?.currentMemberCount ?? 0;
  const limit = subscription?.memberLimit ?? FALLBACK_MEMBER_LIMIT;
  return {
    tierLabel: tierLabel(subscription?.tier),
    text: `${count} / ${limit} members`,
    percent: usagePercent(count, limit),
  };
}

/** Part 2 §9: a warning from 80% of the member limit, a limit-reached message from 100%. */
export const USAGE_WARNING_PERCENT = 80;
export const USAGE_LIMIT_PERCENT = 100;

export type UsageWarning = { level: 'approaching' | 'reached'; text: string } | null;

export function usageWarning(percent: number): UsageWarning {
  if (percent >= USAGE_LIMIT_PERCENT) return { level: 'reached', text: 'Member limit reached: upgrade your plan to add more members' };
  if (percent >= USAGE_WARNING_PERCENT) return { level: 'approaching', text: 'Approaching member limit' };
  return null;
}

/*
 * The subscription tiers (spec part 2 §4, §9): what each tier *does* (free is where registration
 * starts and cannot be bought; starter is bought online by card; enterprise is Contact Sales) and
 * the order the checkout ranks them in. What a tier is *sold for* (its name, monthly price, member
 * limit, description, features) is the plan catalogue's (plans/): the definitions below are the
 * built-in plans recorded into it at first start, and the fallback for a tier without a plan.
 * Pure data, no I/O.
 */

export type TierId = 'free' | 'starter' | 'enterprise';

export type Tier = {
  id: TierId;
  name: string;
  /** Rand per month, two decimals; null for a price agreed with sales (enterprise). */
  monthlyPrice: string | null;
  /** -1 = unlimited. */
  memberLimit: number;
  description: string;
  features: readonly string[];
  /** Shown on the plan card ('Most Popular'). */
  badge: string | null;
  /** Paid online through the checkout; false for free (cannot be chosen) and enterprise (Contact Sales). */
  checkout: boolean;
  contactSales: boolean;
};

export const UNLIMITED_MEMBERS = -1;
export const FREE_TIER: TierId = 'free';
export const FREE_TIER_MEMBER_LIMIT = 300;

/** The Premium Plan's notifications, as its feature list sells them (issue #24). */
export const NOTIFICATIONS_FEATURE = 'SMS & email notifications';

/**
 * What a tier's company sends: every message by SMS and e-mail, or (the free tier) only the legally
 * required notices, by e-mail. The gate the outbox applies; the features above sell the same line.
 */
export function notificationsOf(tierId: string): 'all' | 'legal_by_email' {
  return tierId === FREE_TIER ? 'legal_by_email' : 'all';
}

export const TIERS: readonly Tier[] = [
  {
    id: 'free',
    name: 'Free Tier',
    monthlyPrice: '0.00',
    memberLimit: FREE_TIER_MEMBER_LIMIT,
    description: 'For small funeral parlours getting started.',
    features: ['Up to 300 members', 'Complete policy management', 'Claims processing', 'Basic reports'],
    badge: null,
    checkout: false,
    contactSales: false,
  },
  {
    id: 'starter',
    name: 'Premium Plan',
    monthlyPrice: '299.00',
    memberLimit: 50_000,
    description: 'For growing insurers with up to 50,000 members.',
    features: ['Up to 50,000 members', NOTIFICATIONS_FEATURE, 'Agent management', 'Advanced reports', 'Priority support'],
    badge: 'Most Popular',
    checkout: true,
    contactSales: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    memberLimit: UNLIMITED_MEMBERS,
    description: 'For large insurers: unlimited members, priced with our sales team.',
    features: ['Unlimited members', 'Everything in the Premium Plan', 'Pricing agreed with our sales team'],
    badge: null,
    checkout: false,
    contactSales: true,
  },
];

export function isTierId(value: unknown): value is TierId {
  return typeof value === 'string' && TIERS.some((t) => t.id === value);
}

/**
 * The tier's definition. A tier that is not built in is one the super admin made by creating its plan
 * (plans/): it is bought online by card like starter, at its plan's price and member limit (the checkout
 * reads them from the plan offers; the values here are only the fallback of a tier without a plan).
 */
export function tierOf(id: string): Tier {
  return (
    TIERS.find((t) => t.id === id) ?? {
      id: id as TierId,
      name: id,
      monthlyPrice: null,
      memberLimit: FREE_TIER_MEMBER_LIMIT,
      description: '',
      features: [],
      badge: null,
      checkout: true,
      contactSales: false,
    }
  );
}

/** -1 (unlimited) ranks above every number: for comparing plans by the members they allow. */
export function memberLimitRank(limit: number): number {
  return limit === UNLIMITED_MEMBERS ? Number.POSITIVE_INFINITY : limit;
}

export function isPaidTier(id: string): boolean {
  return id !== FREE_TIER;
}

/** Paid tiers bill on the 1st of the month after `today` (a YYYY-MM-DD date in South Africa); free never bills. */
export function nextBillingDate(tier: string, today: string): string | null {
  if (!isPaidTier(tier)) return null;
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

export const ENTERPRISE_CONTACT_SALES =
  'The Enterprise plan is priced for your company: contact our sales team to arrange it. It cannot be bought online.';

export function alreadyOnPlan(tier: Tier): string {
  return `Your company is already on the ${tier.name}.`;
}

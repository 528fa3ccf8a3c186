/*
 * The subscription plans companies can buy: one catalogue stream for the whole platform. Each plan
 * sells one tier (free, starter, enterprise; at most one plan per tier), and says that tier's name,
 * monthly price and member limit. The three built-in plans are recorded here at first start.
 */

export type PlanFields = {
  name: string;
  /** The tier this plan sells (companies/tiers.ts): its behaviour (free, bought online, contact sales). */
  tier: string;
  /** -1 = unlimited. */
  memberLimit: number;
  /** Rand a month, two decimals. */
  monthlyPrice: string;
  features: string[];
  description: string | null;
  sortOrder: number;
  isActive: boolean;
};

export type PlanCreated = { type: 'PlanCreated'; data: PlanFields & { planId: string; createdAt: string } };

/** The whole plan as it now stands (a PUT). */
export type PlanUpdated = { type: 'PlanUpdated'; data: PlanFields & { planId: string; updatedAt: string } };

export type PlanDeleted = { type: 'PlanDeleted'; data: { planId: string; tier: string; name: string; deletedAt: string } };

export type PlanEvent = PlanCreated | PlanUpdated | PlanDeleted;

export const PLAN_CATALOGUE_STREAM = 'plan-catalogue';

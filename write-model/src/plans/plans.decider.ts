import { DomainError, NotFoundError } from '../errors.ts';
import { centsToDecimal, decimalToCents, type PlanInput } from '../validation/index.ts';
import type { PlanFields } from './plans.events.ts';
import { planOfTier, type PlanCatalogue } from './plans.state.ts';

export const PLAN_NOT_FOUND = 'Subscription plan not found';

export function tierTaken(tier: string): string {
  return `There is already a plan for the ${tier} tier`;
}

/** The fields as events carry them: the price with two decimals, blank description null. */
export function planFieldsOf(input: PlanInput): PlanFields {
  return {
    name: input.name,
    tier: input.tier,
    memberLimit: input.memberLimit,
    monthlyPrice: centsToDecimal(decimalToCents(input.monthlyPrice)),
    features: [...input.features],
    description: input.description ?? null,
    sortOrder: input.sortOrder,
    isActive: input.isActive,
  };
}

/**
 * A plan sells one tier, and each tier is sold by one plan at most. Plans are data: a plan for a tier
 * that is not built in (free, starter, enterprise) makes that tier, sold online at the plan's price.
 */
export function checkTier(state: PlanCatalogue, tier: string, planId: string | null): void {
  const holder = planOfTier(state, tier);
  if (holder && holder.planId !== planId) {
    throw new DomainError('ALREADY_EXISTS', tierTaken(tier), [{ path: ['tier'], message: tierTaken(tier) }]);
  }
}

/** The plan with this id, or PLAN_NOT_FOUND. */
export function existingPlan(state: PlanCatalogue, planId: string) {
  const plan = state.plans.get(planId);
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

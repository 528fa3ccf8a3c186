import type { CommandContext } from '../command-handling/context.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { TIERS } from '../companies/tiers.ts';
import { centsToDecimal, decimalToCents, type PlanInput } from '../validation/index.ts';
import type { PlanEvent, PlanFields } from './plans.events.ts';
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
function checkTier(state: PlanCatalogue, tier: string, planId: string | null): void {
  const holder = planOfTier(state, tier);
  if (holder && holder.planId !== planId) {
    throw new DomainError('ALREADY_EXISTS', tierTaken(tier), [{ path: ['tier'], message: tierTaken(tier) }]);
  }
}

function samePlan(a: PlanFields, b: PlanFields): boolean {
  const keys: (keyof PlanFields)[] = ['name', 'tier', 'memberLimit', 'monthlyPrice', 'description', 'sortOrder', 'isActive'];
  return keys.every((key) => a[key] === b[key]) && a.features.join('\n') === b.features.join('\n') && a.features.length === b.features.length;
}

function existing(state: PlanCatalogue, planId: string) {
  const plan = state.plans.get(planId);
  if (!plan) throw new NotFoundError(PLAN_NOT_FOUND);
  return plan;
}

export function decideCreatePlan(input: PlanInput, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const fields = planFieldsOf(input);
  checkTier(state, fields.tier, null);
  return [{ type: 'PlanCreated', data: { planId: ctx.newId(), ...fields, createdAt: ctx.now.toISOString() } }];
}

/** Saving the plan as it already stands records nothing. */
export function decideUpdatePlan(command: { planId: string; input: PlanInput }, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const plan = existing(state, command.planId);
  const fields = planFieldsOf(command.input);
  checkTier(state, fields.tier, plan.planId);
  if (samePlan(plan, fields)) return [];
  return [{ type: 'PlanUpdated', data: { planId: plan.planId, ...fields, updatedAt: ctx.now.toISOString() } }];
}

/** Whether companies are on its tier is decided in the append transaction (plan-offers.ts). */
export function decideDeletePlan(command: { planId: string }, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const plan = existing(state, command.planId);
  return [{ type: 'PlanDeleted', data: { planId: plan.planId, tier: plan.tier, name: plan.name, deletedAt: ctx.now.toISOString() } }];
}

/**
 * The built-in plans (companies/tiers.ts), recorded once into a catalogue never written before. A
 * catalogue the operator has changed is left alone: a deleted built-in plan does not come back.
 * Enterprise's price is agreed with sales; its plan records 0.00 and the tier says "Custom".
 */
export function decideSeedPlans(_command: Record<string, never>, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  if (state.written) return [];
  return TIERS.map((tier, index) => ({
    type: 'PlanCreated',
    data: {
      planId: ctx.newId(),
      name: tier.name,
      tier: tier.id,
      memberLimit: tier.memberLimit,
      monthlyPrice: tier.monthlyPrice ?? '0.00',
      features: [...tier.features],
      description: tier.description,
      sortOrder: index,
      isActive: true,
      createdAt: ctx.now.toISOString(),
    },
  }));
}

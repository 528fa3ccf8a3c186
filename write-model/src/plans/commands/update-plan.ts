import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { planSchema, type PlanInput } from '../../validation/index.ts';
import { checkTier, existingPlan, planFieldsOf } from '../plans.decider.ts';
import type { PlanEvent, PlanFields } from '../plans.events.ts';
import type { PlanCatalogue } from '../plans.state.ts';
import { changeCatalogue } from './catalogue.ts';

/**
 * PUT /api/super-admin/plans/{id}: the whole plan. A new price or member limit applies to checkouts
 * started from now on; companies already on the tier keep the limit they bought.
 */
export async function updatePlan(store: EventStore, planId: string, input: unknown, ctx: CommandContext) {
  const command = parseInput(planSchema, input);
  return changeCatalogue(store, ctx, (state) => decideUpdatePlan({ planId, input: command }, state, ctx));
}

function samePlan(a: PlanFields, b: PlanFields): boolean {
  const keys: (keyof PlanFields)[] = ['name', 'tier', 'memberLimit', 'monthlyPrice', 'description', 'sortOrder', 'isActive'];
  return (
    keys.every((key) => a[key] === b[key]) && a.features.join('\n') === b.features.join('\n') && a.features.length === b.features.length
  );
}

/** Saving the plan as it already stands records nothing. */
export function decideUpdatePlan(command: { planId: string; input: PlanInput }, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const plan = existingPlan(state, command.planId);
  const fields = planFieldsOf(command.input);
  checkTier(state, fields.tier, plan.planId);
  if (samePlan(plan, fields)) return [];
  return [{ type: 'PlanUpdated', data: { planId: plan.planId, ...fields, updatedAt: ctx.now.toISOString() } }];
}

export const updatePlanSlice = commandSlice({
  name: 'updatePlan',
  operation: 'platform.plans.manage',
  target: 'id',
  input: () => planSchema,
  handle: ({ store }, { target, input }, ctx) => updatePlan(store, target, input, ctx),
});

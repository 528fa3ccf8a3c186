import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { z } from 'zod';
import { existingPlan } from '../plans.decider.ts';
import type { PlanEvent } from '../plans.events.ts';
import type { PlanCatalogue } from '../plans.state.ts';
import { changeCatalogue } from './catalogue.ts';

/** DELETE /api/super-admin/plans/{id}: refused (IN_USE) while companies are on its tier. */
export async function deletePlan(store: EventStore, planId: string, ctx: CommandContext) {
  const { append } = await changeCatalogue(store, ctx, (state) => decideDeletePlan({ planId }, state, ctx));
  return { append: append! };
}

/** Whether companies are on its tier is decided in the append transaction (plan-offers.ts). */
export function decideDeletePlan(command: { planId: string }, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const plan = existingPlan(state, command.planId);
  return [{ type: 'PlanDeleted', data: { planId: plan.planId, tier: plan.tier, name: plan.name, deletedAt: ctx.now.toISOString() } }];
}

export const deletePlanSlice = commandSlice({
  name: 'deletePlan',
  operation: 'platform.plans.manage',
  target: 'id',
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => deletePlan(store, target, ctx),
});

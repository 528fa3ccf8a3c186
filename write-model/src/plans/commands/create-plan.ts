import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { planSchema, type PlanInput } from '../../validation/index.ts';
import { checkTier, planFieldsOf } from '../plans.decider.ts';
import type { PlanEvent } from '../plans.events.ts';
import type { PlanCatalogue } from '../plans.state.ts';
import { changeCatalogue } from './catalogue.ts';

/** POST /api/super-admin/plans. */
export async function createPlan(store: EventStore, input: unknown, ctx: CommandContext) {
  const command = parseInput(planSchema, input);
  const { events, append } = await changeCatalogue(store, ctx, (state) => decideCreatePlan(command, state, ctx));
  const created = events[0]!;
  return { planId: created.data.planId, append: append! };
}

export function decideCreatePlan(input: PlanInput, state: PlanCatalogue, ctx: CommandContext): PlanEvent[] {
  const fields = planFieldsOf(input);
  checkTier(state, fields.tier, null);
  return [{ type: 'PlanCreated', data: { planId: ctx.newId(), ...fields, createdAt: ctx.now.toISOString() } }];
}

export const createPlanSlice = commandSlice({
  name: 'createPlan',
  operation: 'platform.plans.manage',
  input: () => planSchema,
  handle: ({ store }, { input }, ctx) => createPlan(store, input, ctx),
});

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { planSchema } from '../../validation/index.ts';
import { decideUpdatePlan } from '../plans.decider.ts';
import { changeCatalogue } from './catalogue.ts';

/**
 * PUT /api/super-admin/plans/{id}: the whole plan. A new price or member limit applies to checkouts
 * started from now on; companies already on the tier keep the limit they bought.
 */
export async function updatePlan(store: EventStore, planId: string, input: unknown, ctx: CommandContext) {
  const command = parseInput(planSchema, input);
  return changeCatalogue(store, ctx, (state) => decideUpdatePlan({ planId, input: command }, state, ctx));
}

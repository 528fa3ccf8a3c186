import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { planSchema } from '../../validation/index.ts';
import { decideCreatePlan } from '../plans.decider.ts';
import { changeCatalogue } from './catalogue.ts';

/** POST /api/super-admin/plans. */
export async function createPlan(store: EventStore, input: unknown, ctx: CommandContext) {
  const command = parseInput(planSchema, input);
  const { events, append } = await changeCatalogue(store, ctx, (state) => decideCreatePlan(command, state, ctx));
  const created = events[0]!;
  return { planId: created.data.planId, append: append! };
}

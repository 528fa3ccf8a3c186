import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { decideDeletePlan } from '../plans.decider.ts';
import { changeCatalogue } from './catalogue.ts';

/** DELETE /api/super-admin/plans/{id}: refused (IN_USE) while companies are on its tier. */
export async function deletePlan(store: EventStore, planId: string, ctx: CommandContext) {
  const { append } = await changeCatalogue(store, ctx, (state) => decideDeletePlan({ planId }, state, ctx));
  return { append: append! };
}

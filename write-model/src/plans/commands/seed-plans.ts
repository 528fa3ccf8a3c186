import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { decideSeedPlans } from '../plans.decider.ts';
import { changeCatalogue } from './catalogue.ts';

/**
 * At start: the built-in plans become the catalogue's first events when it has none. The fixed
 * command id makes processes starting together append once; a catalogue already written is kept.
 */
export async function ensureBuiltInPlans(store: EventStore, ctx: CommandContext) {
  const change = await changeCatalogue(store, { ...ctx, commandId: 'seed-plan-catalogue:v1' }, (state) => decideSeedPlans({}, state, ctx));
  return { created: change.append !== null && !change.append.duplicate, append: change.append };
}

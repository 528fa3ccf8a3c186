import type { AppendResult, EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { recordPlanOffers } from '../plan-offers.ts';
import { PLAN_CATALOGUE_STREAM, type PlanEvent } from '../plans.events.ts';
import { evolvePlanCatalogue, initialPlanCatalogue, type PlanCatalogue } from '../plans.state.ts';

export type CatalogueChange = { events: PlanEvent[]; append: AppendResult | null };

export function loadPlanCatalogue(store: EventStore) {
  return loadState(store, PLAN_CATALOGUE_STREAM, { initialState: initialPlanCatalogue, evolve: evolvePlanCatalogue });
}

/**
 * Load → decide → append on the catalogue stream with its expected version (so two operators
 * cannot both take a tier), the plan offers moved in the same transaction. No events, no append.
 */
export async function changeCatalogue(
  store: EventStore,
  ctx: CommandContext,
  decide: (state: PlanCatalogue) => PlanEvent[],
): Promise<CatalogueChange> {
  return withConflictRetry(async () => {
    const { state, version } = await loadPlanCatalogue(store);
    const events = decide(state);
    if (events.length === 0) return { events, append: null };
    const append = await store.append(
      [{ streamId: PLAN_CATALOGUE_STREAM, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }],
      appendOptions(ctx, (tx) => recordPlanOffers(tx, events, state)),
    );
    return { events, append };
  });
}

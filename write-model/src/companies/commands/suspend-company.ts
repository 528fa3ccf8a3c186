import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { NotFoundError } from '../../errors.ts';
import { suspensionSchema } from '../../validation/index.ts';
import { COMPANY_NOT_FOUND, decideActivateCompany, decideSuspendCompany } from '../companies.decider.ts';
import { companyStreamId, type CompanyEvent } from '../companies.events.ts';
import { evolveCompany, initialCompanyState, type CompanyState } from '../companies.state.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A platform command on one company's stream. The actor is the platform operator (no company of
 * their own), so the events' tenant is the company acted on, not the actor's.
 */
async function onCompany(
  store: EventStore,
  companyId: string,
  ctx: CommandContext,
  decide: (state: CompanyState) => CompanyEvent[],
) {
  if (!UUID.test(companyId)) throw new NotFoundError(COMPANY_NOT_FOUND);
  return withConflictRetry(async () => {
    const streamId = companyStreamId(companyId);
    const { state, version } = await loadState(store, streamId, { initialState: initialCompanyState, evolve: evolveCompany });
    const events = decide(state);
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }],
      { ...appendOptions(ctx), companyId },
    );
    return { events, append };
  });
}

/** POST /api/super-admin/companies/{companyId}/suspend: {reason}. */
export async function suspendCompany(store: EventStore, companyId: string, input: unknown, ctx: CommandContext) {
  const command = parseInput(suspensionSchema, input);
  return onCompany(store, companyId, ctx, (state) => decideSuspendCompany(command, state, ctx));
}

/** POST /api/super-admin/companies/{companyId}/activate: no body. */
export async function activateCompany(store: EventStore, companyId: string, ctx: CommandContext) {
  return onCompany(store, companyId, ctx, (state) => decideActivateCompany({}, state, ctx));
}

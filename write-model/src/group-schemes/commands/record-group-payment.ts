import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { paymentPii, paymentStreamId } from '../../payments/payments.events.ts';
import { groupPaymentSchemaOn, southAfricanDate } from '../../validation/index.ts';
import { assertOwnScheme } from '../group-schemes.decider.ts';
import { decideRecordGroupPayment } from '../group-payment.decider.ts';
import { groupSchemeStreamId, type GroupPaymentRecorded } from '../group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState } from '../group-schemes.state.ts';

const schemeFold = { initialState: initialGroupSchemeState, evolve: evolveGroupScheme };

/**
 * POST /api/group-schemes/{id}/payments: the run on the scheme's stream (at its current version, so
 * the head count cannot change underneath) and one new payment stream per group policy, atomically.
 */
export async function recordGroupPayment(store: EventStore, schemeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const streamId = groupSchemeStreamId(schemeId);
  assertOwnScheme((await loadState(store, streamId, schemeFold)).state, companyId);
  const parsed = parseInput(groupPaymentSchemaOn(southAfricanDate(ctx.now)), input);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, streamId, schemeFold);
    const decided = decideRecordGroupPayment(state, { companyId, groupPaymentId: ctx.newId(), input: parsed }, ctx);
    const append = await store.append(
      [
        { streamId, expectedVersion: expectedVersion(version), events: decided.scheme.map((e) => toNewEvent(e)) },
        ...decided.payments.map((p) => ({
          streamId: paymentStreamId(p.data.paymentId),
          expectedVersion: 'no_stream' as const,
          events: [toNewEvent(p, paymentPii)],
        })),
      ],
      appendOptions(ctx),
    );
    const run = append.duplicate ? await firstRun(store, streamId, append.streams[0]!.version) : decided.scheme[0]!.data;
    return { ...run, append };
  });
}

/** A retried command id appended nothing: its answer is the run the first attempt recorded. */
async function firstRun(store: EventStore, streamId: string, version: number): Promise<GroupPaymentRecorded['data']> {
  const { events } = await store.readStream(streamId, { fromVersion: version });
  const recorded = events.find((e) => e.type === 'GroupPaymentRecorded' && e.streamVersion === version);
  if (!recorded) throw new Error(`No group payment at version ${version} of ${streamId}`);
  return recorded.data as GroupPaymentRecorded['data'];
}

export const recordGroupPaymentSlice = commandSlice({
  name: 'recordGroupPayment',
  operation: 'payments:create',
  target: 'schemeId',
  input: groupPaymentSchemaOn,
  handle: ({ store }, { target, input }, ctx) => recordGroupPayment(store, target, input, ctx),
});

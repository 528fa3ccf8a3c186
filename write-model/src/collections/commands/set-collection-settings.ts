import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { EventStore } from '../../event-store/types.ts';
import { collectionSettingsSchema } from '../../validation/collections.ts';
import { collectionSettingsStreamId, type CollectionSettingsSet } from '../collections.events.ts';

/**
 * PUT /api/collections/settings (GraphQL setCollectionSettings): whether batches collect earlier unpaid
 * premiums too, and the account the company collects into with its bank's bulk-debit codes. Set whole
 * each time; the last one counts (no expected version: two clerks saving settings do not conflict).
 */
export async function setCollectionSettings(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const settings = parseInput(collectionSettingsSchema, input);
  const event: CollectionSettingsSet = { type: 'CollectionSettingsSet', data: { companyId, ...settings } };
  const append = await store.append(
    [{ streamId: collectionSettingsStreamId(companyId), expectedVersion: 'any', events: [toNewEvent(event)] }],
    appendOptions(ctx),
  );
  return { append, companyId };
}

export const setCollectionSettingsSlice = commandSlice({
  name: 'setCollectionSettings',
  operation: 'payments:create',
  input: () => collectionSettingsSchema,
  handle: ({ store }, { input }, ctx) => setCollectionSettings(store, input, ctx),
});

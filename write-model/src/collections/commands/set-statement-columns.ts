import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { EventStore } from '../../event-store/types.ts';
import { statementColumnsSchema } from '../../validation/collections.ts';
import { collectionSettingsStreamId, type StatementColumnsSet } from '../collections.events.ts';

/**
 * PUT /api/collections/statement-columns (GraphQL setStatementColumns): which header of the company's
 * bank statement CSV holds the date, description, reference and amount, and how dates are written.
 * Chosen once; every later statement is read through it.
 */
export async function setStatementColumns(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const columns = parseInput(statementColumnsSchema, input);
  const event: StatementColumnsSet = { type: 'StatementColumnsSet', data: { companyId, columns } };
  const append = await store.append(
    [{ streamId: collectionSettingsStreamId(companyId), expectedVersion: 'any', events: [toNewEvent(event)] }],
    appendOptions(ctx),
  );
  return { append, companyId };
}

export const setStatementColumnsSlice = commandSlice({
  name: 'setStatementColumns',
  operation: 'payments:create',
  input: () => statementColumnsSchema,
  handle: ({ store }, { input }, ctx) => setStatementColumns(store, input, ctx),
});

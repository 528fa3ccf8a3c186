import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { groupSchemeUpdateSchema, type GroupSchemeUpdateInput } from '../../validation/index.ts';
import { decideUpdateGroupScheme } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, type GroupSchemeEvent } from '../group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState, type GroupSchemeState } from '../group-schemes.state.ts';

/** PUT /api/group-schemes/{id} {name, description, status}: the edit dialog. */
export async function updateGroupScheme(store: EventStore, schemeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(groupSchemeUpdateSchema, input);
  return handleCommand<GroupSchemeUpdateInput & { companyId: string }, GroupSchemeState, GroupSchemeEvent>(store, {
    streamId: groupSchemeStreamId(schemeId),
    decider: { initialState: initialGroupSchemeState, evolve: evolveGroupScheme, decide: (command, state) => decideUpdateGroupScheme(state, command) },
    command: { ...parsed, companyId },
    ctx,
  });
}

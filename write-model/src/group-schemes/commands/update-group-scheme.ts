import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { groupSchemeUpdateSchema, type GroupSchemeUpdateInput, type SchemeStatus } from '../../validation/index.ts';
import { assertOwnScheme } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, type GroupSchemeEvent } from '../group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState, type GroupSchemeState } from '../group-schemes.state.ts';

/** PUT /api/group-schemes/{id} {name, description, status}: the edit dialog. */
export async function updateGroupScheme(store: EventStore, schemeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(groupSchemeUpdateSchema, input);
  return handleCommand<GroupSchemeUpdateInput & { companyId: string }, GroupSchemeState, GroupSchemeEvent>(store, {
    streamId: groupSchemeStreamId(schemeId),
    decider: {
      initialState: initialGroupSchemeState,
      evolve: evolveGroupScheme,
      decide: (command, state) => decideUpdateGroupScheme(state, command),
    },
    command: { ...parsed, companyId },
    ctx,
  });
}

export function decideUpdateGroupScheme(
  state: GroupSchemeState,
  command: { companyId: string; name: string; description: string; status: SchemeStatus },
): GroupSchemeEvent[] {
  assertOwnScheme(state, command.companyId);
  const { name, description, status } = command;
  return [{ type: 'GroupSchemeUpdated', data: { schemeId: state.schemeId, companyId: state.companyId, name, description, status } }];
}

export const updateGroupSchemeSlice = commandSlice({
  name: 'updateGroupScheme',
  operation: 'group_schemes:update',
  target: 'id',
  input: () => groupSchemeUpdateSchema,
  handle: ({ store }, { target, input }, ctx) => updateGroupScheme(store, target, input, ctx),
});

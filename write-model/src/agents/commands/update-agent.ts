import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { agentPatchSchema } from '../../validation/index.ts';
import { decideUpdateAgent } from '../agents.decider.ts';
import { agentPii, agentStreamId } from '../agents.events.ts';
import { evolveAgent, initialAgentState } from '../agents.state.ts';
import { moveAgentCode } from '../agent-links.ts';

/**
 * PATCH /api/agents/{id}: any of the dialog's fields and/or the status. A changed Agent ID is
 * claimed in the append transaction (a taken one refuses the whole edit). When nothing changes,
 * nothing is appended and `append` is null.
 */
export async function updateAgent(store: EventStore, agentId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const patch = parseInput(agentPatchSchema, input);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, agentStreamId(agentId), { initialState: initialAgentState, evolve: evolveAgent });
    const events = decideUpdateAgent(state, { companyId, patch });
    if (events.length === 0) return { events, append: null };
    const from = state.status === 'none' ? '' : state.agentCode;
    const updated = events.find((e) => e.type === 'AgentUpdated');
    const append = await store.append(
      [{ streamId: agentStreamId(agentId), expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, agentPii)) }],
      appendOptions(ctx, async (tx) => {
        if (updated) await moveAgentCode(tx, companyId, from, updated.data.agentCode, agentId);
      }),
    );
    return { events, append };
  });
}

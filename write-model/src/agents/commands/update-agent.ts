import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { NotFoundError } from '../../errors.ts';
import { agentPatchSchema, type AgentPatchInput } from '../../validation/index.ts';
import { agentPii, agentStreamId, type AgentDetails, type AgentEvent } from '../agents.events.ts';
import { evolveAgent, initialAgentState, type AgentState, type ExistingAgent } from '../agents.state.ts';
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

export const AGENT_NOT_FOUND = 'Agent not found';

export function assertOwnAgent(state: AgentState, companyId: string): asserts state is ExistingAgent {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(AGENT_NOT_FOUND);
}

const DETAIL_KEYS: (keyof AgentDetails)[] = [
  'agentCode',
  'firstName',
  'lastName',
  'idNumber',
  'email',
  'phone',
  'supervisorName',
  'region',
  'commissionRate',
  'salesTarget',
  'notes',
];

/** The details after a PATCH: fields left out keep their value, cleared optional fields become null. */
export function patchedDetails(state: ExistingAgent, patch: AgentPatchInput): AgentDetails {
  const { agentId: code, status: _status, ...fields } = patch;
  const next = Object.fromEntries(DETAIL_KEYS.map((key) => [key, state[key]])) as AgentDetails;
  if (code !== undefined) next.agentCode = code;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

/**
 * PATCH /api/agents/{id}: the edited details (when any changed) and the status (when it changed).
 * Setting what is already there appends nothing, so a bulk "activate" over a mixed selection is
 * harmless for the agents already active.
 */
export function decideUpdateAgent(state: AgentState, command: { companyId: string; patch: AgentPatchInput }): AgentEvent[] {
  assertOwnAgent(state, command.companyId);
  const events: AgentEvent[] = [];
  const details = patchedDetails(state, command.patch);
  if (DETAIL_KEYS.some((key) => details[key] !== state[key])) {
    events.push({ type: 'AgentUpdated', data: { agentId: state.agentId, companyId: state.companyId, ...details } });
  }
  const to = command.patch.status;
  if (to && to !== state.status) {
    events.push({ type: 'AgentStatusChanged', data: { agentId: state.agentId, companyId: state.companyId, from: state.status, to } });
  }
  return events;
}

export const updateAgentSlice = commandSlice({
  name: 'updateAgent',
  operation: 'agents:update',
  target: 'id',
  input: () => agentPatchSchema,
  handle: ({ store }, { target, input }, ctx) => updateAgent(store, target, input, ctx),
});

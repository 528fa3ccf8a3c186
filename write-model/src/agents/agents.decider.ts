import { NotFoundError } from '../errors.ts';
import type { AgentInput, AgentPatchInput } from '../validation/index.ts';
import type { AgentDetails, AgentEvent } from './agents.events.ts';
import type { AgentState, ExistingAgent } from './agents.state.ts';

export const AGENT_NOT_FOUND = 'Agent not found';

export type RegisterAgent = { agentId: string; companyId: string; input: AgentInput; userId: string | null };

function detailsOf(input: AgentInput): AgentDetails {
  return {
    agentCode: input.agentId,
    firstName: input.firstName,
    lastName: input.lastName,
    idNumber: input.idNumber ?? null,
    email: input.email,
    phone: input.phone,
    supervisorName: input.supervisorName ?? null,
    region: input.region ?? null,
    commissionRate: input.commissionRate,
    salesTarget: input.salesTarget,
    notes: input.notes ?? null,
  };
}

/** A new agent starts active. Whether the code and the username are free is decided in the append. */
export function decideRegisterAgent(command: RegisterAgent): AgentEvent[] {
  return [
    {
      type: 'AgentRegistered',
      data: { agentId: command.agentId, companyId: command.companyId, userId: command.userId, status: 'active', ...detailsOf(command.input) },
    },
  ];
}

export function assertOwnAgent(state: AgentState, companyId: string): asserts state is ExistingAgent {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(AGENT_NOT_FOUND);
}

const DETAIL_KEYS: (keyof AgentDetails)[] = [
  'agentCode', 'firstName', 'lastName', 'idNumber', 'email', 'phone', 'supervisorName', 'region', 'commissionRate', 'salesTarget', 'notes',
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

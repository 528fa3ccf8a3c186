import { unknownEvent } from '../command-handling/decider.ts';
import type { AgentStatus } from '../validation/index.ts';
import type { AgentDetails, AgentEvent } from './agents.events.ts';

export type AgentState =
  | { status: 'none' }
  | (AgentDetails & { status: AgentStatus; agentId: string; companyId: string; userId: string | null });

export type ExistingAgent = Exclude<AgentState, { status: 'none' }>;

export const initialAgentState: AgentState = { status: 'none' };

export function evolveAgent(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case 'AgentRegistered': {
      const { agentId, companyId, userId, status, ...details } = event.data;
      return { ...details, status, agentId, companyId, userId };
    }
    case 'AgentUpdated': {
      if (state.status === 'none') return state;
      const { agentId: _id, companyId: _company, ...details } = event.data;
      return { ...state, ...details };
    }
    case 'AgentStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.to };
    case 'ClientOnboarded':
      // A sale changes nothing the agent's commands decide on; it is appended with the agent's
      // expected version so that a sale and a deactivation cannot pass each other.
      return state;
    default:
      return unknownEvent(event, state);
  }
}

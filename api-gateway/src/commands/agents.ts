import { onboardClientSlice, registerAgentSlice, updateAgentSlice } from '@fpa/write-model';
import { agentOrMissing } from '../queries/agents.ts';
import { AgentType, OnboardClientResultType } from '../schema/agents.ts';
import { endpoint } from './expose.ts';

/** Spec part 2 §7 Agents, and the onboarding of "Documents, onboarding, sales". */
export const agentEndpoints = [
  endpoint({
    slice: registerAgentSlice,
    rest: { method: 'POST', path: '/api/agents', status: 201 },
    graphql: { type: AgentType, inputName: 'AgentInput' },
    answer: (ctx, { agentId }) => agentOrMissing(ctx, agentId),
  }),
  endpoint({
    slice: updateAgentSlice,
    rest: { method: 'PATCH', path: '/api/agents/:id' },
    graphql: { type: AgentType, inputName: 'AgentUpdateInput' },
    answer: (ctx, _outcome, { target }) => agentOrMissing(ctx, target),
  }),
  endpoint({
    slice: onboardClientSlice,
    rest: { method: 'POST', path: '/api/client-onboarding', status: 201 },
    graphql: {
      type: OnboardClientResultType,
      description: 'The client, its family members and an active policy written by the agent, in one atomic step.',
      nestedNames: { familyMembers: 'OnboardingFamilyMemberInput', debitMandate: 'OnboardingDebitMandateInput' },
    },
    /** The client, its family and its policy, credited to an agent. */
    answer: (_ctx, { append: _append, ...answer }) => answer,
  }),
];

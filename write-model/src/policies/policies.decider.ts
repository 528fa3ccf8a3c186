import { DomainError, NotFoundError } from '../errors.ts';
import type { Decider } from '../command-handling/decider.ts';
import { canChangePolicyStatus, POLICY_TRANSITIONS, transitionRefusal, type PolicyStatus } from '../validation/index.ts';
import type { PolicyEvent } from './policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from './policies.state.ts';

export type ChangePolicyStatus = {
  type: 'ChangePolicyStatus';
  policyId: string;
  companyId: string;
  to: PolicyStatus;
  note: string | null;
  /** Whether the policy's member still exists: a deleted member's policy cannot come back. */
  memberDeleted: boolean;
};
export type PolicyCommand = ChangePolicyStatus;

export const POLICY_NOT_FOUND = 'Policy not found';

// The table lives with the input schemas, where the web reads it too.
export { POLICY_TRANSITIONS, transitionRefusal };

export const policyDecider: Decider<PolicyCommand, PolicyState, PolicyEvent> = {
  initialState: initialPolicyState,
  evolve: evolvePolicy,
  decide(command, state) {
    if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_NOT_FOUND);
    if (!canChangePolicyStatus(state.status, command.to)) {
      throw new DomainError('INVALID_TRANSITION', transitionRefusal(state.status, command.to));
    }
    if (command.to === 'active' && command.memberDeleted) {
      throw new DomainError('RULE_VIOLATED', 'The member of this policy has been deleted, so the policy cannot be reinstated.');
    }
    return [
      {
        type: 'PolicyStatusChanged',
        data: { policyId: command.policyId, companyId: command.companyId, from: state.status, to: command.to, note: command.note },
      },
    ];
  },
};

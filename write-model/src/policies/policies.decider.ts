import { DomainError, NotFoundError } from '../errors.ts';
import type { Decider } from '../command-handling/decider.ts';
import type { PolicyStatus } from '../validation/index.ts';
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

/**
 * Spec part 1 §4: active ⇄ lapsed, active → cancelled, and a cancelled policy can only be reinstated
 * to active. Everything else is refused.
 */
export const POLICY_TRANSITIONS: Record<PolicyStatus, readonly PolicyStatus[]> = {
  active: ['lapsed', 'cancelled'],
  lapsed: ['active'],
  cancelled: ['active'],
};

export function transitionRefusal(from: PolicyStatus, to: PolicyStatus): string {
  if (from === to) return `The policy is already ${from}.`;
  if (from === 'lapsed' && to === 'cancelled') return 'A lapsed policy cannot be cancelled; reinstate it to active first.';
  return `A ${from} policy cannot be changed to ${to}.`;
}

export const policyDecider: Decider<PolicyCommand, PolicyState, PolicyEvent> = {
  initialState: initialPolicyState,
  evolve: evolvePolicy,
  decide(command, state) {
    if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_NOT_FOUND);
    if (!POLICY_TRANSITIONS[state.status].includes(command.to)) {
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

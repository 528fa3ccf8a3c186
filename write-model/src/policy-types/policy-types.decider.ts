import { DomainError, NotFoundError } from '../errors.ts';
import type { Decider } from '../command-handling/decider.ts';
import type { PolicyTypeInput } from '../validation/index.ts';
import type { PolicyTypeEvent, PolicyTypeTerms } from './policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from './policy-types.state.ts';

export type CreatePolicyType = { type: 'CreatePolicyType'; policyTypeId: string; companyId: string; terms: PolicyTypeInput };
export type UpdatePolicyType = { type: 'UpdatePolicyType'; policyTypeId: string; companyId: string; terms: PolicyTypeInput };
export type PolicyTypeCommand = CreatePolicyType | UpdatePolicyType;

export const POLICY_TYPE_NOT_FOUND = 'Policy type not found';

function termsOf(input: PolicyTypeInput): PolicyTypeTerms {
  return {
    name: input.name,
    description: input.description ?? null,
    coverageAmount: input.coverageAmount,
    monthlyPremium: input.monthlyPremium,
    waitingPeriod: input.waitingPeriod,
    isActive: input.isActive,
  };
}

export const policyTypeDecider: Decider<PolicyTypeCommand, PolicyTypeState, PolicyTypeEvent> = {
  initialState: initialPolicyTypeState,
  evolve: evolvePolicyType,
  decide(command, state) {
    switch (command.type) {
      case 'CreatePolicyType':
        if (state.status !== 'none') throw new DomainError('ALREADY_EXISTS', 'This policy type already exists');
        return [{ type: 'PolicyTypeCreated', data: { policyTypeId: command.policyTypeId, companyId: command.companyId, ...termsOf(command.terms) } }];
      case 'UpdatePolicyType':
        // Another company's policy type reads as missing: ids of other tenants are never confirmed.
        if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_TYPE_NOT_FOUND);
        return [{ type: 'PolicyTypeUpdated', data: { policyTypeId: command.policyTypeId, companyId: command.companyId, ...termsOf(command.terms) } }];
    }
  },
};

import { unknownEvent } from '../command-handling/decider.ts';
import type { PolicyTypeEvent, PolicyTypeTerms } from './policy-types.events.ts';

export type PolicyTypeState = { status: 'none' } | ({ status: 'exists'; policyTypeId: string; companyId: string } & PolicyTypeTerms);

export const initialPolicyTypeState: PolicyTypeState = { status: 'none' };

export function evolvePolicyType(state: PolicyTypeState, event: PolicyTypeEvent): PolicyTypeState {
  switch (event.type) {
    case 'PolicyTypeCreated':
    case 'PolicyTypeUpdated': {
      const { policyTypeId, companyId, ...terms } = event.data;
      return { status: 'exists', policyTypeId, companyId, ...terms };
    }
    default:
      return unknownEvent(event, state);
  }
}

import { unknownEvent } from '../command-handling/decider.ts';
import type { PolicyStatus } from '../validation/index.ts';
import type { PolicyEvent } from './policies.events.ts';

export type PolicyState =
  | { status: 'none' }
  | {
      status: PolicyStatus;
      policyId: string;
      companyId: string;
      memberId: string;
      policyNumber: string;
      startDate: string;
      waitingPeriod: number;
      coverageAmount: string;
    };

export const initialPolicyState: PolicyState = { status: 'none' };

export function evolvePolicy(state: PolicyState, event: PolicyEvent): PolicyState {
  switch (event.type) {
    case 'PolicyIssued': {
      const { policyId, companyId, memberId, policyNumber, startDate, waitingPeriod, coverageAmount } = event.data;
      return { status: 'active', policyId, companyId, memberId, policyNumber, startDate, waitingPeriod, coverageAmount };
    }
    case 'PolicyStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.to };
    default:
      return unknownEvent(event, state);
  }
}

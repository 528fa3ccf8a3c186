import { luhnCheckDigit } from '@fpa/write-model/validation';
import type { PolicyType } from '../policy-types/policyTypes.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

/** A valid SA ID from a 12-digit prefix. */
export function saId(prefix12: string): string {
  return prefix12 + String(luhnCheckDigit(prefix12));
}

export function policyType(overrides: Partial<PolicyType> = {}): PolicyType & { __typename: 'PolicyType' } {
  return {
    __typename: 'PolicyType',
    id: 'pt1',
    name: 'Funeral Basic',
    description: null,
    coverageAmount: '20000',
    monthlyPremium: '150',
    waitingPeriod: 6,
    isActive: true,
    graceDays: 15,
    lapseAfterMissed: 1,
    reinstatementMonths: 3,
    benefits: [],
    suicideWaitingMonths: 12,
    onMainMemberDeath: 'end_policy',
    ...overrides,
  };
}

/** Two types sharing one cover amount, one with another, and an inactive one (not offered). */
export const POLICY_TYPES = [
  policyType(),
  policyType({ id: 'pt2', name: 'Family Plus', coverageAmount: '50000', monthlyPremium: '299' }),
  policyType({ id: 'pt3', name: 'Funeral Basic Plus', coverageAmount: '20000.00', monthlyPremium: '180.50' }),
  policyType({ id: 'pt4', name: 'Retired Plan', coverageAmount: '10000', monthlyPremium: '99', isActive: false }),
];

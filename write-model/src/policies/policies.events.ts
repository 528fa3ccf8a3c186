import type { PolicyStatus } from '../validation/index.ts';

/**
 * A policy issued to a principal member on a policy type. The terms are copied at issue: a later
 * change of the policy type does not change a policy already written.
 */
export type PolicyIssued = {
  type: 'PolicyIssued';
  data: {
    policyId: string;
    companyId: string;
    policyNumber: string;
    memberId: string;
    policyTypeId: string;
    coverageAmount: string;
    monthlyPremium: string;
    waitingPeriod: number;
    /** ISO date the cover starts (the waiting period runs from here). */
    startDate: string;
    /** The sales agent who wrote it, when one did. */
    agentId: string | null;
  };
};

export type PolicyStatusChanged = {
  type: 'PolicyStatusChanged';
  data: { policyId: string; companyId: string; from: PolicyStatus; to: PolicyStatus; note: string | null };
};

export type PolicyEvent = PolicyIssued | PolicyStatusChanged;

export const policyStreamId = (policyId: string) => `policy-${policyId}`;

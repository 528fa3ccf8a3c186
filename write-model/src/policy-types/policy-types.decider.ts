import type { PolicyTypeInput } from '../validation/index.ts';
import type { PolicyTypeTerms } from './policy-types.events.ts';

/* What the policy type's commands share (each command's decide is in its own file). */

export const POLICY_TYPE_NOT_FOUND = 'Policy type not found';

/** The terms an event records, from the parsed input. */
export function policyTypeTerms(input: PolicyTypeInput): PolicyTypeTerms {
  return {
    name: input.name,
    description: input.description ?? null,
    coverageAmount: input.coverageAmount,
    monthlyPremium: input.monthlyPremium,
    waitingPeriod: input.waitingPeriod,
    isActive: input.isActive,
  };
}

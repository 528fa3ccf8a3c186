import type { PolicyLifeRemoved } from '../policies/policies.events.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { addDays, isIsoDate, sumPremiums } from '../validation/index.ts';

/**
 * Issue #22: a death claim for a life on a policy with a benefit table is approved (or paid): that life's
 * cover ends and its premium stops from the month due after the death (a main member's death ends the
 * whole policy's premiums instead: billing reads it from the claim). The life leaves the policy's priced
 * lives as deceased; the policy's premium is the sum of the lives left. None when the life is the main
 * member, not a priced life on the policy (already marked, a type without a table, a scheme's policy), or
 * the date of death is unreadable (erased).
 */
export function decideLifeDeceased(
  claim: { claimId: string; companyId: string; deceasedDateOfDeath: string },
  policy: PolicyState,
  lifeMemberId: string | null,
): PolicyLifeRemoved | null {
  if (policy.status === 'none' || !lifeMemberId || lifeMemberId === policy.memberId) return null;
  if (!policy.lives.some((l) => l.memberId === lifeMemberId)) return null;
  const diedOn = claim.deceasedDateOfDeath;
  if (!isIsoDate(diedOn)) return null;
  const remaining = policy.lives.filter((l) => l.memberId !== lifeMemberId);
  return {
    type: 'PolicyLifeRemoved',
    data: {
      policyId: policy.policyId,
      companyId: claim.companyId,
      memberId: lifeMemberId,
      // As a main member's death ends the book: a premium due on the day of death is still owed.
      removedOn: addDays(diedOn, 1),
      monthlyPremium: sumPremiums(remaining),
      reason: 'deceased',
      claimId: claim.claimId,
      diedOn,
    },
  };
}

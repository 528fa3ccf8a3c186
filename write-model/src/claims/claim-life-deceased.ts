import type { PolicyEvent, PolicyHolderSucceeded, PolicyLifeRemoved } from '../policies/policies.events.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { addDays, isIsoDate, sumPremiums, type MainMemberDeathRule } from '../validation/index.ts';

/**
 * Issue #22: a death claim for a life on a policy with a benefit table is approved (or paid): that life's
 * cover ends and its premium stops from the month due after the death; the policy's premium is the sum of
 * the lives left. The policyholder's death (the main member, or the spouse who succeeded them) follows the
 * type's rule: 'end_policy' records nothing here (billing ends the policy's premiums from the claim);
 * 'continue_with_spouse' with a surviving spouse on the policy: their life leaves it and the spouse holds it.
 * None when the life is not a priced life on the policy (already marked, a type without a table, a scheme's
 * policy) or the date of death is unreadable (erased).
 */
export function decideLifeDeceased(
  claim: { claimId: string; companyId: string; deceasedDateOfDeath: string },
  policy: PolicyState,
  lifeMemberId: string | null,
  onMainMemberDeath: MainMemberDeathRule = 'end_policy',
): PolicyEvent[] {
  if (policy.status === 'none' || !lifeMemberId) return [];
  if (!policy.lives.some((l) => l.memberId === lifeMemberId)) return [];
  const diedOn = claim.deceasedDateOfDeath;
  if (!isIsoDate(diedOn)) return [];
  const holder = policy.holderMemberId ?? policy.memberId;
  const spouse = policy.lives.find((l) => l.relationship === 'spouse' && l.memberId !== lifeMemberId);
  if (lifeMemberId === holder && (onMainMemberDeath !== 'continue_with_spouse' || !spouse)) return [];
  const remaining = policy.lives.filter((l) => l.memberId !== lifeMemberId);
  // As a main member's death ends the book: a premium due on the day of death is still owed.
  const from = addDays(diedOn, 1);
  const removed: PolicyLifeRemoved = {
    type: 'PolicyLifeRemoved',
    data: {
      policyId: policy.policyId,
      companyId: claim.companyId,
      memberId: lifeMemberId,
      removedOn: from,
      monthlyPremium: sumPremiums(remaining),
      reason: 'deceased',
      claimId: claim.claimId,
      diedOn,
    },
  };
  if (lifeMemberId !== holder || !spouse) return [removed];
  const succeeded: PolicyHolderSucceeded = {
    type: 'PolicyHolderSucceeded',
    data: {
      policyId: policy.policyId,
      companyId: claim.companyId,
      fromMemberId: holder,
      toMemberId: spouse.memberId,
      claimId: claim.claimId,
      diedOn,
      succeededOn: from,
    },
  };
  return [removed, succeeded];
}

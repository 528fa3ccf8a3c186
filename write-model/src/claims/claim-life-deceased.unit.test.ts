import { describe, expect, it } from 'vitest';
import { outcome } from '../command-handling/given-when-then.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { decideLifeDeceased } from './claim-life-deceased.ts';

const life = (memberId: string, monthlyPremium: string) => ({
  memberId,
  relationship: memberId === 'main' ? ('main_member' as const) : memberId === 'spouse' ? ('spouse' as const) : ('child' as const),
  ageAtEntry: 40,
  coverAmount: '10000.00',
  monthlyPremium,
  joinedOn: '2026-01-01',
});

const policy: PolicyState = {
  status: 'active',
  policyId: 'p1',
  companyId: 'c1',
  memberId: 'main',
  policyNumber: 'POL-2026-000001',
  startDate: '2026-01-01',
  waitingPeriod: 6,
  coverageAmount: '10000.00',
  policyTypeId: 'pt1',
  monthlyPremium: '250.00',
  debitDay: 1,
  noticed: {},
  lapse: null,
  activations: 0,
  mandate: null,
  benefits: [],
  lives: [life('main', '150.00'), life('spouse', '60.00'), life('child', '40.00')],
};

const claim = { claimId: 'cl1', companyId: 'c1', deceasedDateOfDeath: '2026-08-31' };

describe('a death claim approved for a life that is not the main member (issue #22)', () => {
  it('ends that life on the policy: its premium stops from the day after the death, the policy owes the rest', () => {
    outcome(() => decideLifeDeceased(claim, policy, 'spouse')).then([
      {
        type: 'PolicyLifeRemoved',
        data: {
          policyId: 'p1',
          companyId: 'c1',
          memberId: 'spouse',
          removedOn: '2026-09-01',
          monthlyPremium: '190.00',
          reason: 'deceased',
          claimId: 'cl1',
          diedOn: '2026-08-31',
        },
      },
    ]);
  });

  it("the main member on a type that ends the policy: nothing here (billing ends the policy's premiums)", () => {
    expect(decideLifeDeceased(claim, policy, 'main')).toEqual([]);
  });

  it('a life no longer on the policy (already marked), or none found, or a policy without a table: nothing', () => {
    expect(decideLifeDeceased(claim, { ...policy, lives: [life('main', '150.00')] }, 'spouse')).toEqual([]);
    expect(decideLifeDeceased(claim, policy, null)).toEqual([]);
    expect(decideLifeDeceased(claim, { ...policy, lives: [] }, 'spouse')).toEqual([]);
    expect(decideLifeDeceased(claim, { status: 'none' }, 'spouse')).toEqual([]);
  });

  it('an erased date of death marks nothing', () => {
    expect(decideLifeDeceased({ ...claim, deceasedDateOfDeath: '[erased]' }, policy, 'spouse')).toEqual([]);
  });

  it('the main member on a type that continues with the spouse: their life leaves and the spouse holds the policy', () => {
    outcome(() => decideLifeDeceased(claim, policy, 'main', 'continue_with_spouse')).then([
      {
        type: 'PolicyLifeRemoved',
        data: {
          policyId: 'p1',
          companyId: 'c1',
          memberId: 'main',
          removedOn: '2026-09-01',
          monthlyPremium: '100.00',
          reason: 'deceased',
          claimId: 'cl1',
          diedOn: '2026-08-31',
        },
      },
      {
        type: 'PolicyHolderSucceeded',
        data: {
          policyId: 'p1',
          companyId: 'c1',
          fromMemberId: 'main',
          toMemberId: 'spouse',
          claimId: 'cl1',
          diedOn: '2026-08-31',
          succeededOn: '2026-09-01',
        },
      },
    ]);
  });

  it('continues with the spouse only when a spouse survives on the policy; the spouse who holds it then ends it', () => {
    const widowed = { ...policy, lives: policy.lives.filter((l) => l.memberId !== 'spouse') };
    expect(decideLifeDeceased(claim, widowed, 'main', 'continue_with_spouse')).toEqual([]);
    const held: PolicyState = { ...policy, holderMemberId: 'spouse', lives: policy.lives.filter((l) => l.memberId !== 'main') };
    expect(decideLifeDeceased(claim, held, 'spouse', 'continue_with_spouse')).toEqual([]);
    // The original main member's children are still lives of the policy the spouse holds.
    expect(decideLifeDeceased(claim, held, 'child', 'continue_with_spouse')[0]?.data).toMatchObject({
      memberId: 'child',
      monthlyPremium: '60.00',
    });
  });
});

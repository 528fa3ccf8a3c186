import { describe, expect, it } from 'vitest';
import { outcome } from '../command-handling/given-when-then.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { decideLifeDeceased } from './claim-life-deceased.ts';

const life = (memberId: string, monthlyPremium: string) => ({
  memberId,
  relationship: memberId === 'main' ? ('main_member' as const) : ('spouse' as const),
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
    outcome(() => decideLifeDeceased(claim, policy, 'spouse')).then({
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
    });
  });

  it('the main member: nothing here (their death ends the whole policy)', () => {
    expect(decideLifeDeceased(claim, policy, 'main')).toBeNull();
  });

  it('a life no longer on the policy (already marked), or none found, or a policy without a table: nothing', () => {
    expect(decideLifeDeceased(claim, { ...policy, lives: [life('main', '150.00')] }, 'spouse')).toBeNull();
    expect(decideLifeDeceased(claim, policy, null)).toBeNull();
    expect(decideLifeDeceased(claim, { ...policy, lives: [] }, 'spouse')).toBeNull();
    expect(decideLifeDeceased(claim, { status: 'none' }, 'spouse')).toBeNull();
  });

  it('an erased date of death marks nothing', () => {
    expect(decideLifeDeceased({ ...claim, deceasedDateOfDeath: '[erased]' }, policy, 'spouse')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_FUNERAL_CAPS, formatRand } from '../validation/index.ts';
import type { SchemeMemberAdded } from '../group-schemes/group-schemes.events.ts';
import { schemeLivesAdded } from '../group-schemes/scheme-life-covers.ts';
import { initialPolicyState, type PolicyState } from '../policies/policies.state.ts';
import { lifeCoverOn, lifeCoverRefusal } from './life-cover-cap.ts';

/*
 * Issue #22: the Insurance Act's funeral limits per life, across all of the company's cover on a person
 * (individual and every group scheme): R100,000 a life, R20,000 under 6, R50,000 from 6 to under 14.
 */

const TODAY = '2026-11-27';
const person = (dateOfBirth: string | null) => ({ name: 'Lindiwe Dube', saId: '1505050000000', dateOfBirth, today: TODAY });
const refused = (dateOfBirth: string | null, individual: string, schemes: string, adding: string) =>
  lifeCoverRefusal(DEFAULT_FUNERAL_CAPS, person(dateOfBirth), { individual, schemes, adding });

describe('the funeral limit per life across the company’s cover', () => {
  it('an adult: up to R100,000 in all passes; past it is refused, naming the limit, the total, what is held and what is added', () => {
    expect(refused('1984-04-04', '60000', '0', '40000')).toBeNull();
    expect(refused('1984-04-04', '0', '50000.50', '49999.50')).toBeNull();
    expect(refused('1984-04-04', '60000', '30000', '10000.01')).toBe(
      `Lindiwe Dube (SA ID 1505050000000, aged 42) would be covered for ${formatRand('100000.01')} in all across the company's policies and group schemes (${formatRand('90000')} held, ${formatRand('10000.01')} added): more than ${formatRand('100000')}, the Insurance Act's funeral limit for one life.`,
    );
  });

  it('a child under 6: R20,000 in all', () => {
    expect(refused('2022-01-01', '0', '15000', '5000')).toBeNull();
    expect(refused('2022-01-01', '0', '15000', '5000.01')).toContain("the Insurance Act's funeral limit for a child under 6");
  });

  it('a child from 6 to under 14: R50,000 in all; at 14 the adult limit', () => {
    expect(refused('2015-05-05', '30000', '0', '20000')).toBeNull();
    expect(refused('2015-05-05', '30000', '0', '20001')).toContain('a child from 6 to under 14');
    expect(refused('2012-11-27', '30000', '0', '20001')).toBeNull();
  });

  it('adding no cover is never refused, nor a person whose age cannot be known', () => {
    expect(refused('2022-01-01', '0', '90000', '0')).toBeNull();
    expect(refused(null, '0', '900000', '1')).toBeNull();
  });
});

describe('the cover a life has', () => {
  type ActivePolicy = Exclude<PolicyState, { status: 'none' }>;
  const policy = (extra: Partial<ActivePolicy>): PolicyState => ({
    status: 'active',
    policyId: 'p1',
    companyId: 'c1',
    memberId: 'm1',
    policyNumber: 'POL-1',
    policyTypeId: 't1',
    startDate: '2026-01-01',
    waitingPeriod: 6,
    coverageAmount: '30000',
    monthlyPremium: '150',
    debitDay: 1,
    noticed: {},
    lapse: null,
    activations: 0,
    mandate: null,
    benefits: null,
    lives: [],
    ...extra,
  });
  it("on a policy: its own on a benefit table, else the policy's; none on a cancelled policy or none at all", () => {
    const life = {
      memberId: 'm2',
      relationship: 'child' as const,
      ageAtEntry: 4,
      coverAmount: '10000',
      monthlyPremium: '20',
      joinedOn: TODAY,
    };
    expect(lifeCoverOn(policy({}), 'm2')).toBe('30000');
    expect(lifeCoverOn(policy({ benefits: [], lives: [life] }), 'm2')).toBe('10000');
    expect(lifeCoverOn(policy({ benefits: [], lives: [life] }), 'm3')).toBe('0');
    expect(lifeCoverOn(policy({ status: 'cancelled' }), 'm2')).toBe('0');
    expect(lifeCoverOn(initialPolicyState, 'm2')).toBe('0');
  });

  it("on a scheme: the person's own amount, else their main member's; people without an SA ID are not matched", () => {
    const added = (memberId: string, extra: Partial<SchemeMemberAdded['data']>): SchemeMemberAdded => ({
      type: 'SchemeMemberAdded',
      data: {
        schemeId: 's1',
        companyId: 'c1',
        memberId,
        isMainMember: false,
        mainMemberId: 'a',
        relationship: 'child',
        firstName: 'X',
        lastName: 'Dube',
        saId: null,
        phone: null,
        address: null,
        city: null,
        province: null,
        postalCode: null,
        email: null,
        coverAmount: null,
        policyId: 'gp1',
        policyNumber: 'RAI-000001',
        ...extra,
      },
    });
    const { lives, rows } = schemeLivesAdded(
      [
        added('a', { isMainMember: true, mainMemberId: null, relationship: null, saId: '8404040000000', coverAmount: '20000' }),
        added('b', { saId: '1505050000000' }),
        added('c', { saId: '1505050000001', coverAmount: '5000' }),
        added('d', {}),
      ],
      [
        {
          firstName: 'X',
          lastName: 'Dube',
          saId: '8404040000000',
          phone: '',
          address: '',
          city: '',
          province: '',
          postalCode: '',
          email: null,
          coverAmount: '20000',
          priorCover: null,
          familyMembers: [0, 1, 2].map(() => ({
            firstName: 'X',
            lastName: 'Dube',
            saId: null,
            relationship: 'child' as const,
            coverAmount: null,
            priorCover: null,
          })),
        },
      ],
      [{ main: 3, family: [0, 2, 5] }],
    );
    expect(lives.map((l) => [l.saId, l.cover, l.path])).toEqual([
      ['8404040000000', '20000', ['mainMembers', 3, 'coverAmount']],
      ['1505050000000', '20000', ['mainMembers', 3, 'familyMembers', 0, 'coverAmount']],
      ['1505050000001', '5000', ['mainMembers', 3, 'familyMembers', 2, 'coverAmount']],
    ]);
    expect(rows.map((r) => r.schemeMemberId)).toEqual(['a', 'b', 'c']);
  });
});

import { describe, expect, it } from 'vitest';
import type { MemberState } from '../members/members.state.ts';
import type { PolicyTypeState } from '../policy-types/policy-types.state.ts';
import { DEFAULT_FUNERAL_CAPS, type BenefitRow } from '../validation/index.ts';
import { decideChangePolicyType, type ChangePolicyType } from './commands/change-policy-type.ts';
import type { PolicyState } from './policies.state.ts';

const TABLE: BenefitRow[] = [
  { relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' },
  { relationship: 'spouse', minAge: 18, maxAge: 65, coverAmount: '20000', monthlyPremium: '90' },
  { relationship: 'child', minAge: 0, maxAge: 21, coverAmount: '5000', monthlyPremium: '15' },
];

const type = (id: string, over: Partial<Extract<PolicyTypeState, { status: 'exists' }>> = {}): PolicyTypeState => ({
  status: 'exists',
  policyTypeId: id,
  companyId: 'c1',
  name: id,
  description: null,
  coverageAmount: '10000',
  monthlyPremium: '100',
  waitingPeriod: 6,
  isActive: true,
  ...over,
});

const policy = (over: Partial<Extract<PolicyState, { policyId: string }>> = {}): PolicyState => ({
  status: 'active',
  policyId: 'p-1',
  companyId: 'c1',
  memberId: 'm-1',
  policyNumber: 'POL-2026-000001',
  policyTypeId: 'basic',
  startDate: '2025-01-01',
  waitingPeriod: 6,
  coverageAmount: '10000',
  monthlyPremium: '100',
  debitDay: 1,
  noticed: {},
  lapse: null,
  activations: 0,
  mandate: null,
  benefits: null,
  lives: [],
  ...over,
});

const person = (memberId: string, dateOfBirth: string, relationship: 'spouse' | 'child' | null): MemberState => ({
  status: 'active',
  memberId,
  companyId: 'c1',
  isMainMember: relationship === null,
  mainMemberId: relationship === null ? null : 'm-1',
  identifierKey: `sa:${memberId}`,
  firstName: memberId,
  lastName: 'Dube',
  policyIds: [],
  familyMemberIds: [],
  saId: null,
  dateOfBirth,
  relationship,
  communication: { preferredChannel: 'both', optedOut: false },
});

const command = (over: Partial<ChangePolicyType> = {}): ChangePolicyType => ({
  companyId: 'c1',
  input: { policyTypeId: 'family' },
  policy: policy(),
  policyType: type('family', { benefits: TABLE, coverageAmount: '30000', monthlyPremium: '150' }),
  lives: [person('m-1', '1980-01-01', null), person('m-2', '1982-01-01', 'spouse'), person('m-3', '2015-06-01', 'child')],
  caps: DEFAULT_FUNERAL_CAPS,
  today: '2026-11-26',
  now: new Date('2026-11-26T08:00:00Z'),
  ...over,
});

describe('changing a policy’s type (issue #22)', () => {
  it('reprices each life from the new table, keeps the day each joined, and makes the increases wait from today', () => {
    const [event] = decideChangePolicyType(command());
    expect(event.data).toMatchObject({
      fromPolicyTypeId: 'basic',
      toPolicyTypeId: 'family',
      changedOn: '2026-11-26',
      coverageAmount: '30000',
      monthlyPremium: '255.00',
    });
    expect(event.data.lives.map((l) => [l.memberId, l.relationship, l.coverAmount, l.joinedOn])).toEqual([
      ['m-1', 'main_member', '30000', '2025-01-01'],
      ['m-2', 'spouse', '20000', '2025-01-01'],
      ['m-3', 'child', '5000', '2025-01-01'],
    ]);
    // Up from the old one cover (R10,000): the main member and the spouse; the child's cover went down.
    expect(event.data.increases).toEqual([
      { memberId: 'm-1', fromCover: '10000', toCover: '30000', waitingEndsOn: '2027-05-26' },
      { memberId: 'm-2', fromCover: '10000', toCover: '20000', waitingEndsOn: '2027-05-26' },
    ]);
  });

  it('to a type without a table: its one cover and premium; a decrease waits for nothing', () => {
    const onTable = policy({
      policyTypeId: 'family',
      coverageAmount: '30000',
      benefits: TABLE,
      lives: [
        {
          memberId: 'm-1',
          relationship: 'main_member',
          ageAtEntry: 45,
          coverAmount: '30000',
          monthlyPremium: '150',
          joinedOn: '2025-01-01',
        },
      ],
    });
    const [down] = decideChangePolicyType(
      command({ policy: onTable, input: { policyTypeId: 'basic' }, policyType: type('basic'), lives: [], caps: null }),
    );
    expect(down.data).toMatchObject({ coverageAmount: '10000', monthlyPremium: '100', benefits: null, lives: [], increases: [] });
    const [up] = decideChangePolicyType(
      command({
        input: { policyTypeId: 'gold' },
        policyType: type('gold', { coverageAmount: '15000', waitingPeriod: 3 }),
        lives: [],
        caps: null,
      }),
    );
    expect(up.data.increases).toEqual([{ memberId: null, fromCover: '10000', toCover: '15000', waitingEndsOn: '2027-02-26' }]);
  });

  it('refuses: another company’s policy (404), not active, the same type, an inactive or unknown type, a life outside the new entry ages', () => {
    expect(() => decideChangePolicyType(command({ companyId: 'c2' }))).toThrow('Policy not found');
    expect(() => decideChangePolicyType(command({ policy: policy({ status: 'lapsed' }) }))).toThrow(
      'Only an active policy can change its type; policy POL-2026-000001 is lapsed.',
    );
    expect(() => decideChangePolicyType(command({ policyType: type('basic') }))).toThrow('The policy is already on this policy type.');
    expect(() => decideChangePolicyType(command({ policyType: type('family', { isActive: false }) }))).toThrow(/inactive/);
    expect(() => decideChangePolicyType(command({ policyType: { status: 'none' } }))).toThrow('Policy type not found');
    expect(() => decideChangePolicyType(command({ lives: [person('m-1', '1950-01-01', null)] }))).toThrow(
      'A main member aged 76 cannot join this policy type: the entry ages for a main member are 18 to 65.',
    );
  });
});

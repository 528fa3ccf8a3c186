import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { outcome } from '../command-handling/given-when-then.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members/members.state.ts';
import type { MemberEvent, MemberRegistered } from '../members/members.events.ts';
import type { PolicyTypeState } from '../policy-types/policy-types.state.ts';
import { decideIssuePolicy, type IssuePolicy } from './commands/issue-policy.ts';
import type { PolicyState } from './policies.state.ts';

const ctx: CommandContext = {
  now: new Date('2026-04-17T08:00:00Z'),
  newId: () => 'id',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd',
};

const registered: MemberRegistered = {
  type: 'MemberRegistered',
  data: {
    memberId: 'm-1',
    companyId: 'c1',
    isMainMember: true,
    mainMemberId: null,
    relationship: null,
    otherRelationship: null,
    identifierType: 'saId',
    saId: '7101015000080',
    passportNumber: null,
    nationality: 'ZA',
    policyId: 'p-old',
    source: 'manual',
    firstName: 'Thandi',
    lastName: 'Mahlaba',
    email: null,
    phone: null,
    address: null,
    city: null,
    province: null,
    postalCode: null,
    dateOfBirth: null,
  },
};
const member = (events: MemberEvent[] = [registered]): MemberState => events.reduce(evolveMember, initialMemberState);

const oldPolicy = (status: 'active' | 'lapsed' | 'cancelled', lapsedOn: string | null = null) => ({
  state: {
    status,
    policyId: 'p-old',
    companyId: 'c1',
    memberId: 'm-1',
    policyNumber: 'POL-2026-000001',
    policyTypeId: 't-1',
    startDate: '2026-01-10',
    waitingPeriod: 6,
    coverageAmount: '20000',
    monthlyPremium: '120',
    debitDay: 1,
    noticed: {},
    lapse: status === 'lapsed' ? { on: lapsedOn ?? '', nonPayment: true } : null,
    activations: 0,
    mandate: null,
    benefits: null,
    lives: [],
  } satisfies PolicyState,
  lapsedOn,
});

const type: PolicyTypeState = {
  status: 'exists',
  policyTypeId: 't-2',
  companyId: 'c1',
  name: 'Family 30k',
  description: null,
  coverageAmount: '30000',
  monthlyPremium: '150',
  waitingPeriod: 6,
  isActive: true,
};

const command = (over: Partial<IssuePolicy> = {}): IssuePolicy => ({
  memberId: 'm-1',
  companyId: 'c1',
  input: { policyTypeId: 't-2', debitDay: 25 },
  member: member(),
  policies: [oldPolicy('lapsed', '2026-02-17')],
  policyType: type,
  policyId: 'p-new',
  policyNumber: 'POL-2026-000009',
  ...over,
});

describe('decideIssuePolicy (issue #20: a new policy after a lapse)', () => {
  it('issues the type’s current terms from today, on the member’s stream and the new policy’s, carrying over the unexpired waiting months', () => {
    expect(decideIssuePolicy(command(), ctx)).toEqual({
      member: [{ type: 'MemberPolicyIssued', data: { memberId: 'm-1', companyId: 'c1', policyId: 'p-new' } }],
      policy: [
        {
          type: 'PolicyIssued',
          data: {
            policyId: 'p-new',
            companyId: 'c1',
            policyNumber: 'POL-2026-000009',
            memberId: 'm-1',
            policyTypeId: 't-2',
            coverageAmount: '30000',
            monthlyPremium: '150',
            waitingPeriod: 5,
            startDate: '2026-04-17',
            suicideWaitingMonths: 12,
            agentId: null,
            debitDay: 25,
            waitingCarriedOver: { fromPolicyId: 'p-old', fromPolicyNumber: 'POL-2026-000001', lapsedOn: '2026-02-17', unexpiredMonths: 5 },
          },
        },
      ],
    });
  });

  it('after a cancellation or a lapse more than 2 months ago, the type’s whole waiting period', () => {
    const [cancelled] = decideIssuePolicy(command({ policies: [oldPolicy('cancelled')] }), ctx).policy;
    expect(cancelled?.data).toMatchObject({ waitingPeriod: 6 });
    expect(cancelled?.data).not.toHaveProperty('waitingCarriedOver');
    const [old] = decideIssuePolicy(command({ policies: [oldPolicy('lapsed', '2026-02-16')] }), ctx).policy;
    expect(old?.data).toMatchObject({ waitingPeriod: 6 });
  });

  it('refuses a policy in force, a family member, a deleted or foreign member, an unknown or inactive type', () => {
    outcome(() => decideIssuePolicy(command({ policies: [oldPolicy('active')] }), ctx)).thenThrows(
      'ALREADY_EXISTS',
      'This member already has a policy in force (POL-2026-000001). A new policy is issued only when the last one has lapsed or been cancelled.',
    );
    const family = member([{ ...registered, data: { ...registered.data, isMainMember: false, mainMemberId: 'm-0', policyId: null } }]);
    outcome(() => decideIssuePolicy(command({ member: family, policies: [] }), ctx)).thenThrows(
      'RULE_VIOLATED',
      'Only a main member holds a policy; a family member is covered under theirs.',
    );
    const deleted = member([registered, { type: 'MemberDeleted', data: { memberId: 'm-1', companyId: 'c1' } }]);
    outcome(() => decideIssuePolicy(command({ member: deleted }), ctx)).thenThrows('NOT_FOUND', 'Member not found');
    outcome(() => decideIssuePolicy(command({ companyId: 'c2' }), ctx)).thenThrows('NOT_FOUND', 'Member not found');
    outcome(() => decideIssuePolicy(command({ policyType: { status: 'none' } }), ctx)).thenThrows(
      'VALIDATION_FAILED',
      'Policy type not found',
    );
    outcome(() => decideIssuePolicy(command({ policyType: { ...type, isActive: false } as PolicyTypeState }), ctx)).thenThrows(
      'RULE_VIOLATED',
      'This policy type is inactive and no longer offered. Choose an active policy type.',
    );
  });

  it('the member’s stream lists the new policy: deleting the member checks it too', () => {
    const state = member([registered, { type: 'MemberPolicyIssued', data: { memberId: 'm-1', companyId: 'c1', policyId: 'p-new' } }]);
    expect(state).toMatchObject({ policyIds: ['p-old', 'p-new'] });
  });
});

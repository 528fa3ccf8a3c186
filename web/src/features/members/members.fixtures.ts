import type { MemberRow } from './members.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function memberRow(overrides: Partial<MemberRow> = {}): MemberRow & { __typename: 'Member' } {
  return {
    __typename: 'Member',
    id: 'm1',
    firstName: 'Sipho',
    lastName: 'Dlamini',
    identifierType: 'saId',
    saId: '8001015009087',
    passportNumber: null,
    email: null,
    phone: '0821234567',
    address: '12 Church Street',
    city: 'Pretoria',
    province: 'GP',
    postalCode: '0002',
    dateOfBirth: null,
    isMainMember: true,
    mainMemberName: null,
    relationship: null,
    otherRelationship: null,
    policyNumber: 'POL-000001',
    policyStatus: 'active',
    status: 'active',
    ...overrides,
  };
}

export function membersAnswer(nodes: MemberRow[], { hasNextPage = false, endCursor = null as string | null } = {}) {
  return {
    data: {
      members: {
        __typename: 'MemberConnection',
        nodes,
        totalCount: nodes.length,
        pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor },
      },
    },
  };
}

export const policyTypeFixture = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'PolicyType',
  id: 'pt1',
  name: 'Family Cover',
  description: 'Funeral cover for the whole family',
  coverageAmount: '50000',
  monthlyPremium: '299',
  waitingPeriod: 6,
  isActive: true,
  graceDays: 15,
  lapseAfterMissed: 1,
  reinstatementMonths: 3,
  ...overrides,
});

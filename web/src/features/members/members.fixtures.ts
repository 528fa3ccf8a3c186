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
    schemeId: null,
    schemeName: null,
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
  benefits: [],
  suicideWaitingMonths: 12,
  onMainMemberDeath: 'end_policy',
  ...overrides,
});

/** The member's page answer (issue #22): a main member, spouse and child, one policy with a payment and a claim. */
export function memberPageAnswer(overrides: Record<string, unknown> = {}) {
  const life = (id: string, firstName: string, relationship: string | null, age: number) => ({
    __typename: 'Member',
    id,
    firstName,
    lastName: 'Dlamini',
    isMainMember: relationship === null,
    relationship,
    otherRelationship: null,
    saId: null,
    passportNumber: null,
    dateOfBirth: null,
    age,
    status: 'active',
  });
  return {
    ...memberRow(),
    nationality: 'South African',
    mainMemberId: null,
    birthDate: '1980-01-01',
    age: 45,
    createdAt: '2025-01-10T08:00:00.000Z',
    lives: [life('m1', 'Sipho', null, 45), life('m2', 'Nomsa', 'spouse', 41), life('m3', 'Lwazi', 'child', 9)],
    documents: [
      {
        __typename: 'MemberDocument',
        kind: 'payment_receipt',
        title: 'Receipt of the payment of 2025-05-01 on policy POL-000001',
        date: '2025-05-01',
        href: '/api/payments/pay1/receipt.pdf',
        fileName: 'receipt-POL-000001-2025-05-01.pdf',
      },
      {
        __typename: 'MemberDocument',
        kind: 'policy_schedule',
        title: 'Schedule of policy POL-000001',
        date: '2025-01-10',
        href: '/api/policies/p1/schedule.pdf',
        fileName: 'schedule-POL-000001.pdf',
      },
    ],
    policies: [
      {
        __typename: 'Policy',
        id: 'p1',
        policyNumber: 'POL-000001',
        policyTypeName: 'Family Cover',
        status: 'active',
        monthlyPremium: '150.00',
        coverageAmount: '20000.00',
        waitingPeriod: 6,
        startDate: '2025-01-10',
        debitDay: 1,
        statement: {
          __typename: 'PolicyStatement',
          policyId: 'p1',
          policyNumber: 'POL-000001',
          status: 'active',
          asOf: '2025-06-15',
          monthlyPremium: '150.00',
          debitDay: 1,
          paidUpTo: '2025-05-31',
          balance: '150.00',
          monthsInArrears: 1,
          credit: '0.00',
          periods: [],
          notices: [
            { __typename: 'NonPaymentNotice', issuedOn: '2025-06-02', periods: ['2025-06'], graceEndsOn: '2025-06-16', channel: 'sms' },
          ],
          lapse: null,
        },
        mandate: null,
        payments: {
          __typename: 'PaymentConnection',
          totalCount: 1,
          nodes: [
            {
              __typename: 'Payment',
              id: 'pay1',
              amount: '150.00',
              paymentDate: '2025-05-01',
              paymentMethod: 'cash',
              reference: 'MAY',
              status: 'completed',
            },
          ],
        },
        claims: [
          {
            __typename: 'Claim',
            id: 'c1',
            claimNumber: 'CLM-2025-000001',
            deceasedName: 'Gogo Dlamini',
            status: 'submitted',
            claimAmount: '5000.00',
            submittedDate: '2025-06-01',
            payout: null,
          },
        ],
        beneficiaries: [
          {
            __typename: 'Beneficiary',
            firstName: 'Nomsa',
            lastName: 'Dlamini',
            idNumber: null,
            relationship: 'spouse',
            phone: null,
            share: '100.00',
          },
        ],
      },
    ],
    ...overrides,
  };
}

import type { PaymentRow, PaymentScheme } from './payments.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function paymentRow(overrides: Partial<PaymentRow> = {}): PaymentRow & { __typename: 'Payment' } {
  return {
    __typename: 'Payment',
    id: 'pay1',
    policyId: 'p1',
    policyNumber: 'POL-000001',
    memberId: 'm1',
    memberName: 'Sipho Dlamini',
    groupSchemeId: null,
    amount: '150',
    paymentDate: '2025-05-10',
    paymentMethod: 'debit_order',
    reference: 'MAY-2025',
    notes: null,
    status: 'completed',
    createdAt: '2025-05-10T09:30:00.000Z',
    schemeName: null,
    ...overrides,
  };
}

export function paymentsAnswer(
  nodes: PaymentRow[],
  { hasNextPage = false, endCursor = null as string | null, totalCount = nodes.length } = {},
) {
  return {
    data: {
      payments: { __typename: 'PaymentConnection', nodes, totalCount, pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor } },
    },
  };
}

export const policiesAnswer = {
  data: {
    policies: {
      __typename: 'PolicyConnection',
      nodes: [
        { __typename: 'Policy', id: 'p1', policyNumber: 'POL-000001', memberName: 'Sipho Dlamini', status: 'active' },
        { __typename: 'Policy', id: 'p2', policyNumber: 'POL-000002', memberName: 'Ayanda Zulu', status: 'lapsed' },
      ],
      totalCount: 2,
    },
  },
};

export function paymentScheme(overrides: Partial<PaymentScheme> = {}): PaymentScheme & { __typename: 'GroupScheme' } {
  return {
    __typename: 'GroupScheme',
    id: 's1',
    name: 'Mine Workers',
    status: 'active',
    totalMembers: 5,
    mainMemberCount: 3,
    familyMemberCount: 2,
    ...overrides,
  };
}

import type { Sale } from './newSales.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function sale(overrides: Partial<Sale> = {}): Sale & { __typename: 'Sale' } {
  return {
    __typename: 'Sale',
    policyId: 'p1',
    policyNumber: 'POL-000001',
    memberId: 'm1',
    clientName: 'Nomsa Khumalo',
    phone: '0825551234',
    policyTypeId: 'pt1',
    policyTypeName: 'Funeral Basic',
    coverageAmount: '20000.00',
    monthlyPremium: '150.00',
    agentId: 'a1',
    agentName: 'Lwazi Mthembu',
    status: 'active',
    createdAt: '2025-06-09T10:00:00.000Z',
    ...overrides,
  };
}

export const SALES = [
  sale(),
  sale({
    policyId: 'p2',
    policyNumber: 'POL-000002',
    memberId: 'm2',
    clientName: 'Johan van der Merwe, Jr',
    phone: null,
    policyTypeName: 'Family Plus',
    coverageAmount: '50000.00',
    monthlyPremium: '299.00',
    agentId: 'a2',
    agentName: 'Zanele Dube',
    status: 'lapsed',
    createdAt: '2025-06-10T09:30:00.000Z',
  }),
];

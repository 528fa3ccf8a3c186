import type { Agent } from './agents.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function agent(overrides: Partial<Agent> = {}): Agent & { __typename: 'Agent' } {
  return {
    __typename: 'Agent',
    id: 'a1',
    userId: 'u2',
    agentId: 'AGT001',
    firstName: 'Lwazi',
    lastName: 'Mthembu',
    idNumber: null,
    email: 'lwazi@example.co.za',
    phone: '0821234567',
    supervisorName: 'Precious Mahlangu',
    region: 'Gauteng',
    commissionRate: 5,
    salesTarget: 50000,
    notes: null,
    status: 'active',
    createdAt: '2025-03-01T08:00:00.000Z',
    clientsOnboarded: 4,
    salesThisMonth: '1200',
    policiesSold: 6,
    totalCommissions: '360.50',
    ...overrides,
  };
}

export const AGENTS = [
  agent(),
  agent({
    id: 'a2',
    userId: null,
    agentId: 'AGT002',
    firstName: 'Zanele',
    lastName: 'Dube',
    email: 'zanele@example.co.za',
    region: null,
    commissionRate: 10,
    salesTarget: 100000,
    status: 'inactive',
    clientsOnboarded: 1,
  }),
];

import type { GroupScheme, SchemeFamilyMember, SchemeMember } from './groupSchemes.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function groupScheme(overrides: Partial<GroupScheme> = {}): GroupScheme & { __typename: 'GroupScheme' } {
  return {
    __typename: 'GroupScheme',
    id: 's1',
    name: 'Mine Workers',
    description: 'Shaft 4 employees and their families',
    status: 'active',
    totalMembers: 3,
    mainMemberCount: 1,
    familyMemberCount: 2,
    policyPrefix: 'MIN',
    createdAt: '2025-05-01T08:00:00.000Z',
    updatedAt: '2025-05-01T08:00:00.000Z',
    ...overrides,
  };
}

export function familyMember(overrides: Partial<SchemeFamilyMember> = {}): SchemeFamilyMember & { __typename: 'SchemeMember' } {
  return {
    __typename: 'SchemeMember',
    id: 'f1',
    firstName: 'Kabelo',
    lastName: 'Mokoena',
    saId: null,
    passportNumber: null,
    phone: null,
    address: null,
    city: null,
    province: null,
    postalCode: null,
    email: null,
    coverAmount: '10000',
    policyNumber: 'MIN-000001',
    isMainMember: false,
    relationship: 'child',
    status: 'active',
    ...overrides,
  };
}

export function mainMember(overrides: Partial<SchemeMember> = {}): SchemeMember & { __typename: 'SchemeMember' } {
  return {
    __typename: 'SchemeMember',
    id: 'm1',
    firstName: 'Zanele',
    lastName: 'Mokoena',
    saId: '8001015009087',
    passportNumber: null,
    phone: '0712345678',
    address: '5 Church Street',
    city: 'Rustenburg',
    province: 'NW',
    postalCode: '0300',
    email: null,
    coverAmount: '20000',
    policyNumber: 'MIN-000001',
    isMainMember: true,
    relationship: null,
    status: 'active',
    familyMembers: [familyMember(), familyMember({ id: 'f2', firstName: 'Thabo', relationship: 'spouse', coverAmount: '20000' })],
    ...overrides,
  };
}

export function membersPayload(
  overrides: { droppedRows?: number; mainMembersAdded?: number; familyMembersAdded?: number; scheme?: GroupScheme } = {},
) {
  return {
    __typename: 'GroupSchemeMembersPayload',
    scheme: overrides.scheme ?? groupScheme(),
    mainMembersAdded: overrides.mainMembersAdded ?? 1,
    familyMembersAdded: overrides.familyMembersAdded ?? 1,
    droppedRows: overrides.droppedRows ?? 0,
  };
}

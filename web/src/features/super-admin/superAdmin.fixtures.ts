import type { ComplianceLog, Plan, PlatformCompany, PlatformSubscription, SystemSetting } from './superAdmin.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

export function platformCompany(overrides: Partial<PlatformCompany> = {}): PlatformCompany & { __typename: 'PlatformCompany' } {
  return {
    __typename: 'PlatformCompany',
    id: 'c1',
    name: 'Ubuntu Funeral Cover',
    email: 'info@ubuntu.co.za',
    cipNumber: '2019/123456/07',
    isActive: true,
    suspensionReason: null,
    createdAt: '2026-01-15T08:00:00.000Z',
    ...overrides,
  };
}

export function plan(overrides: Partial<Plan> = {}): Plan & { __typename: 'Plan' } {
  return {
    __typename: 'Plan',
    id: 'p2',
    name: 'Premium Plan',
    tier: 'starter',
    memberLimit: 50000,
    monthlyPrice: '299.00',
    features: ['Up to 50,000 members', 'Priority support'],
    description: 'For growing insurers with up to 50,000 members.',
    sortOrder: 1,
    isActive: true,
    ...overrides,
  };
}

export function subscriptionRow(
  overrides: Partial<PlatformSubscription> = {},
): PlatformSubscription & { __typename: 'PlatformSubscription' } {
  return {
    __typename: 'PlatformSubscription',
    id: 'c1',
    company: 'Ubuntu Funeral Cover',
    tier: 'starter',
    currentMemberCount: 1200,
    memberLimit: 50000,
    monthlyPrice: '299.00',
    isActive: true,
    nextBillingDate: '2026-07-01',
    ...overrides,
  };
}

export function complianceLog(overrides: Partial<ComplianceLog> = {}): ComplianceLog & { __typename: 'ComplianceLog' } {
  return {
    __typename: 'ComplianceLog',
    id: 'l1',
    companyName: 'Ubuntu Funeral Cover',
    type: 'company_suspended',
    severity: 'critical',
    title: 'Company suspended',
    description: 'Ubuntu Funeral Cover was suspended. Reason: Unpaid fees',
    resolvedAt: null,
    resolutionNote: null,
    resolvedBy: null,
    createdAt: '2026-06-10T09:00:00.000Z',
    ...overrides,
  };
}

export function systemSetting(overrides: Partial<SystemSetting> = {}): SystemSetting & { __typename: 'SystemSetting' } {
  return {
    __typename: 'SystemSetting',
    id: 's1',
    key: 'support.email',
    value: 'help@example.com',
    description: null,
    category: 'general',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export const platformStatsAnswer = (overrides: Record<string, unknown> = {}) => ({
  data: {
    platformStats: {
      __typename: 'PlatformStats',
      totalCompanies: 12,
      totalMembers: 3400,
      totalRevenue: '15250.50',
      activeClaims: 7,
      memberGrowthRate: '12.5%',
      revenueGrowthRate: '0%',
      ...overrides,
    },
  },
});

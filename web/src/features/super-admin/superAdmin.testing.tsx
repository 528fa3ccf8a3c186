import { screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer, type GraphQLHandler } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { complianceLog, plan, platformCompany, platformStatsAnswer, subscriptionRow, systemSetting } from './superAdmin.fixtures';

// Test-only: the Super Admin Dashboard against an in-memory gateway.

type Spy = (variables: Record<string, unknown>) => GraphQLAnswer | Promise<GraphQLAnswer>;

export const OPERATOR = testUser({ id: 'op', username: 'platform', role: 'super_admin', companyId: null, permissions: [] });

export type Answers = Partial<Record<string, Spy>>;

export function openDashboard(answers: Answers = {}, user = OPERATOR) {
  const defaults: Record<string, Spy> = {
    PlatformStats: () => platformStatsAnswer(),
    PlatformCompanies: () => ({
      data: {
        platformCompanies: [
          platformCompany(),
          platformCompany({
            id: 'c2',
            name: 'Khumalo Burial Society',
            email: 'admin@khumalo.co.za',
            cipNumber: '',
            isActive: false,
            suspensionReason: 'Unpaid fees',
          }),
        ],
      },
    }),
    PlatformSubscriptions: () => ({
      data: {
        platformSubscriptions: [
          subscriptionRow(),
          subscriptionRow({
            id: 'c2',
            company: 'Khumalo Burial Society',
            tier: 'free',
            currentMemberCount: 45,
            memberLimit: 300,
            monthlyPrice: '0.00',
            isActive: false,
            nextBillingDate: null,
          }),
        ],
      },
    }),
    Plans: () => ({
      data: {
        plans: [
          plan({ id: 'p1', name: 'Free Tier', tier: 'free', memberLimit: 300, monthlyPrice: '0.00', features: [], sortOrder: 0 }),
          plan(),
          plan({ id: 'p3', name: 'Enterprise', tier: 'enterprise', memberLimit: -1, monthlyPrice: '0.00', isActive: false, sortOrder: 2 }),
        ],
      },
    }),
    ComplianceLogs: () => ({
      data: {
        complianceLogs: [
          complianceLog(),
          complianceLog({
            id: 'l2',
            type: 'claim_overdue',
            severity: 'warning',
            title: 'Claim pending for over 30 days',
            resolvedAt: '2026-06-12T09:00:00.000Z',
          }),
          complianceLog({ id: 'l3', type: 'company_activated', severity: 'info', title: 'Company activated' }),
        ],
      },
    }),
    SystemSettings: () => ({
      data: {
        systemSettings: [
          systemSetting(),
          systemSetting({
            id: 's2',
            key: 'smtp',
            value: { host: 'mail', port: 587 },
            description: 'Mail server',
            category: 'integrations',
          }),
        ],
      },
    }),
  };
  const spies = new Map<string, ReturnType<typeof vi.fn<Spy>>>();
  for (const [name, answer] of Object.entries({ ...defaults, ...answers })) spies.set(name, vi.fn<Spy>(answer));
  const handler: GraphQLHandler = (name, variables) => {
    const spy = spies.get(name);
    return spy ? spy(variables) : { data: null };
  };
  renderApp('/super-admin', sessionHandler(user, handler));
  return { spy: (name: string) => spies.get(name)! };
}

export const toastText = async (role: 'status' | 'alert', text: string) =>
  waitFor(() => expect(screen.getByRole(role).textContent).toContain(text));

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { goTo } from './SubscriptionPage';
import { memberLimitText, planAction, planPrice } from './subscriptionDisplay';

const PLANS = [
  {
    tier: 'free',
    name: 'Free Tier',
    monthlyPrice: '0.00',
    memberLimit: 300,
    description: 'Small',
    features: ['Up to 300 members'],
    badge: null,
    checkout: false,
    contactSales: false,
    contactEmail: null,
  },
  {
    tier: 'starter',
    name: 'Premium Plan',
    monthlyPrice: '299.00',
    memberLimit: 50000,
    description: 'Growing',
    features: ['Up to 50,000 members'],
    badge: 'Most Popular',
    checkout: true,
    contactSales: false,
    contactEmail: null,
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: null,
    memberLimit: -1,
    description: 'Large',
    features: ['Unlimited members'],
    badge: null,
    checkout: false,
    contactSales: true,
    contactEmail: null,
  },
].map((p) => ({ __typename: 'SubscriptionPlan', ...p }));

const subscription = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'CompanySubscription',
  tier: 'free',
  planName: 'Free Tier',
  monthlyPrice: '0.00',
  currentMemberCount: 240,
  memberLimit: 300,
  usagePercent: 80,
  nextBillingDate: null,
  paymentMethod: null,
  ...overrides,
});

function open(
  options: { permissions?: string[]; sub?: Record<string, unknown>; checkout?: (variables: Record<string, unknown>) => GraphQLAnswer } = {},
) {
  const checkout = vi.fn(
    options.checkout ??
      ((_variables: Record<string, unknown>) => ({
        data: {
          createSubscriptionCheckout: {
            __typename: 'SubscriptionCheckout',
            redirectUrl: 'https://pay.example/checkout',
            checkoutId: 'chk1',
          },
        },
      })),
  );
  renderApp(
    '/subscription',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'SubscriptionPage')
        return {
          data: {
            me: { __typename: 'User', id: 'u1', permissions: options.permissions ?? ['subscription:read', 'subscription:manage'] },
            subscription: subscription(options.sub),
            subscriptionPlans: PLANS,
            billingHistory: [
              {
                __typename: 'SubscriptionPayment',
                id: 'chk0',
                date: '2026-05-03T10:00:00.000Z',
                planName: 'Premium Plan',
                amount: '299.00',
                paymentMethod: 'Credit Card',
                status: 'failed',
                invoiceNumber: null,
              },
              {
                __typename: 'SubscriptionPayment',
                id: '7f0c7d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
                date: '2026-06-03T10:00:00.000Z',
                planName: 'Premium Plan',
                amount: '299.00',
                paymentMethod: 'Credit Card',
                status: 'paid',
                invoiceNumber: 'INV-000042',
              },
            ],
          },
        };
      if (name === 'CreateSubscriptionCheckout') return checkout(variables);
      return { data: null };
    }),
  );
  return { checkout };
}

afterEach(() => vi.restoreAllMocks());

describe('subscription display', () => {
  it('words prices, limits and what each plan card offers', () => {
    expect([planPrice('299.00'), planPrice('0.00'), planPrice(null), planPrice('299.50')]).toEqual(['R299', 'R0', 'Custom', 'R299.50']);
    expect([memberLimitText(50000), memberLimitText(-1)]).toEqual(['50,000', 'Unlimited']);
    const [free, starter, enterprise] = PLANS as [(typeof PLANS)[0], (typeof PLANS)[0], (typeof PLANS)[0]];
    expect(planAction(free, PLANS, 'free', true)).toEqual({ kind: 'current' });
    expect(planAction(starter, PLANS, 'free', true)).toEqual({ kind: 'checkout', label: 'Upgrade to Premium Plan' });
    expect(planAction(starter, PLANS, 'free', false)).toEqual({ kind: 'administratorOnly' });
    expect(planAction(free, PLANS, 'starter', true)).toEqual({ kind: 'free' });
    expect(planAction(starter, PLANS, 'enterprise', true)).toEqual({ kind: 'lower' });
    expect(planAction(enterprise, PLANS, 'free', true)).toEqual({ kind: 'contact', email: null });
  });
});

describe('/subscription', { timeout: 30_000 }, () => {
  it('shows the plan, the usage with the 80% warning, the plans and the billing history', async () => {
    open();
    const current = (await screen.findByRole('heading', { name: 'Current Plan' })).closest('section')!;
    expect(within(current).getByText('240 / 300 members')).toBeTruthy();
    expect(within(current).getByText('80% used')).toBeTruthy();
    expect(within(current).getByRole('status').textContent).toContain('Approaching member limit');
    expect(within(current).getByText('No billing on the Free Tier')).toBeTruthy();
    expect(screen.getByText('Most Popular')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Current Plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Sales' })).toBeTruthy();
    const history = screen.getByRole('table', { name: 'Billing history' });
    expect(within(history).getByText('Failed')).toBeTruthy();
    // Issue #25: a paid payment's invoice, none for a failed one.
    expect(
      within(history)
        .getAllByRole('button', { name: /Invoice/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Invoice INV-000042 (PDF)']);
    expect(within(history).getByText('None')).toBeTruthy();
  });

  it('says the limit is reached at 100%, and shows billing for a paid plan', async () => {
    open({
      sub: {
        tier: 'starter',
        planName: 'Premium Plan',
        monthlyPrice: '299.00',
        currentMemberCount: 50000,
        memberLimit: 50000,
        usagePercent: 100,
        nextBillingDate: '2026-07-01',
        paymentMethod: 'Credit Card',
      },
    });
    const current = (await screen.findByRole('heading', { name: 'Current Plan' })).closest('section')!;
    expect(within(current).getByRole('status').textContent).toContain('Member limit reached');
    expect(within(current).getByText('Credit Card')).toBeTruthy();
    expect(within(current).getByText('01 Jul 2026')).toBeTruthy();
    expect(screen.getByText('The free plan cannot be chosen.')).toBeTruthy();
  });

  it('sends an administrator to the payment page the checkout answers with', async () => {
    const assign = vi.spyOn(goTo, 'location').mockImplementation(() => {});
    const { checkout } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium Plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout'));
    expect(checkout.mock.calls[0]![0]).toEqual({ tier: 'starter' });
  });

  it('a refused checkout shows the server message under Checkout failed', async () => {
    const assign = vi.spyOn(goTo, 'location').mockImplementation(() => {});
    open({ checkout: () => ({ errors: [{ message: 'Online payment is not set up on this server yet.' }] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium Plan' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Checkout failed'));
    expect(screen.getByRole('alert').textContent).toContain('Online payment is not set up on this server yet.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers no upgrade to roles that may not manage the subscription', async () => {
    open({ permissions: ['subscription:read'] });
    expect(await screen.findByText('Only an administrator can change the plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium Plan' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { scenario } from '../command-handling/given-when-then.ts';
import { companySettingsSchema } from '../validation/index.ts';
import { decideUpdateCompanyDetails } from './commands/update-company-details.ts';
import { decideSettleSubscriptionPayment, type SettleSubscriptionPayment } from './commands/settle-subscription-payment.ts';
import { decideActivateCompany, decideSuspendCompany } from './commands/suspend-company.ts';
import type { CompanyEvent, CompanyRegistered } from './companies.events.ts';
import { evolveCompany, initialCompanyState } from './companies.state.ts';
import { nextBillingDate, TIERS, tierOf } from './tiers.ts';

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'u1', role: 'administrator', companyId: 'c1' },
  commandId: 'cmd',
};
const folder = { initialState: initialCompanyState, evolve: evolveCompany };

const registered: CompanyRegistered = {
  type: 'CompanyRegistered',
  data: {
    companyId: 'c1',
    name: 'Ubuntu Funeral Cover',
    cipNumber: '2015/123456/07',
    email: 'info@ubuntu.co.za',
    phone: '0315551234',
    fspNumber: null,
    administratorUserId: 'u1',
    tier: 'free',
    memberLimit: 300,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
};

const settings = companySettingsSchema.parse({
  name: 'Ubuntu Funeral Cover',
  cipNumber: '2015/123456/07',
  address: '1 Main Road',
  city: 'Durban',
  province: 'KwaZulu-Natal',
  postalCode: '4001',
  phone: '031 555 1234',
  email: 'info@ubuntu.co.za',
});

describe('updating the company information', () => {
  const when = scenario(folder, decideUpdateCompanyDetails, ctx);

  it('given a registered company, when the section is saved, then CompanyDetailsUpdated with the whole section (province as its code)', () => {
    when
      .given([registered])
      .when(settings)
      .then([
        {
          type: 'CompanyDetailsUpdated',
          data: {
            companyId: 'c1',
            name: 'Ubuntu Funeral Cover',
            cipNumber: '2015/123456/07',
            address: '1 Main Road',
            city: 'Durban',
            province: 'KZN',
            postalCode: '4001',
            phone: '0315551234',
            email: 'info@ubuntu.co.za',
            updatedAt: '2026-06-15T10:00:00.000Z',
          },
        },
      ]);
  });

  it('given the section already saved, when it is saved again unchanged, then nothing is recorded', () => {
    const [updated] = decideUpdateCompanyDetails(settings, evolveCompany(initialCompanyState, registered), ctx);
    when.given([registered, updated!]).when(settings).then([]);
  });

  it('given blank optional fields, then they are recorded as null', () => {
    const blank = companySettingsSchema.parse({ name: 'Renamed', cipNumber: '2015/123456/07', phone: '', email: '' });
    const [event] = when.given([registered]).when(blank).decided();
    expect(event?.data).toMatchObject({
      name: 'Renamed',
      address: null,
      city: null,
      province: null,
      postalCode: null,
      phone: null,
      email: null,
    });
  });

  it('given no company, then it is not found', () => {
    when.given([]).when(settings).thenThrows('NOT_FOUND', 'Company not found');
  });
});

describe('settling a subscription payment', () => {
  const when = scenario(folder, decideSettleSubscriptionPayment, ctx);
  const payment: SettleSubscriptionPayment = {
    paymentId: 'chk1',
    provider: 'sandbox',
    providerPaymentId: 'pp1',
    tier: 'starter',
    amount: '299.00',
    memberLimit: null,
    outcome: 'complete',
  };
  const received: CompanyEvent = {
    type: 'SubscriptionPaymentReceived',
    data: {
      companyId: 'c1',
      paymentId: 'chk1',
      provider: 'sandbox',
      providerPaymentId: 'pp1',
      tier: 'starter',
      amount: '299.00',
      paidAt: '2026-06-15T10:00:00.000Z',
    },
  };
  const changed: CompanyEvent = {
    type: 'SubscriptionTierChanged',
    data: {
      companyId: 'c1',
      fromTier: 'free',
      toTier: 'starter',
      memberLimit: 50_000,
      paymentId: 'chk1',
      changedAt: '2026-06-15T10:00:00.000Z',
    },
  };

  it('given a free company, when its Premium Plan payment completes, then the payment and the move to starter with 50,000 members', () => {
    when.given([registered]).when(payment).then([received, changed]);
    const state = [registered, received, changed].reduce(evolveCompany, initialCompanyState);
    expect(state).toMatchObject({ tier: 'starter', memberLimit: 50_000 });
  });

  it("given a checkout sold with the plan's own member limit, then the company gets that limit", () => {
    const [, tierChange] = when
      .given([registered])
      .when({ ...payment, memberLimit: 60_000 })
      .decided();
    expect(tierChange).toMatchObject({ type: 'SubscriptionTierChanged', data: { toTier: 'starter', memberLimit: 60_000 } });
  });

  it('given the payment already recorded, when the same checkout is notified again, then nothing is recorded', () => {
    when
      .given([registered, received, changed])
      .when({ ...payment, providerPaymentId: 'pp2' })
      .then([]);
  });

  it('given a failed payment, then only SubscriptionPaymentFailed: the tier stays', () => {
    when
      .given([registered])
      .when({ ...payment, outcome: 'failed' })
      .then([
        {
          type: 'SubscriptionPaymentFailed',
          data: {
            companyId: 'c1',
            paymentId: 'chk1',
            provider: 'sandbox',
            providerPaymentId: 'pp1',
            tier: 'starter',
            amount: '299.00',
            failedAt: '2026-06-15T10:00:00.000Z',
          },
        },
      ]);
  });

  it('given a company already on the tier, when a payment completes, then it is recorded without a tier change', () => {
    when
      .given([registered, changed])
      .when({ ...payment, paymentId: 'chk2' })
      .then([{ ...received, data: { ...received.data, paymentId: 'chk2' } }]);
  });

  it('refuses tiers that are not bought online', () => {
    when
      .given([registered])
      .when({ ...payment, tier: 'enterprise' })
      .thenThrows('RULE_VIOLATED', 'The Enterprise cannot be bought online.');
  });
});

describe('tiers', () => {
  it('are free (300, not chosen online), Premium Plan (R299, 50,000, Most Popular) and Enterprise (custom, unlimited, Contact Sales)', () => {
    expect(TIERS.map((t) => [t.id, t.name, t.monthlyPrice, t.memberLimit, t.checkout, t.badge, t.contactSales])).toEqual([
      ['free', 'Free Tier', '0.00', 300, false, null, false],
      ['starter', 'Premium Plan', '299.00', 50_000, true, 'Most Popular', false],
      ['enterprise', 'Enterprise', null, -1, false, null, true],
    ]);
    // A tier the super admin made with its plan is bought online like starter (at its plan's price).
    expect(tierOf('platinum')).toMatchObject({ name: 'platinum', checkout: true, contactSales: false });
  });

  it('bill paid tiers on the 1st of next month, across the year end; free never bills', () => {
    expect(nextBillingDate('starter', '2026-06-15')).toBe('2026-07-01');
    expect(nextBillingDate('starter', '2026-12-31')).toBe('2027-01-01');
    expect(nextBillingDate('enterprise', '2026-01-01')).toBe('2026-02-01');
    expect(nextBillingDate('free', '2026-06-15')).toBeNull();
  });
});

describe('suspending and activating a company', () => {
  const operator: CommandContext = { ...ctx, actor: { userId: 'op', role: 'super_admin', companyId: null } };
  const suspend = scenario(folder, decideSuspendCompany, operator);
  const activate = scenario(folder, decideActivateCompany, operator);
  const suspended: CompanyEvent = {
    type: 'CompanySuspended',
    data: { companyId: 'c1', reason: 'Unpaid invoices', suspendedAt: '2026-06-15T10:00:00.000Z' },
  };
  const activated: CompanyEvent = { type: 'CompanyActivated', data: { companyId: 'c1', activatedAt: '2026-06-15T10:00:00.000Z' } };

  it('given an active company, when it is suspended with a reason, then CompanySuspended with the reason', () => {
    suspend.given([registered]).when({ reason: 'Unpaid invoices' }).then([suspended]);
    expect(evolveCompany(evolveCompany(initialCompanyState, registered), suspended)).toMatchObject({
      status: 'suspended',
      name: 'Ubuntu Funeral Cover',
    });
  });

  it('given a suspended company, when it is suspended again, then it is refused', () => {
    suspend.given([registered, suspended]).when({ reason: 'Again' }).thenThrows('INVALID_TRANSITION', 'This company is already suspended.');
  });

  it('given a suspended company, when it is activated, then CompanyActivated and it is active again', () => {
    activate.given([registered, suspended]).when({}).then([activated]);
    expect([registered, suspended, activated].reduce(evolveCompany, initialCompanyState)).toMatchObject({ status: 'active' });
  });

  it('given an active company, when it is activated, then it is refused; given none, not found', () => {
    activate.given([registered]).when({}).thenThrows('INVALID_TRANSITION', 'This company is already active.');
    suspend.given([]).when({ reason: 'x' }).thenThrows('NOT_FOUND', 'Company not found');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuota } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { pathOf, postForm, pressSandboxButton, sandboxNotification } from './subscription.testing.ts';

const NOTIFY = '/api/billing/sandbox/notify';

describe.each(testDrivers())('subscription and sandbox checkout over HTTP on $name', (driver) => {
  let t: TestApp;
  let secret: string;
  const count = async (type: string) =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = $1`, [type]))[0]!.n;
  const register = async () => {
    const body = (await t.request('POST', '/api/register', registration())).body;
    return { token: body.token as string, companyId: body.user.companyId as string };
  };
  const checkout = (token: string, tier = 'starter') => t.request('POST', '/api/subscription/create-checkout', { tier }, { token });
  const subscription = async (token: string) => (await t.request('GET', '/api/subscription', undefined, { token })).body;
  const history = async (token: string) => (await t.request('GET', '/api/subscription/billing-history', undefined, { token })).body;

  beforeAll(async () => {
    t = await startTestApp(driver);
    if (t.config.billing.provider !== 'sandbox') throw new Error('the test app should default to the sandbox provider');
    secret = t.config.billing.secret;
  });
  afterAll(async () => t?.close());

  it('answers the subscription with its spec fields and the billing display, and the plans', async () => {
    const { token } = await register();
    expect(await subscription(token)).toEqual({
      tier: 'free',
      currentMemberCount: 0,
      memberLimit: 300,
      nextBillingDate: null,
      planName: 'Free Tier',
      monthlyPrice: '0.00',
      paymentMethod: null,
      usagePercent: 0,
    });
    const plans = (await t.request('GET', '/api/subscription/plans', undefined, { token })).body;
    expect(
      plans.map((p: { id: string; name: string; monthlyPrice: string | null; memberLimit: number; badge: string | null }) => [
        p.id,
        p.name,
        p.monthlyPrice,
        p.memberLimit,
        p.badge,
      ]),
    ).toEqual([
      ['free', 'Free Tier', '0.00', 300, null],
      ['starter', 'Premium Plan', '299.00', 50000, 'Most Popular'],
      ['enterprise', 'Enterprise', null, -1, null],
    ]);
    expect(await history(token)).toEqual([]);
  });

  it('pays for the Premium Plan on the sandbox end to end: page, Pay, notification, tier, limit and billing history', async () => {
    const { token, companyId } = await register();
    const started = await checkout(token);
    expect(started.status).toBe(200);
    expect(started.body.redirectUrl).toMatch(/^http:\/\/localhost\/api\/billing\/sandbox\/checkout\?/);
    const { page, answer } = await pressSandboxButton(t, started.body.redirectUrl, 'pay');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('R299.00');
    expect(page.body).toContain('Ubuntu Funeral Cover');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://localhost/subscription/payment-success?checkout=${started.body.checkoutId}`);

    const now = await subscription(token);
    expect(now).toMatchObject({
      tier: 'starter',
      memberLimit: 50000,
      planName: 'Premium Plan',
      monthlyPrice: '299.00',
      paymentMethod: 'Credit Card',
    });
    expect(now.nextBillingDate).toMatch(/^\d{4}-\d{2}-01$/);
    expect(await readQuota(t.services.sql, companyId)).toMatchObject({ limit: 50000 });
    const paid = await history(token);
    expect(paid).toEqual([
      expect.objectContaining({
        id: started.body.checkoutId,
        status: 'paid',
        amount: '299.00',
        planName: 'Premium Plan',
        paymentMethod: 'Credit Card',
        provider: 'sandbox',
      }),
    ]);
    // Already on it: no second checkout of the same plan.
    const again = await checkout(token);
    expect([again.status, again.body.message]).toEqual([422, 'Your company is already on the Premium Plan.']);
  });

  it('changes nothing on a forged notification, a wrong amount, the return URL alone, or a replay', async () => {
    const { token } = await register();
    const { checkoutId, redirectUrl } = (await checkout(token)).body;
    const before = await count('SubscriptionPaymentReceived');

    const forged = await postForm(t, NOTIFY, sandboxNotification('not-the-secret', { checkoutId, paymentId: 'p-1' }));
    expect([forged.status, forged.body.message]).toEqual([400, 'The notification signature is not valid.']);
    const tampered = sandboxNotification(secret, { checkoutId, paymentId: 'p-1' }).replace('amount_gross=299.00', 'amount_gross=1.00');
    expect((await postForm(t, NOTIFY, tampered)).status).toBe(400);
    const cheap = await postForm(t, NOTIFY, sandboxNotification(secret, { checkoutId, paymentId: 'p-1', amount: '1.00' }));
    expect([cheap.status, cheap.body.message]).toEqual([400, 'The notified amount does not match the checkout.']);
    const unknown = await postForm(t, NOTIFY, sandboxNotification(secret, { checkoutId: crypto.randomUUID(), paymentId: 'p-1' }));
    expect(unknown.status).toBe(400);
    // The browser coming back to the return URL is only a page: it tells the server nothing.
    const returned = new URL(redirectUrl).searchParams.get('return_url')!;
    await t.request('GET', pathOf(returned));
    expect((await subscription(token)).tier).toBe('free');
    expect(await count('SubscriptionPaymentReceived')).toBe(before);

    const genuine = sandboxNotification(secret, { checkoutId, paymentId: 'p-1' });
    const accepted = await postForm(t, NOTIFY, genuine);
    expect([accepted.status, accepted.body]).toEqual([200, 'OK']);
    expect((await subscription(token)).tier).toBe('starter');
    const replay = await postForm(t, NOTIFY, genuine);
    expect([replay.status, replay.body]).toEqual([200, 'OK (nothing changed)']);
    const secondPayment = await postForm(t, NOTIFY, sandboxNotification(secret, { checkoutId, paymentId: 'p-2' }));
    expect([secondPayment.status, secondPayment.body]).toEqual([200, 'OK (nothing changed)']);
    expect(await count('SubscriptionPaymentReceived')).toBe(before + 1);
    expect(await history(token)).toHaveLength(1);
  });

  it('Fail records a failed payment and keeps the plan; Cancel sends the browser back and records nothing', async () => {
    const { token } = await register();
    const failed = await pressSandboxButton(t, (await checkout(token)).body.redirectUrl, 'fail');
    expect(failed.answer.headers.get('location')).toBe('http://localhost/subscription/payment-failure');
    expect(await subscription(token)).toMatchObject({ tier: 'free', memberLimit: 300 });
    expect(await history(token)).toEqual([expect.objectContaining({ status: 'failed', amount: '299.00' })]);
    const cancelled = await pressSandboxButton(t, (await checkout(token)).body.redirectUrl, 'cancel');
    expect([cancelled.answer.status, cancelled.answer.headers.get('location')]).toEqual([
      303,
      'http://localhost/subscription/payment-cancel',
    ]);
    expect(await history(token)).toHaveLength(1);
    expect((await subscription(token)).tier).toBe('free');
    // A tampered page link is refused by the gateway.
    const link = (await checkout(token)).body.redirectUrl.replace('amount=299.00', 'amount=1.00');
    expect((await t.request('GET', pathOf(link))).status).toBe(400);
  });

  it('refuses the free plan, sells Enterprise through sales, and never grants a paid plan on upgrade without payment', async () => {
    const { token, companyId } = await register();
    const free = await checkout(token, 'free');
    expect([free.status, free.body.message]).toEqual([400, 'The free plan cannot be chosen']);
    const enterprise = await checkout(token, 'enterprise');
    expect([enterprise.status, enterprise.body.code]).toEqual([422, 'RULE_VIOLATED']);
    expect(enterprise.body.message).toMatch(/contact our sales team/);
    const downgrade = await t.request('PUT', '/api/subscription/upgrade', { tier: 'free' }, { token });
    expect([downgrade.status, downgrade.body.message]).toEqual([400, 'The free plan cannot be chosen']);
    const upgrade = await t.request('PUT', '/api/subscription/upgrade', { tier: 'starter' }, { token });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body).toMatchObject({ requiresPayment: true, redirectUrl: expect.stringContaining('/api/billing/sandbox/checkout?') });
    expect((await subscription(token)).tier).toBe('free');

    const clerk = await staffToken(t, companyId, 'billing_clerk');
    expect((await checkout(clerk)).status).toBe(403);
    expect((await t.request('PUT', '/api/subscription/upgrade', { tier: 'starter' }, { token: clerk })).status).toBe(403);
    expect((await t.request('GET', '/api/subscription', undefined, { token: clerk })).status).toBe(200);
    expect((await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' })).status).toBe(401);
    // Only the configured provider's notify endpoint listens.
    expect((await postForm(t, '/api/billing/payfast/notify', 'm_payment_id=x')).status).toBe(404);
  });

  it('speaks GraphQL: plans, subscription, checkout and billing history', async () => {
    const { token } = await register();
    const started = await t.graphql(`mutation { createSubscriptionCheckout(tier: "starter") { redirectUrl checkoutId } }`, {}, token);
    await pressSandboxButton(t, started.body.data.createSubscriptionCheckout.redirectUrl, 'pay');
    const read = await t.graphql(
      `{ subscription { tier memberLimit planName paymentMethod } subscriptionPlans { tier name checkout contactSales } billingHistory { planName amount status } }`,
      {},
      token,
    );
    expect(read.body.data.subscription).toEqual({
      tier: 'starter',
      memberLimit: 50000,
      planName: 'Premium Plan',
      paymentMethod: 'Credit Card',
    });
    expect(read.body.data.subscriptionPlans.map((p: { tier: string; checkout: boolean }) => [p.tier, p.checkout])).toEqual([
      ['free', false],
      ['starter', true],
      ['enterprise', false],
    ]);
    expect(read.body.data.billingHistory).toEqual([{ planName: 'Premium Plan', amount: '299.00', status: 'paid' }]);
    const free = await t.graphql(`mutation { upgradeSubscription(tier: "free") { redirectUrl } }`, {}, token);
    expect(free.body.errors[0].message).toBe('The free plan cannot be chosen');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuota } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, wrongSignIns, type TestApp } from './testing.ts';
import { pressSandboxButton } from './subscription.testing.ts';
import { seedReportsCompany } from './reports.seed.testing.ts';

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
const SUSPENDED = 'Your company account has been suspended. Please contact support.';

type Plan = {
  id: string;
  name: string;
  tier: string;
  memberLimit: number;
  monthlyPrice: string;
  features: string[];
  description: string | null;
  sortOrder: number;
  isActive: boolean;
};

describe.each(testDrivers())('the super admin over HTTP on $name', (driver) => {
  let t: TestApp;
  let op: string;
  const get = async (path: string, token = op) => t.request('GET', path, undefined, { token });
  const register = async () => {
    const input = registration();
    const body = (await t.request('POST', '/api/register', input)).body;
    return {
      token: body.token as string,
      companyId: body.user.companyId as string,
      username: input.username,
      password: input.password,
      name: input.companyName,
    };
  };
  const plans = async (): Promise<Plan[]> => (await get('/api/super-admin/plans')).body;
  const planOf = async (tier: string) => (await plans()).find((p) => p.tier === tier)!;
  type ComplianceLog = { companyName: string; type: string; severity: string; resolvedAt: string | null };
  const logsOf = async (companyName: string) =>
    ((await get('/api/super-admin/compliance-logs')).body as ComplianceLog[]).filter((l) => l.companyName === companyName);

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
  });
  afterAll(async () => t?.close());

  it('refuses company users (403) and visitors (401), in REST and GraphQL', async () => {
    const admin = await register();
    for (const path of ['companies', 'subscriptions', 'stats', 'compliance-logs', 'settings', 'plans']) {
      const answer = await get(`/api/super-admin/${path}`, admin.token);
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, "You don't have permission to do this."]);
    }
    expect(
      (await t.request('POST', `/api/super-admin/companies/${admin.companyId}/suspend`, { reason: 'x' }, { token: admin.token })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/super-admin/companies')).status).toBe(401);
    const gql = await t.graphql('{ platformStats { totalCompanies } }', {}, admin.token);
    expect(gql.body.errors[0].extensions.code).toBe('FORBIDDEN');
    // The operator holds no company permission (documents:read aside).
    expect((await get('/api/members')).status).toBe(403);
  });

  it('suspends a company: sign-in refused with the message, a live session refused at once, logged; activation restores it, data intact', async () => {
    const company = await register();
    await t.request('PUT', '/api/company', { name: company.name, cipNumber: '2020/123456/07', city: 'Durban' }, { token: company.token });
    const path = `/api/super-admin/companies/${company.companyId}`;

    const noReason = await t.request('POST', `${path}/suspend`, { reason: '  ' }, { token: op });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Suspension reason is required']);
    const suspended = await t.request('POST', `${path}/suspend`, { reason: 'Unpaid platform fees' }, { token: op });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: company.companyId, isActive: false, suspensionReason: 'Unpaid platform fees' });

    expect((await get('/api/company', company.token)).status).toBe(401);
    const login = await t.request('POST', '/api/login', { username: company.username, password: company.password });
    expect([login.status, login.body.code, login.body.message]).toEqual([403, 'COMPANY_SUSPENDED', SUSPENDED]);
    const again = await t.request('POST', `${path}/suspend`, { reason: 'Twice' }, { token: op });
    expect([again.status, again.body.message]).toEqual([409, 'This company is already suspended.']);
    expect((await get('/api/super-admin/companies')).body.find((c: { id: string }) => c.id === company.companyId)).toMatchObject({
      isActive: false,
      cipNumber: '2020/123456/07',
    });
    expect(await logsOf(company.name)).toEqual([
      expect.objectContaining({
        type: 'company_suspended',
        severity: 'critical',
        title: 'Company suspended',
        description: `${company.name} was suspended. Reason: Unpaid platform fees`,
        resolvedAt: null,
      }),
    ]);

    const activated = await t.request('POST', `${path}/activate`, undefined, { token: op });
    expect([activated.status, activated.body.isActive]).toEqual([200, true]);
    // The sessions ended by the suspension stay ended: the users sign in again.
    expect((await get('/api/company', company.token)).status).toBe(401);
    const back = await t.request('POST', '/api/login', { username: company.username, password: company.password });
    expect(back.status).toBe(200);
    expect((await get('/api/company', back.body.token)).body).toMatchObject({
      name: company.name,
      cipNumber: '2020/123456/07',
      city: 'Durban',
    });
    const logs = await logsOf(company.name);
    expect(logs.map((l) => [l.type, l.severity, l.resolvedAt === null ? 'Open' : 'Resolved'])).toEqual([
      ['company_activated', 'info', 'Resolved'],
      ['company_suspended', 'critical', 'Resolved'],
    ]);
    const twice = await t.request('POST', `${path}/activate`, undefined, { token: op });
    expect([twice.status, twice.body.message]).toEqual([409, 'This company is already active.']);
    expect((await t.request('POST', `/api/super-admin/companies/${crypto.randomUUID()}/activate`, undefined, { token: op })).status).toBe(
      404,
    );
  });

  it('seeds the built-in plans and validates plans with the spec words', async () => {
    expect((await plans()).map((p) => [p.tier, p.name, p.monthlyPrice, p.memberLimit])).toEqual(
      expect.arrayContaining([
        ['free', 'Free Tier', '0.00', 300],
        ['enterprise', 'Enterprise', '0.00', -1],
      ]),
    );
    const bad = await t.request(
      'POST',
      '/api/super-admin/plans',
      { name: '', tier: '', memberLimit: -2, monthlyPrice: '-1' },
      { token: op },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'Plan name is required',
      'Tier is required',
      'Member limit must be -1 for unlimited or positive number',
      'Monthly price must be positive',
    ]);
    // Numbers the integer and numeric(12,2) columns would refuse: a 400 naming the field, never a 500.
    for (const [field, value, message] of [
      ['memberLimit', 2147483648, 'Member limit cannot be more than 10000000'],
      ['sortOrder', 2147483648, 'Sort order must be between -1000000 and 1000000'],
      ['monthlyPrice', '10000000000', 'Amount cannot be more than 999999999.99'],
      ['monthlyPrice', 1e20, 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ] as const) {
      const refused = await t.request(
        'POST',
        '/api/super-admin/plans',
        { name: 'Huge', tier: 'starter', memberLimit: 5, monthlyPrice: '1', [field]: value },
        { token: op },
      );
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([400, message, [field]]);
    }
    const taken = await t.request(
      'POST',
      '/api/super-admin/plans',
      { name: 'Second free', tier: 'free', memberLimit: 100, monthlyPrice: '0' },
      { token: op },
    );
    expect([taken.status, taken.body.message]).toEqual([409, 'There is already a plan for the free tier']);
    const gql = await t.graphql(
      'mutation { createPlan(input: { name: "X", tier: "gold/*", memberLimit: 5, monthlyPrice: "1" }) { id } }',
      {},
      op,
    );
    expect(gql.body.errors[0].message).toBe('Tier may use letters, digits, spaces and hyphens (at most 40)');
  });

  it('the starter plan drives the checkout: a new price and limit are what is charged and granted; a plan in use cannot be deleted', async () => {
    const starter = await planOf('starter');
    const edited = await t.request(
      'PUT',
      `/api/super-admin/plans/${starter.id}`,
      { ...starter, monthlyPrice: '349.5', memberLimit: 60000 },
      { token: op },
    );
    expect(edited.body).toMatchObject({ id: starter.id, monthlyPrice: '349.50', memberLimit: 60000, name: 'Premium Plan' });
    const company = await register();
    const cards = (await get('/api/subscription/plans', company.token)).body;
    expect(cards.find((c: { id: string }) => c.id === 'starter')).toMatchObject({
      monthlyPrice: '349.50',
      memberLimit: 60000,
      checkout: true,
    });

    const started = await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token: company.token });
    const { page } = await pressSandboxButton(t, started.body.redirectUrl, 'pay');
    expect(page.body).toContain('R349.50');
    expect((await get('/api/subscription', company.token)).body).toMatchObject({
      tier: 'starter',
      memberLimit: 60000,
      monthlyPrice: '349.50',
    });
    expect(await readQuota(t.services.sql, company.companyId)).toMatchObject({ limit: 60000 });
    expect(
      (await get('/api/super-admin/subscriptions')).body.find((s: { companyId: string }) => s.companyId === company.companyId),
    ).toMatchObject({
      company: company.name,
      tier: 'starter',
      currentMemberCount: 0,
      memberLimit: 60000,
      monthlyPrice: '349.50',
      isActive: true,
      nextBillingDate: expect.stringMatching(/-01$/),
    });

    const inUse = await t.request('DELETE', `/api/super-admin/plans/${starter.id}`, undefined, { token: op });
    expect([inUse.status, inUse.body.code, inUse.body.message]).toEqual([
      409,
      'IN_USE',
      "This plan cannot be deleted while companies are subscribed to it: 1 company is on the plan's tier.",
    ]);
    const free = await planOf('free');
    expect((await t.request('DELETE', `/api/super-admin/plans/${free.id}`, undefined, { token: op })).status).toBe(409);
    expect((await plans()).map((p) => p.tier)).toEqual(expect.arrayContaining(['free', 'starter', 'enterprise']));

    // Nobody is on enterprise: it can go, and a new plan can sell the tier again.
    const enterprise = await planOf('enterprise');
    expect((await t.request('DELETE', `/api/super-admin/plans/${enterprise.id}`, undefined, { token: op })).body).toEqual({
      ok: true,
      id: enterprise.id,
    });
    expect((await get('/api/subscription/plans', company.token)).body.map((c: { id: string }) => c.id)).toEqual(['free', 'starter']);
    const created = await t.request(
      'POST',
      '/api/super-admin/plans',
      { name: 'Enterprise Plus', tier: 'enterprise', memberLimit: -1, monthlyPrice: '0', features: ['All of it'] },
      { token: op },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Enterprise Plus',
      tier: 'enterprise',
      memberLimit: -1,
      monthlyPrice: '0.00',
      features: ['All of it'],
      sortOrder: 0,
      isActive: true,
      description: null,
    });
  });

  it('saves system settings by unique key: a second POST with the key updates it', async () => {
    const missing = await t.request('POST', '/api/super-admin/settings', { key: '', value: '' }, { token: op });
    expect(missing.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'Setting key is required',
      'Setting value is required',
    ]);
    const first = await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: 'support.email', value: 'help@example.com', description: 'Where users write to' },
      { token: op },
    );
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      key: 'support.email',
      value: 'help@example.com',
      category: 'general',
      description: 'Where users write to',
    });
    const second = await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: 'support.email', value: { to: 'ops@example.com', cc: ['a@example.com'] }, category: 'notifications' },
      { token: op },
    );
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      value: { to: 'ops@example.com', cc: ['a@example.com'] },
      category: 'notifications',
      description: null,
    });
    const all = (await get('/api/super-admin/settings')).body.filter((s: { key: string }) => s.key === 'support.email');
    expect(all).toHaveLength(1);
    const gql = await t.graphql('{ systemSettings { key value category } }', {}, op);
    expect(gql.body.data.systemSettings).toContainEqual({
      key: 'support.email',
      value: { to: 'ops@example.com', cc: ['a@example.com'] },
      category: 'notifications',
    });

    // Issue #25: deleted, it is gone from the list; a second delete, or an unknown id, is a 404; saved again it is new.
    const deleted = await t.request('DELETE', `/api/super-admin/settings/${first.body.id}`, undefined, { token: op });
    expect(deleted.body).toEqual({ ok: true, id: first.body.id });
    expect((await get('/api/super-admin/settings')).body.filter((s: { key: string }) => s.key === 'support.email')).toEqual([]);
    expect((await t.request('DELETE', `/api/super-admin/settings/${first.body.id}`, undefined, { token: op })).status).toBe(404);
    expect((await t.request('DELETE', '/api/super-admin/settings/not-an-id', undefined, { token: op })).status).toBe(404);
    const again = await t.request('POST', '/api/super-admin/settings', { key: 'support.email', value: 'new@example.com' }, { token: op });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    const viaGraphql = await t.graphql('mutation($id: ID!) { deleteSystemSetting(id: $id) }', { id: again.body.id }, op);
    expect(viaGraphql.body.data.deleteSystemSetting).toBe(again.body.id);
  });

  it('counts the platform and logs repeated failed sign-ins', async () => {
    const company = await register();
    await wrongSignIns(t, company.username, 5, { ip: '10.0.0.9' });
    expect(await logsOf(company.name)).toEqual([
      expect.objectContaining({ type: 'repeated_failed_logins', severity: 'warning', title: 'Repeated failed sign-ins', resolvedAt: null }),
    ]);
    // The other companies of this file have no members, payments or claims: the book seeded here is the platform's.
    await seedReportsCompany(t, company.token);
    const stats = (await get('/api/super-admin/stats')).body;
    const companies = (await get('/api/super-admin/companies')).body;
    expect(stats).toEqual({
      totalCompanies: companies.length,
      totalMembers: 13,
      // Completed this month: 250.50 + 120; last month 120 + 99.99 (the refund does not count): +68.4%.
      totalRevenue: '370.50',
      activeClaims: 1,
      // Every member was registered this month: no previous month to compare with.
      memberGrowthRate: '0%',
      revenueGrowthRate: '68.4%',
    });
  });

  it('creates a plan for a new tier (Basic, 1,000 members, R149): offered, sold by the checkout with its limit, not deletable while in use', async () => {
    const created = await t.request(
      'POST',
      '/api/super-admin/plans',
      { name: 'Basic', tier: 'Basic', memberLimit: 1000, monthlyPrice: '149', features: ['Up to 1,000 members'] },
      { token: op },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Basic', tier: 'basic', memberLimit: 1000, monthlyPrice: '149.00', isActive: true });
    const again = await t.request(
      'POST',
      '/api/super-admin/plans',
      { name: 'Basic again', tier: 'basic', memberLimit: 900, monthlyPrice: '99' },
      { token: op },
    );
    expect([again.status, again.body.message]).toEqual([409, 'There is already a plan for the basic tier']);

    // The subscription page offers it between free and the Premium Plan, bought online.
    const company = await register();
    const cards = (await get('/api/subscription/plans', company.token)).body as { id: string; checkout: boolean; contactSales: boolean }[];
    expect(cards.map((c) => c.id)).toEqual(['free', 'basic', 'starter', 'enterprise']);
    expect(cards[1]).toMatchObject({
      id: 'basic',
      name: 'Basic',
      monthlyPrice: '149.00',
      memberLimit: 1000,
      checkout: true,
      contactSales: false,
      badge: null,
    });
    const gqlCards = await t.graphql('{ subscriptionPlans { tier checkout } }', {}, company.token);
    expect(gqlCards.body.data.subscriptionPlans).toContainEqual({ tier: 'basic', checkout: true });

    // The checkout sells it (over GraphQL: the tier is a string now), and the company gets its limit.
    const started = await t.graphql('mutation { createSubscriptionCheckout(tier: "basic") { redirectUrl checkoutId } }', {}, company.token);
    expect(started.body.errors).toBeUndefined();
    const { page } = await pressSandboxButton(t, started.body.data.createSubscriptionCheckout.redirectUrl, 'pay');
    expect(page.body).toContain('R149.00');
    expect((await get('/api/subscription', company.token)).body).toMatchObject({
      tier: 'basic',
      planName: 'Basic',
      memberLimit: 1000,
      monthlyPrice: '149.00',
      paymentMethod: 'Credit Card',
    });
    expect(await readQuota(t.services.sql, company.companyId)).toMatchObject({ limit: 1000 });

    // On Basic: the Premium Plan is an upgrade, Basic itself and the free plan are not offered.
    const current = await t.request('POST', '/api/subscription/create-checkout', { tier: 'basic' }, { token: company.token });
    expect([current.status, current.body.message]).toEqual([422, 'Your company is already on the Basic.']);
    expect((await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token: company.token })).status).toBe(200);
    // A company on the bigger Premium Plan cannot move down to Basic online.
    const bigger = await register();
    await pressSandboxButton(
      t,
      (await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token: bigger.token })).body.redirectUrl,
      'pay',
    );
    const down = await t.request('POST', '/api/subscription/create-checkout', { tier: 'basic' }, { token: bigger.token });
    expect([down.status, down.body.message]).toEqual([
      422,
      'Moving to a smaller plan is arranged with our sales team; it cannot be done online.',
    ]);

    const inUse = await t.request('DELETE', `/api/super-admin/plans/${created.body.id}`, undefined, { token: op });
    expect([inUse.status, inUse.body.code, inUse.body.message]).toEqual([
      409,
      'IN_USE',
      "This plan cannot be deleted while companies are subscribed to it: 1 company is on the plan's tier.",
    ]);
    expect(
      (await get('/api/super-admin/subscriptions')).body.find((s: { companyId: string }) => s.companyId === company.companyId),
    ).toMatchObject({
      tier: 'basic',
      memberLimit: 1000,
      monthlyPrice: '149.00',
    });
  });
});

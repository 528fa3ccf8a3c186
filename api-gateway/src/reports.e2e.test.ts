import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { addMoney } from '@fpa/projections';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { monthsAgo, seedReportsCompany } from './reports.seed.testing.ts';

type Row = Record<string, string | null>;
type Report = { type: string; status: string | null; rows: Row[]; totalCount: number; cards: { key: string; value: string }[] };
type Figure = { month?: string; status?: string; count: number; amount: string | null };
const cardsOf = (report: Report) => Object.fromEntries(report.cards.map((c) => [c.key, c.value]));
const sum = (rows: Row[], key: string) => addMoney(...rows.map((r) => r[key] ?? '0'));
const where = (rows: Row[], key: string, value: string) => rows.filter((r) => r[key] === value);
const count = (figures: Figure[]) => figures.reduce((n, f) => n + f.count, 0);

describe.each(testDrivers())('reports over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  const full = async (type: string, query = '', token = admin) => {
    const answer = await t.request('GET', `/api/reports/${type}${query}`, undefined, { token });
    expect(answer.status).toBe(200);
    return answer.body as Report;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    await seedReportsCompany(t, admin);
  });
  afterAll(async () => t?.close());

  it('says the same numbers in the cards, the export rows and the charts', async () => {
    const charts = (await t.request('GET', '/api/reports/charts?months=3', undefined, { token: admin })).body as Record<string, Figure[]>;

    const members = await full('members');
    expect([members.rows.length, members.totalCount]).toEqual([13, 13]);
    expect(cardsOf(members)).toEqual({
      totalMembers: String(members.rows.length),
      mainMembers: String(where(members.rows, 'memberType', 'Main').length),
      familyMembers: String(where(members.rows, 'memberType', 'Family').length),
    });
    expect(cardsOf(members).familyMembers).toBe('1');
    expect(count(charts.memberGrowth!)).toBe(13);

    const policies = await full('policies');
    const active = where(policies.rows, 'status', 'active');
    expect(cardsOf(policies)).toEqual({
      totalPolicies: String(policies.rows.length),
      activePolicies: String(active.length),
      lapsedPolicies: String(where(policies.rows, 'status', 'lapsed').length),
      cancelledPolicies: String(where(policies.rows, 'status', 'cancelled').length),
      monthlyPremiums: sum(active, 'monthlyPremium'),
    });
    // Four Family Cover policies at 250.50 and six of the eight Basic ones (one lapsed, one cancelled) at 120.
    expect(cardsOf(policies).monthlyPremiums).toBe('1722.00');
    expect(charts.policiesByStatus!.map((f) => [f.status, String(f.count)])).toEqual(
      ['active', 'lapsed', 'cancelled'].map((s) => [s, String(where(policies.rows, 'status', s).length)]),
    );

    const payments = await full('payments');
    const completed = where(payments.rows, 'status', 'completed');
    expect(cardsOf(payments)).toEqual({
      totalPayments: String(payments.rows.length),
      completedPayments: String(completed.length),
      pendingPayments: String(where(payments.rows, 'status', 'pending').length),
      failedPayments: String(where(payments.rows, 'status', 'failed').length),
      premiumsCollected: sum(completed, 'amount'),
    });
    expect(cardsOf(payments).premiumsCollected).toBe('590.49');
    expect(payments.rows[0]).toMatchObject({ method: 'eft' });
    const premiums = charts.premiumsCollected!;
    expect(premiums.map((m) => m.month)).toEqual([monthsAgo(2), monthsAgo(1), monthsAgo(0)].map((d) => d.slice(0, 7)));
    expect(addMoney(...premiums.map((m) => m.amount!))).toBe(cardsOf(payments).premiumsCollected);
    expect([premiums[1]!.amount, premiums[2]!.amount]).toEqual(['219.99', '370.50']);
    expect(count(premiums)).toBe(completed.length);

    const claims = await full('claims');
    expect(cardsOf(claims)).toEqual({
      totalClaims: String(claims.rows.length),
      openClaims: String(claims.rows.filter((r) => !['rejected', 'paid'].includes(r.status!)).length),
      paidClaims: String(where(claims.rows, 'status', 'paid').length),
      claimedAmount: sum(claims.rows, 'claimAmount'),
      paidOut: sum(where(claims.rows, 'status', 'paid'), 'claimAmount'),
    });
    expect(cardsOf(claims).claimedAmount).toBe('23000.25');
    for (const figure of charts.claimsByStatus!) {
      const rows = where(claims.rows, 'status', figure.status!);
      expect([figure.status, figure.count, figure.amount]).toEqual([figure.status, rows.length, sum(rows, 'claimAmount')]);
    }
    expect(charts.claimsPerMonth!.at(-1)).toEqual({ month: monthsAgo(0).slice(0, 7), count: 2, amount: '23000.25' });
  });

  it('lists agents with their metrics; the cards add up the same rows', async () => {
    const agent = (overrides: Record<string, unknown>) => ({
      firstName: 'Sipho',
      lastName: 'Ndlovu',
      email: 'sipho@example.co.za',
      phone: '0821234567',
      commissionRate: 7.5,
      salesTarget: 25000,
      ...overrides,
    });
    expect((await t.request('POST', '/api/agents', agent({ agentId: 'AG-R1' }), { token: admin })).status).toBe(201);
    const second = await t.request('POST', '/api/agents', agent({ agentId: 'AG-R2', firstName: 'Thandi' }), { token: admin });
    await t.request('PATCH', `/api/agents/${second.body.id}`, { status: 'inactive' }, { token: admin });
    const agents = await full('agents');
    expect(agents.rows.map((r) => [r.agentId, r.status, r.commissionRate, r.salesTarget])).toEqual([
      ['AG-R2', 'inactive', '7.50', '25000.00'],
      ['AG-R1', 'active', '7.50', '25000.00'],
    ]);
    expect(cardsOf(agents)).toMatchObject({ totalAgents: '2', activeAgents: '1', inactiveAgents: '1', totalCommissions: '0.00' });
    expect((await full('agents', '?status=inactive')).rows.map((r) => r.agentId)).toEqual(['AG-R2']);
  });

  it('filters by status, rows and cards alike; the claim filter takes the spec’s "review"', async () => {
    const pending = await full('payments', '?status=pending');
    expect(pending.rows.map((r) => [r.status, r.amount])).toEqual([['pending', '250.50']]);
    expect(cardsOf(pending)).toEqual({
      totalPayments: '1',
      completedPayments: '0',
      pendingPayments: '1',
      failedPayments: '0',
      premiumsCollected: '0.00',
    });
    const review = await full('claims', '?status=review');
    expect([review.status, review.rows.map((r) => r.claimAmount), cardsOf(review).claimedAmount]).toEqual([
      'under_review',
      ['15000.00'],
      '15000.00',
    ]);
    const lapsed = await full('policies', '?status=lapsed');
    expect([lapsed.totalCount, cardsOf(lapsed).monthlyPremiums]).toEqual([1, '0.00']);
    const inactive = await full('members', '?status=inactive');
    expect([inactive.rows, cardsOf(inactive).totalMembers]).toEqual([[], '0']);
    expect((await full('members', '?status=all')).totalCount).toBe(13);

    const bad = await t.request('GET', '/api/reports/payments?status=paid', undefined, { token: admin });
    expect([bad.status, bad.body.message]).toEqual([400, 'Status must be one of pending, completed, failed, refunded']);
    const unknown = await t.request('GET', '/api/reports/sales', undefined, { token: admin });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Report type must be one of members, policies, claims, payments, agents']);
  });

  it('previews the first 10 rows over GraphQL with the same cards, and lists the types it offers', async () => {
    const read = await t.graphql(
      `{ availableReportTypes { type label statuses { value label } }
         preview: report(type: members) { type totalCount columns { key label kind } rows { cells } cards { key label value kind } }
         all: report(type: members, first: null) { rows { cells } }
         claims: report(type: claims, status: "review", first: 1) { status totalCount rows { cells } }
         reportCharts { premiumsCollected { month } memberGrowth { count } } }`,
      {},
      admin,
    );
    expect(read.body.errors).toBeUndefined();
    const data = read.body.data;
    expect(data.availableReportTypes.map((r: { type: string }) => r.type)).toEqual(['members', 'policies', 'claims', 'payments', 'agents']);
    expect(data.availableReportTypes[2].statuses).toContainEqual({ value: 'under_review', label: 'Under Review' });
    expect([data.preview.rows.length, data.preview.totalCount, data.all.rows.length]).toEqual([10, 13, 13]);
    expect(data.preview.rows).toEqual(data.all.rows.slice(0, 10));
    const rest = await full('members');
    expect(data.preview.cards.map((c: { key: string; value: string }) => [c.key, c.value])).toEqual(
      rest.cards.map((c) => [c.key, c.value]),
    );
    const columns = data.preview.columns.map((c: { key: string }) => c.key);
    expect(data.preview.rows[0].cells).toEqual(columns.map((key: string) => rest.rows[0]![key]));
    expect([data.claims.status, data.claims.totalCount, data.claims.rows.length]).toEqual(['under_review', 1, 1]);
    expect(data.reportCharts.premiumsCollected).toHaveLength(12);
  });

  it('answers only staff with reports:read, each about its own company', async () => {
    for (const role of ['claim_admin', 'billing_clerk', 'agent'] as const) {
      const token = await staffToken(t, companyId, role);
      for (const path of ['/api/reports', '/api/reports/members', '/api/reports/charts']) {
        expect((await t.request('GET', path, undefined, { token })).status).toBe(403);
      }
      const refused = await t.graphql('{ report(type: payments) { totalCount } }', {}, token);
      expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await t.request('GET', '/api/reports/members')).status).toBe(401);
    const policyAdmin = await staffToken(t, companyId, 'policy_admin');
    expect((await full('payments', '', policyAdmin)).totalCount).toBe(7);
    const other = (await t.request('POST', '/api/register', registration())).body.token;
    const theirs = await full('payments', '', other);
    expect([theirs.rows, cardsOf(theirs).premiumsCollected]).toEqual([[], '0.00']);
  });
});

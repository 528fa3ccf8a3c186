import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20, the dashboard's book this month (GET /api/billing/summary, GraphQL bookSummary): the
 * collection rate of the premiums fallen due this month (payments allocated oldest month first), the
 * policies with a missed premium still in cover, the lapses this month and the lapse-ratio trend (the
 * compliance report's numbers).
 */

const SUMMARY = `{ bookSummary { month premiumsDue premiumsPaid collectionRate policiesInGrace arrearsInGrace lapsesThisMonth lapseRatio { month lapsed } } }`;

describe.each(testDrivers())('the book this month on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let typeId: string;
  const policies: Record<string, string> = {};

  const setDay = (day: string) => stepTo(t, day);
  const summary = async (token = clerk) => t.request('GET', '/api/billing/summary', undefined, { token });
  const migrate = async (name: string, paidUpTo: string, debitDay: number) => {
    const member = await t.request(
      'POST',
      '/api/members',
      mainMemberBody(typeId, { firstName: name, lastName: 'Khoza', inceptionDate: '2026-01-01', paidUpTo, debitDay }),
      { token: admin },
    );
    expect(member.status).toBe(201);
    policies[name] = member.body.policyId;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-03-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    clerk = await staffToken(t, registered.user.companyId, 'billing_clerk');
    typeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 10k', coverageAmount: '10000', monthlyPremium: '100', waitingPeriod: 6 },
        { token: admin },
      )
    ).body.id;
    // Migrated books: Ayanda paid to February (March's premium missed), Busi to March, Carl's debit day is the 15th.
    await migrate('Ayanda', '2026-02-28', 1);
    await migrate('Busi', '2026-03-31', 1);
    await migrate('Carl', '2026-02-28', 15);
  });
  afterAll(async () => t?.close());

  it('counts the premiums fallen due this month so far and what of them is paid; a missed one is in grace', async () => {
    const answer = await summary();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      asOf: '2026-03-10',
      month: '2026-03',
      premiumsDue: '200.00',
      premiumsPaid: '100.00',
      collectionRate: 0.5,
      policiesInGrace: 1,
      arrearsInGrace: '100.00',
    });
    // A part payment goes to the oldest unpaid month: March's.
    const paid = await t.request(
      'POST',
      '/api/payments',
      { policyId: policies.Ayanda, amount: '30', paymentDate: '2026-03-10', paymentMethod: 'eft' },
      { token: clerk },
    );
    expect(paid.status).toBe(201);
    expect((await summary()).body).toMatchObject({
      premiumsPaid: '130.00',
      collectionRate: 0.65,
      policiesInGrace: 1,
      arrearsInGrace: '70.00',
    });
    // Carl's premium falls due on the 15th: on the 16th it counts, unpaid.
    setDay('2026-03-16');
    expect((await summary()).body).toMatchObject({
      premiumsDue: '300.00',
      premiumsPaid: '130.00',
      collectionRate: 0.4333,
      policiesInGrace: 2,
    });
  });

  it('a new month counts its own premiums: nothing due yet is no rate, not 0 %', async () => {
    // Carl's April premium falls due on the 15th, the others' on the 1st.
    setDay('2026-03-31');
    expect((await summary()).body).toMatchObject({ month: '2026-03', premiumsDue: '300.00' });
    const busi = { policyId: policies.Busi, amount: '100', paymentDate: '2026-04-01', paymentMethod: 'eft' };
    setDay('2026-04-01');
    expect((await t.request('POST', '/api/payments', busi, { token: clerk })).status).toBe(201);
    expect((await summary()).body).toMatchObject({ month: '2026-04', premiumsDue: '200.00', premiumsPaid: '100.00', collectionRate: 0.5 });
    const empty = await t.request('POST', '/api/register', registration());
    const other = await staffToken(t, empty.body.user.companyId, 'billing_clerk');
    expect((await summary(other)).body).toMatchObject({
      premiumsDue: '0.00',
      premiumsPaid: '0.00',
      collectionRate: null,
      policiesInGrace: 0,
    });
  });

  it('the lapses this month and the trend are the compliance lapse ratio’s; GraphQL gives the same; roles without payments:read are refused', async () => {
    // The lapse ratio counts by the events' recorded time: asked today, this month holds a staff lapse made now.
    t.services.now = () => new Date();
    const lapsed = await t.request('PATCH', `/api/policies/${policies.Busi}`, { status: 'lapsed', note: 'Client asked' }, { token: admin });
    expect(lapsed.status).toBe(200);
    const rest = (await summary()).body;
    expect(rest.lapsesThisMonth).toBe(1);
    expect(rest.lapseRatio.at(-1)).toMatchObject({ month: rest.month, lapsed: 1, activeAtStart: 0 });
    expect(rest.lapseRatio.length).toBeLessThanOrEqual(6);
    const gql = await t.graphql(SUMMARY, {}, admin);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.bookSummary).toMatchObject({ month: rest.month, lapsesThisMonth: 1, policiesInGrace: rest.policiesInGrace });
    const company = (await t.request('GET', '/api/company', undefined, { token: admin })).body.id as string;
    const admin2 = await staffToken(t, company, 'claim_admin');
    expect((await summary(admin2)).status).toBe(403);
    expect((await t.graphql(SUMMARY, {}, admin2)).body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

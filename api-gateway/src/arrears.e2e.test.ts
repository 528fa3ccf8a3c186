import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type Answer, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20, what users see: a policy's statement and the arrears worklist as the (stepped) clock
 * moves and the daily run notices and lapses — over REST, GraphQL and the CSV export, with the
 * permissions (statement: policies:read; worklist: payments:read).
 */

const STATEMENT = `query Statement($id: ID!) {
  policyStatement(id: $id) {
    policyId policyNumber status asOf monthlyPremium debitDay startDate paidUpTo balance monthsInArrears oldestUnpaidDueDate credit
    periods { period dueDate amountDue amountPaid state }
    notices { issuedOn periods graceEndsOn channel }
    lapse { lapsedOn reason }
  }
}`;
const ARREARS = `query Arrears($state: ArrearsFilter, $search: String, $first: Int) {
  arrears(state: $state, search: $search, first: $first) {
    asOf itemCount
    totals { state count arrears }
    items { policyId policyNumber memberId memberName memberPhone monthlyPremium state arrears monthsInArrears oldestUnpaidDueDate
            paidUpTo graceEndsOn graceDaysLeft lastNoticeOn lastNoticeChannel lapsedOn lapseReason }
  }
}`;

describe.each(testDrivers())('the policy statement and the arrears worklist on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let claims: string;
  let policyAdmin: string;
  let agent: string;
  let owing: { id: string; policyNumber: string; memberId: string };
  let paying: { id: string };
  let otherCompanysPolicy: string;

  const setDay = (day: string) => stepTo(t, day);
  const get = (path: string, token = clerk) => t.request('GET', path, undefined, { token });
  const run = () => t.request('POST', '/api/billing/daily-run', {}, { token: clerk });
  /** The read models follow the log a moment later: read until the answer says what the test waits for. */
  const until = async (read: () => Promise<Answer>, ready: (a: Answer) => boolean): Promise<Answer> => {
    let answer = await read();
    for (let i = 0; i < 100 && !ready(answer); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await read();
    }
    return answer;
  };
  const totals = (body: { totals: { state: string; count: number; arrears: string }[] }) =>
    Object.fromEntries(body.totals.map((x) => [x.state, [x.count, x.arrears]]));

  async function memberWithPolicy(token: string, typeId: string, firstName: string, lastName: string, phone: string) {
    const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName, lastName, phone }), { token });
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    return { id: member.body.policyId as string, policyNumber: member.body.policyNumber as string, memberId: member.body.id as string };
  }
  const pay = async (policyId: string, amount: string, paymentDate: string) =>
    expect(
      (await t.request('POST', '/api/payments', { policyId, amount, paymentDate, paymentMethod: 'cash' }, { token: clerk })).status,
    ).toBe(201);

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    const companyId = registered.user.companyId as string;
    clerk = await staffToken(t, companyId, 'billing_clerk');
    claims = await staffToken(t, companyId, 'claim_admin');
    policyAdmin = await staffToken(t, companyId, 'policy_admin');
    agent = await staffToken(t, companyId, 'agent');
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token: admin },
      )
    ).body;
    owing = await memberWithPolicy(admin, type.id, 'Themba', 'Mthembu', '0821234567');
    paying = await memberWithPolicy(admin, type.id, 'Sipho', 'Dlamini', '0831112222');
    // January's premiums (due at the start, 2026-01-10) are paid; only Sipho pays February's, in advance.
    await pay(owing.id, '120', '2026-01-10');
    await pay(paying.id, '240', '2026-01-10');

    const other = (await t.request('POST', '/api/register', registration())).body;
    const otherType = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Other', coverageAmount: '10000', monthlyPremium: '80', waitingPeriod: 6 },
        { token: other.token },
      )
    ).body;
    otherCompanysPolicy = (await memberWithPolicy(other.token, otherType.id, 'Lerato', 'Mokoena', '0841231234')).id;
  });
  afterAll(async () => t?.close());

  it('after the notice: the statement shows the missed month and the notice; the worklist has the policy in grace with its days left', async () => {
    setDay('2026-02-01');
    expect((await run()).status).toBe(200);
    setDay('2026-02-02');
    expect((await run()).body).toMatchObject({ noticesIssued: 1 });

    const statement = await until(
      () => get(`/api/policies/${owing.id}/statement`, admin),
      (a) => a.body?.notices?.length === 1,
    );
    expect(statement.status).toBe(200);
    expect(statement.body).toEqual({
      policyId: owing.id,
      policyNumber: owing.policyNumber,
      status: 'active',
      asOf: '2026-02-02',
      monthlyPremium: '120.00',
      debitDay: 1,
      startDate: '2026-01-10',
      paidUpTo: '2026-01-31',
      balance: '120.00',
      monthsInArrears: 1,
      oldestUnpaidDueDate: '2026-02-01',
      credit: '0.00',
      periods: [
        { period: '2026-01', dueDate: '2026-01-10', amountDue: '120.00', amountPaid: '120.00', state: 'paid' },
        { period: '2026-02', dueDate: '2026-02-01', amountDue: '120.00', amountPaid: '0.00', state: 'unpaid' },
      ],
      notices: [{ issuedOn: '2026-02-02', periods: ['2026-02'], graceEndsOn: '2026-02-16', channel: 'sms' }],
      lapse: null,
    });
    expect((await t.graphql(STATEMENT, { id: owing.id }, claims)).body).toEqual({ data: { policyStatement: statement.body } });
    // Paid in advance: March shows as paid ahead, covered to the day before April's premium.
    expect((await get(`/api/policies/${paying.id}/statement`, admin)).body).toMatchObject({
      paidUpTo: '2026-02-28',
      balance: '0.00',
      monthsInArrears: 0,
      periods: [{ state: 'paid' }, { state: 'paid' }],
    });

    const list = await get('/api/arrears');
    expect(list.status).toBe(200);
    expect(list.body.asOf).toBe('2026-02-02');
    expect(list.body.items).toEqual([
      {
        policyId: owing.id,
        policyNumber: owing.policyNumber,
        memberId: owing.memberId,
        memberName: 'Themba Mthembu',
        memberPhone: '0821234567',
        monthlyPremium: '120.00',
        state: 'in_grace',
        arrears: '120.00',
        monthsInArrears: 1,
        oldestUnpaidDueDate: '2026-02-01',
        paidUpTo: '2026-01-31',
        graceEndsOn: '2026-02-16',
        graceDaysLeft: 14,
        lastNoticeOn: '2026-02-02',
        lastNoticeChannel: 'sms',
        lapsedOn: null,
        lapseReason: null,
      },
    ]);
    expect(totals(list.body)).toEqual({
      all: [1, '120.00'],
      awaiting_notice: [0, '0.00'],
      in_grace: [1, '120.00'],
      lapsing_today: [0, '0.00'],
      grace_ended: [0, '0.00'],
      lapsed_this_month: [0, '0.00'],
    });
    const viaGraphql = await t.graphql(ARREARS, {}, admin);
    expect(viaGraphql.body.data.arrears).toEqual({ ...list.body, itemCount: 1 });

    // Filters: a state narrows the items (the totals stay), a search narrows both.
    const lapsedOnly = await get('/api/arrears?state=lapsed_this_month');
    expect(lapsedOnly.body.items).toEqual([]);
    expect(totals(lapsedOnly.body).in_grace).toEqual([1, '120.00']);
    expect((await get('/api/arrears?search=mthe')).body.items).toHaveLength(1);
    expect((await get(`/api/arrears?search=${encodeURIComponent(owing.policyNumber.toLowerCase())}`)).body.items).toHaveLength(1);
    const nobody = (await get('/api/arrears?search=Sipho')).body;
    expect([nobody.items, totals(nobody).all]).toEqual([[], [0, '0.00']]);
  });

  it('on the last day of grace the policy is lapsing today; after the run that lapses it, it is lapsed this month', async () => {
    setDay('2026-02-16');
    expect((await get('/api/arrears')).body.items).toMatchObject([{ policyId: owing.id, state: 'lapsing_today', graceDaysLeft: 0 }]);
    setDay('2026-02-17');
    expect((await run()).body).toMatchObject({ policiesLapsed: 1 });
    const lapsed = await until(
      () => get('/api/arrears?state=lapsed_this_month'),
      (a) => a.body?.items?.length === 1,
    );
    expect(lapsed.body.items).toMatchObject([
      { policyId: owing.id, state: 'lapsed_this_month', lapsedOn: '2026-02-17', lapseReason: 'non_payment', arrears: '120.00' },
    ]);
    expect(totals(lapsed.body).lapsed_this_month).toEqual([1, '120.00']);
    expect((await get(`/api/policies/${owing.id}/statement`, admin)).body).toMatchObject({
      status: 'lapsed',
      lapse: { lapsedOn: '2026-02-17', reason: 'non_payment' },
      balance: '120.00',
      periods: [{ period: '2026-01' }, { period: '2026-02', state: 'unpaid' }],
    });
    const graphql = await t.graphql(ARREARS, { state: 'lapsed_this_month', first: 0 }, clerk);
    expect(graphql.body.data.arrears).toMatchObject({ itemCount: 1, items: [] });

    // The CSV has the same rows, one a line, with a header.
    const csv = await get('/api/arrears.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('arrears-2026-02-17.csv');
    const lines = String(csv.body).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'policyNumber,memberName,memberPhone,state,monthlyPremium,arrears,monthsInArrears,oldestUnpaidDueDate,paidUpTo,graceEndsOn,graceDaysLeft,lastNoticeOn,lastNoticeChannel,lapsedOn,lapseReason',
    );
    expect(lines.slice(1)).toEqual([
      `${owing.policyNumber},Themba Mthembu,0821234567,lapsed_this_month,120.00,120.00,1,2026-02-01,2026-01-31,,,2026-02-02,sms,2026-02-17,non_payment`,
    ]);
    expect(
      String((await get('/api/arrears.csv?state=in_grace')).body)
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);

    // Next month the lapse has left the list.
    setDay('2026-03-01');
    expect((await get('/api/arrears')).body.items).toEqual([]);
  });

  it('refuses a bad state with 400, another company’s or an unknown policy with 404, and a role without the permission with 403', async () => {
    const bad = await get('/api/arrears?state=overdue');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['state'] }] });
    expect(bad.body.message).toContain('state must be one of all, awaiting_notice');
    expect((await get('/api/arrears.csv?state=overdue')).status).toBe(400);

    for (const id of [otherCompanysPolicy, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await get(`/api/policies/${id}/statement`, admin);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Policy not found' });
    }
    expect((await t.graphql(STATEMENT, { id: otherCompanysPolicy }, admin)).body.errors?.[0]).toMatchObject({
      extensions: { code: 'NOT_FOUND' },
    });

    // The worklist is payments:read (administrator, billing clerk, auditor); the statement is policies:read.
    for (const token of [claims, policyAdmin, agent]) {
      expect((await get('/api/arrears', token)).status).toBe(403);
      expect((await get('/api/arrears.csv', token)).status).toBe(403);
      expect((await t.graphql(ARREARS, {}, token)).body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    }
    expect((await get(`/api/policies/${owing.id}/statement`, claims)).status).toBe(200);
    expect((await get(`/api/policies/${owing.id}/statement`, policyAdmin)).status).toBe(200);
    expect((await get(`/api/policies/${owing.id}/statement`, agent)).status).toBe(403);
    expect((await t.graphql(STATEMENT, { id: owing.id }, agent)).body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });
});

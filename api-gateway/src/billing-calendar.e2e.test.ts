import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20 through HTTP: a member's policy, a premium left unpaid, and the daily run started by
 * the billing clerk as the (stepped) clock moves — a notice, a lapse after grace, a reinstatement when
 * the arrears are paid. The clock is services.now, stepped to 10:00 South African time of each day.
 */

const RUN = `mutation Run($input: RunDailyBillingInput) {
  runDailyBilling(input: $input) { companyId days daysRun lastDay premiumsFallenDue noticesIssued policiesLapsed policiesReinstated failed failedPolicyIds }
}`;

describe.each(testDrivers())('the billing calendar over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let claims: string;
  let companyId: string;
  let policy: { id: string; policyNumber: string };

  const setDay = (day: string) => stepTo(t, day);
  const run = (body: unknown = {}, token = clerk) => t.request('POST', '/api/billing/daily-run', body, { token });
  const eventCount = async () =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where (data->>'companyId') = $1`, [companyId]))[0]!
      .n;
  const history = async () =>
    (await t.request('GET', `/api/audit/policy/${policy.id}/events`, undefined, { token: admin })).body as
      | { title: string }[]
      | { events: { title: string }[] };

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    clerk = await staffToken(t, companyId, 'billing_clerk');
    claims = await staffToken(t, companyId, 'claim_admin');
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token: admin },
      )
    ).body;
    const member = await t.request('POST', '/api/members', mainMemberBody(type.id), { token: admin });
    expect(member.status).toBe(201);
    policy = { id: member.body.policyId, policyNumber: member.body.policyNumber };
    // The first premium (due at the start, 2026-01-10) is paid; February's is not.
    expect(
      (
        await t.request(
          'POST',
          '/api/payments',
          { policyId: policy.id, amount: '120', paymentDate: '2026-01-10', paymentMethod: 'cash' },
          { token: clerk },
        )
      ).status,
    ).toBe(201);
  });
  afterAll(async () => t?.close());

  it('a premium falls due, goes unpaid, and the next run issues the notice; the same day again changes nothing', async () => {
    setDay('2026-02-01');
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      companyId,
      days: ['2026-02-01'],
      daysRun: 1,
      lastDay: '2026-02-01',
      premiumsFallenDue: 1,
      noticesIssued: 0,
      policiesLapsed: 0,
      policiesReinstated: 0,
      failed: 0,
      failedPolicyIds: [],
    });
    setDay('2026-02-02');
    expect((await run()).body).toMatchObject({ days: ['2026-02-02'], noticesIssued: 1, policiesLapsed: 0 });
    // The recipient is sealed with the member's key at rest; the store reads it back.
    const sealed = await t.services.sql.query<{ to: unknown }>(
      `select data->'to' as to from es_events where type = 'NonPaymentNoticeIssued' and stream_id = $1`,
      [`policy-${policy.id}`],
    );
    expect(JSON.stringify(sealed)).not.toContain('0821234567');
    const notice = (await t.services.store.readStream(`policy-${policy.id}`)).events.find((e) => e.type === 'NonPaymentNoticeIssued');
    expect(notice?.data).toMatchObject({
      channel: 'sms',
      to: '0821234567',
      graceEndsOn: '2026-02-16',
      arrears: '120.00',
      issuedOn: '2026-02-02',
    });
    expect(String(notice?.data.text)).toContain(`February 2026 on funeral policy ${policy.policyNumber}`);
    expect(String(notice?.data.text)).toContain('until 16 February 2026');
    expect(JSON.stringify(await history())).toContain('non-payment notice issued');

    const before = await eventCount();
    const again = await run({ asOf: '2026-02-02' });
    expect(again.body).toMatchObject({ days: [], daysRun: 0, noticesIssued: 0, lastDay: '2026-02-02' });
    const viaGraphql = await t.graphql(RUN, { input: { asOf: '2026-02-02' } }, clerk);
    expect(viaGraphql.body).toEqual({ data: { runDailyBilling: again.body } });
    expect(await eventCount()).toBe(before);
  });

  it('after grace the policy lapses (the missed days caught up in order), and paying the arrears reinstates it', async () => {
    setDay('2026-02-17');
    const lapsed = await t.graphql(RUN, {}, clerk);
    expect(lapsed.body.data.runDailyBilling).toMatchObject({ daysRun: 15, policiesLapsed: 1, noticesIssued: 0, failed: 0 });
    expect(JSON.stringify(await history())).toContain("Policy lapsed: non-payment after 15 days' grace");

    setDay('2026-02-20');
    expect(
      (
        await t.request(
          'POST',
          '/api/payments',
          { policyId: policy.id, amount: '120', paymentDate: '2026-02-20', paymentMethod: 'eft' },
          { token: clerk },
        )
      ).status,
    ).toBe(201);
    const reinstated = await run({}, admin);
    expect(reinstated.body).toMatchObject({ days: ['2026-02-18', '2026-02-19', '2026-02-20'], policiesReinstated: 1 });
    expect(JSON.stringify(await history())).toContain('Policy reinstated: arrears paid');
    const calendar = await t.services.sql.query<{ type: string }>(
      `select type from es_events where stream_id = $1 and type <> 'PolicyIssued' order by global_position`,
      [`policy-${policy.id}`],
    );
    expect(calendar.map((e) => e.type)).toEqual(['NonPaymentNoticeIssued', 'PolicyLapsed', 'PolicyReinstated']);
  });

  it('refuses an asOf in the future or malformed with 400, and a role without billing:run with 403', async () => {
    setDay('2026-02-20');
    const future = await run({ asOf: '2026-02-21' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: ['asOf'], message: 'asOf cannot be after today (2026-02-20)' }],
    });
    const malformed = await run({ asOf: '20-02-2026' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([{ path: ['asOf'], message: 'asOf must be a date (YYYY-MM-DD)' }]);
    const viaGraphql = await t.graphql(RUN, { input: { asOf: '2026-13-01' } }, clerk);
    expect(viaGraphql.body.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_FAILED' } });

    const before = await eventCount();
    expect((await run({}, claims)).status).toBe(403);
    const refused = await t.graphql(RUN, {}, claims);
    expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await eventCount()).toBe(before);
  });
});

describe.each(testDrivers())('the billing calendar by itself in the embedded server on $name', (driver) => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('runs at DAILY_RUN_AT for every active company, driven by the request clock', async () => {
    t = await startTestApp(driver, {}, { DAILY_RUN_AT: '02:00' });
    let now = new Date('2026-01-10T08:00:00Z');
    t.services.now = () => now;
    const registered = (await t.request('POST', '/api/register', registration())).body;
    const token = registered.token;
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 10k', coverageAmount: '10000', monthlyPremium: '80', waitingPeriod: 6 },
        { token },
      )
    ).body;
    const member = await t.request(
      'POST',
      '/api/members',
      mainMemberBody(type.id, { firstName: 'Sipho', lastName: 'Dlamini', phone: '0831112222', email: 'sipho@example.co.za' }),
      { token },
    );
    expect(member.status, JSON.stringify(member.body)).toBe(201);
    const schedule = t.services.dailySchedule!;
    expect(schedule).not.toBeNull();
    // 01:30 on 11 January: the 10th's run is due (the policy's first premium, due then, is not missed yet).
    now = new Date('2026-01-10T23:30:00Z');
    expect((await schedule.tick()).map((s) => [s.companyId, s.days, s.noticesIssued])).toEqual([
      [registered.user.companyId, ['2026-01-10'], 0],
    ]);
    expect(await schedule.tick()).toEqual([]);
    // 02:00 on the 11th: the first premium is missed; the notice goes by SMS (the member has a phone).
    now = new Date('2026-01-11T00:00:00Z');
    expect((await schedule.tick()).map((s) => [s.days, s.noticesIssued])).toEqual([[['2026-01-11'], 1]]);
    const notice = (await t.services.store.readStream(`policy-${member.body.policyId}`)).events.find(
      (e) => e.type === 'NonPaymentNoticeIssued',
    );
    expect(notice?.data).toMatchObject({ channel: 'sms', to: '0831112222', issuedOn: '2026-01-11' });
  });
});

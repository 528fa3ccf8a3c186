import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20 through HTTP: a policy the daily run lapsed reads as lapsed on /policies (the row, the
 * filter, the counts) and in the lapse ratio, like one lapsed by staff; staff's switch sets it active
 * again (a reinstatement by staff decision), and the next run leaves it in force.
 */

const POLICIES = `query Policies($status: PolicyStatus) {
  policies(status: $status) { nodes { id status } }
  policyCounts { active lapsed cancelled total }
}`;

describe.each(testDrivers())('a policy lapsed by the calendar on /policies on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let policyId: string;

  const setDay = (day: string) => stepTo(t, day);
  const run = () => t.request('POST', '/api/billing/daily-run', {}, { token: clerk });
  const rowStatus = async () =>
    ((await t.request('GET', '/api/policies', undefined, { token: admin })).body as { id: string; status: string }[]).find(
      (p) => p.id === policyId,
    )?.status;

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    clerk = await staffToken(t, registered.user.companyId, 'billing_clerk');
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral 15k', coverageAmount: '15000', monthlyPremium: '95', waitingPeriod: 6 },
        { token: admin },
      )
    ).body;
    const member = await t.request('POST', '/api/members', mainMemberBody(type.id, { firstName: 'Lerato', lastName: 'Nkosi' }), {
      token: admin,
    });
    expect(member.status).toBe(201);
    policyId = member.body.policyId;
    const paid = await t.request(
      'POST',
      '/api/payments',
      { policyId, amount: '95', paymentDate: '2026-01-10', paymentMethod: 'cash' },
      { token: clerk },
    );
    expect(paid.status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('the daily run lapses it: the row, the status filter, the counts and the lapse ratio say lapsed', async () => {
    // February's premium falls due on the 1st and is missed; the notice goes the next day (rule 15A).
    setDay('2026-02-01');
    expect((await run()).body).toMatchObject({ premiumsFallenDue: 1, failed: 0 });
    setDay('2026-02-02');
    expect((await run()).body).toMatchObject({ noticesIssued: 1, failed: 0 });
    expect(await rowStatus()).toBe('active');
    setDay('2026-02-17');
    expect((await run()).body).toMatchObject({ policiesLapsed: 1, failed: 0 });
    expect(await rowStatus()).toBe('lapsed');
    const listed = (await t.graphql(POLICIES, { status: 'lapsed' }, admin)).body.data;
    expect(listed.policies.nodes).toEqual([{ id: policyId, status: 'lapsed' }]);
    expect(listed.policyCounts).toEqual({ active: 0, lapsed: 1, cancelled: 0, total: 1 });
    // The lapse ratio counts by the events' recorded (wall-clock) time, not the stepped business day:
    // asked today, this month holds the policy's issue and its automatic lapse.
    t.services.now = () => new Date();
    const ratio = (await t.request('GET', '/api/audit/reports/lapse-ratio', undefined, { token: admin })).body as { lapsed: number }[];
    expect(ratio.at(-1)).toMatchObject({ lapsed: 1 });
  });

  it("staff's switch sets it active again (a reinstatement by staff decision, for a reason, within the window), and the next run leaves it in force", async () => {
    // Lapsed on 17 February, its type's window is 3 months: to 17 May, not a day later (rule 2A.9).
    setDay('2026-05-18');
    const late = await t.request('PATCH', `/api/policies/${policyId}`, { status: 'active', note: 'Arrears arranged' }, { token: admin });
    expect([late.status, late.body.message]).toEqual([
      422,
      'The reinstatement window has passed: the policy lapsed on 2026-02-17 and its type allows reinstatement within 3 months (until 2026-05-17). Issue a new policy instead.',
    ]);
    setDay('2026-02-17');
    const noReason = await t.request('PATCH', `/api/policies/${policyId}`, { status: 'active' }, { token: admin });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Give the reason for reinstating this policy.']);
    const changed = await t.request('PATCH', `/api/policies/${policyId}`, { status: 'active', note: 'Arrears arranged' }, { token: admin });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: policyId, status: 'active' });
    expect(await rowStatus()).toBe('active');
    expect((await t.graphql(POLICIES, {}, admin)).body.data.policyCounts).toEqual({ active: 1, lapsed: 0, cancelled: 0, total: 1 });
    const history = await t.request('GET', `/api/audit/policy/${policyId}/events`, undefined, { token: admin });
    expect(JSON.stringify(history.body)).toContain("Policy lapsed: non-payment after 15 days' grace");
    expect(JSON.stringify(history.body)).toContain('Policy reinstated by staff decision');

    setDay('2026-02-18');
    expect((await run()).body).toMatchObject({ days: ['2026-02-18'], policiesLapsed: 0, policiesReinstated: 0, failed: 0 });
    expect(await rowStatus()).toBe('active');
    // Set active again, it can be lapsed by staff as before.
    const lapsed = await t.request('PATCH', `/api/policies/${policyId}`, { status: 'lapsed', note: 'Client asked' }, { token: admin });
    expect([lapsed.status, lapsed.body.status]).toEqual([200, 'lapsed']);
  });
});

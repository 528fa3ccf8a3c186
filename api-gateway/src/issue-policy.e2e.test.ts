import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { mainMemberBody, setDay as stepTo } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20 through HTTP: a new policy for a member whose policy lapsed (POST /api/members/{id}/policy,
 * GraphQL issuePolicy). Within 2 months of the lapse it carries over only the unexpired part of the old
 * waiting period (rule 2A.9); later, the new type's whole period. A member with a policy in force, a
 * family member, and bad input are refused, changing nothing.
 */

const ISSUE = `mutation Issue($id: ID!, $input: IssuePolicyInput!) {
  issuePolicy(id: $id, input: $input) { id policyNumber status waitingPeriod startDate debitDay memberId }
}`;

describe.each(testDrivers())('a new policy for a member whose policy lapsed, on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let typeId: string;
  const members: { id: string; policyId: string }[] = [];

  const setDay = (day: string) => stepTo(t, day);
  const run = () => t.request('POST', '/api/billing/daily-run', {}, { token: clerk });
  const issue = (memberId: string, body: unknown, token = admin) => t.request('POST', `/api/members/${memberId}/policy`, body, { token });
  const policyCount = async () => ((await t.request('GET', '/api/policies', undefined, { token: admin })).body as unknown[]).length;

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay('2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    clerk = await staffToken(t, registered.user.companyId, 'billing_clerk');
    const type = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Family 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
      { token: admin },
    );
    typeId = type.body.id;
    for (const firstName of ['Thandi', 'Bongani']) {
      const member = await t.request('POST', '/api/members', mainMemberBody(typeId, { firstName, lastName: 'Mahlaba' }), { token: admin });
      expect(member.status).toBe(201);
      members.push({ id: member.body.id, policyId: member.body.policyId });
      const paid = await t.request(
        'POST',
        '/api/payments',
        { policyId: member.body.policyId, amount: '120', paymentDate: '2026-01-10', paymentMethod: 'cash' },
        { token: clerk },
      );
      expect(paid.status).toBe(201);
    }
    // February's premium is missed by both: noticed on the 2nd, lapsed when the 15 days' grace ends.
    for (const day of ['2026-02-01', '2026-02-02', '2026-02-17']) {
      setDay(day);
      expect((await run()).body).toMatchObject({ failed: 0 });
    }
    const policies = (await t.request('GET', '/api/policies', undefined, { token: admin })).body as { id: string; status: string }[];
    expect(policies.map((p) => p.status)).toEqual(['lapsed', 'lapsed']);
  });
  afterAll(async () => t?.close());

  it('refuses a member with a policy in force, a family member, another company and bad input, changing nothing', async () => {
    setDay('2026-02-20');
    const family = await t.request(
      'POST',
      '/api/members',
      {
        firstName: 'Lwazi',
        lastName: 'Mahlaba',
        saId: makeSaId('150505', '5099'),
        isMainMember: false,
        mainMemberId: members[1]!.id,
        relationship: 'child',
      },
      { token: admin },
    );
    expect(family.status).toBe(201);
    const before = await policyCount();
    const refusals = [
      [await issue(members[0]!.id, {}), 400, 'Choose a policy type'],
      [await issue(members[0]!.id, { policyTypeId: typeId, debitDay: 40 }), 400, 'Debit day must be a whole number from 1 to 31'],
      [await issue(members[0]!.id, { policyTypeId: '00000000-0000-4000-8000-000000000000' }), 400, 'Policy type not found'],
      [
        await issue(family.body.id, { policyTypeId: typeId }),
        422,
        'Only a main member holds a policy; a family member is covered under theirs.',
      ],
      [await issue('00000000-0000-4000-8000-000000000000', { policyTypeId: typeId }), 404, 'Member not found'],
    ] as const;
    for (const [answer, status, message] of refusals) expect([answer.status, answer.body.message]).toEqual([status, message]);
    const other = (await t.request('POST', '/api/register', registration())).body.token;
    expect((await issue(members[0]!.id, { policyTypeId: typeId }, other)).status).toBe(404);
    expect(await policyCount()).toBe(before);
  });

  it('within 2 months of the lapse: only the unexpired waiting months, the member’s row and history follow', async () => {
    // Started 10 January with 6 months' waiting, lapsed 17 February after 1 whole month: 5 months left.
    setDay('2026-04-17');
    const issued = await issue(members[0]!.id, { policyTypeId: typeId, debitDay: 25 });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      status: 'active',
      waitingPeriod: 5,
      startDate: '2026-04-17',
      debitDay: 25,
      memberId: members[0]!.id,
    });
    expect(issued.body.policyNumber).toMatch(/^POL-2026-\d{6}$/);
    const again = await issue(members[0]!.id, { policyTypeId: typeId });
    expect([again.status, again.body.message]).toEqual([
      409,
      `This member already has a policy in force (${issued.body.policyNumber}). A new policy is issued only when the last one has lapsed or been cancelled.`,
    ]);
    const row = ((await t.request('GET', '/api/members', undefined, { token: admin })).body as { id: string; policyId: string }[]).find(
      (m) => m.id === members[0]!.id,
    );
    expect(row?.policyId).toBe(issued.body.id);
    const history = await t.request('GET', `/api/audit/member/${members[0]!.id}/events`, undefined, { token: admin });
    expect(JSON.stringify(history.body)).toContain('New policy issued to the member');
  });

  it('more than 2 months after the lapse (GraphQL): the new type’s whole waiting period', async () => {
    setDay('2026-04-18');
    const issued = await t.graphql(ISSUE, { id: members[1]!.id, input: { policyTypeId: typeId } }, admin);
    expect(issued.body.errors).toBeUndefined();
    expect(issued.body.data.issuePolicy).toMatchObject({ status: 'active', waitingPeriod: 6, startDate: '2026-04-18', debitDay: 1 });
    const lapsed = (await t.request('GET', '/api/policies', undefined, { token: admin })).body as { id: string; status: string }[];
    expect(lapsed.find((p) => p.id === members[1]!.policyId)?.status).toBe('lapsed');
  });
});

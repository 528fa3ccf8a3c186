import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { agentBody } from './agents.testing.ts';

let sequence = 6600;
const nextSaId = () => makeSaId('910303', String(sequence++).padStart(4, '0'));
const rand = (n: number) => `R ${n.toLocaleString('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
type Sale = { policyId: string; clientName: string; agentId: string };

describe.each(testDrivers())('client onboarding, new sales and commissions over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  let typeId: string;
  let thabo: { id: string; userId: string; token: string };
  let lerato: { id: string; userId: string; token: string };
  const get = (token: string, path: string) => t.request('GET', path, undefined, { token });
  const onboard = (token: string, overrides: Record<string, unknown> = {}) =>
    t.request('POST', '/api/client-onboarding', client(overrides), { token });
  const count = async (query: string, params: unknown[] = []) => (await t.services.sql.query<{ n: number }>(query, params))[0]!.n;

  function client(overrides: Record<string, unknown> = {}) {
    return {
      firstName: 'Ayanda',
      lastName: 'Khumalo',
      email: '',
      phone: '082 123 4567',
      idNumber: nextSaId(),
      address: '14 Mandela Drive',
      city: 'Pietermaritzburg',
      province: 'KwaZulu-Natal',
      postalCode: '3201',
      monthlyIncome: '12500.00',
      employer: 'Sappi',
      policyType: typeId,
      coverageAmount: '30000',
      beneficiaryName: 'Nandi Khumalo',
      beneficiaryRelation: 'Spouse',
      beneficiaryContact: '0829876543',
      notes: '',
      familyMembers: [
        { firstName: 'Sizwe', lastName: 'Khumalo', idNumber: nextSaId(), relationship: 'child' },
        { firstName: 'Lindiwe', lastName: 'Khumalo', idNumber: nextSaId(), relationship: 'spouse' },
      ],
      ...overrides,
    };
  }

  async function agentWithLogin(firstName: string) {
    const username = `${firstName.toLowerCase()}.${Date.now().toString(36)}`;
    const agent = (await t.request('POST', '/api/agents', agentBody(firstName, { username, password: 'agent-pass-1' }), { token: admin }))
      .body;
    const token = (await t.request('POST', '/api/login', { username, password: 'agent-pass-1' })).body.token as string;
    return { id: agent.id as string, userId: agent.userId as string, token };
  }

  /** Everything an onboarding could leave behind, to prove a refused one left nothing. */
  const traces = async (idNumber: string) => ({
    events: await count(
      `select count(*)::int as n from es_events where type in ('MemberRegistered', 'PolicyIssued', 'ClientOnboarded', 'FamilyMemberAdded')`,
    ),
    reservation: await count(`select count(*)::int as n from reservations where scope = $1 and key = $2`, [
      `member-identifier:${companyId}`,
      `sa:${idNumber}`,
    ]),
    used: await count(`select coalesce(max(members_used), 0)::int as n from company_quotas where company_id = $1`, [companyId]),
    members: (await get(admin, '/api/members')).body.length as number,
  });

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    typeId = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Gold Cover', coverageAmount: '30000', monthlyPremium: '199.50', waitingPeriod: 6 },
        { token: admin },
      )
    ).body.id;
    thabo = await agentWithLogin('Thabo');
    lerato = await agentWithLogin('Lerato');
  });
  afterAll(async () => t?.close());

  it('an agent onboards a client with family and an active policy in one step; the administrator sees it in members, policies and new sales', async () => {
    const done = await onboard(thabo.token);
    expect(done.status).toBe(201);
    expect(done.body).toEqual({
      memberId: expect.any(String),
      policyId: expect.any(String),
      policyNumber: expect.stringMatching(/^POL-\d{4}-\d{6}$/),
      familyMembersAdded: 2,
      agentId: thabo.id,
    });
    const members = (await get(admin, '/api/members')).body as { id: string; mainMemberId: string | null; isMainMember: boolean }[];
    expect(members.filter((m) => m.id === done.body.memberId || m.mainMemberId === done.body.memberId)).toHaveLength(3);
    const policy = (await get(admin, '/api/policies')).body.find((p: { id: string }) => p.id === done.body.policyId);
    expect(policy).toMatchObject({
      policyNumber: done.body.policyNumber,
      status: 'active',
      coverageAmount: '30000.00',
      monthlyPremium: '199.50',
    });

    const sales = (await get(admin, '/api/new-sales')).body;
    expect(sales).toMatchObject({ totalSales: 1, monthlyRevenue: '199.50', activePolicies: 1 });
    expect(sales.sales[0]).toMatchObject({
      policyNumber: done.body.policyNumber,
      clientName: 'Ayanda Khumalo',
      phone: '0821234567',
      policyTypeName: 'Gold Cover',
      coverageAmount: '30000.00',
      monthlyPremium: '199.50',
      agentId: thabo.id,
      agentName: 'Thabo Mokoena',
      status: 'active',
      beneficiaryName: 'Nandi Khumalo',
      monthlyIncome: '12500.00',
    });
    const dashboard = (await get(thabo.token, '/api/agent/dashboard')).body;
    expect(dashboard).toMatchObject({
      clientsOnboarded: 1,
      salesTarget: 25000,
      commissionRate: 10,
      agent: { id: thabo.id, policiesSold: 1, salesThisMonth: '199.50' },
    });
    expect((await get(thabo.token, '/api/activities')).body).toEqual([
      expect.objectContaining({
        type: 'member_onboarded',
        agentId: thabo.id,
        userId: thabo.userId,
        description: expect.stringContaining('Ayanda Khumalo'),
      }),
    ]);
  });

  it("takes prior cover for the client and each family member by the member form's rule (issue #22), REST and GraphQL", async () => {
    const ended = southAfricanDate(new Date(Date.now() - 10 * 86_400_000));
    const body = client({ priorCoverMonths: 24, priorCoverEndedOn: ended });
    body.familyMembers[0] = { ...body.familyMembers[0]!, priorCoverMonths: 6, priorCoverEndedOn: ended } as (typeof body.familyMembers)[0];
    const done = await t.request('POST', '/api/client-onboarding', body, { token: thabo.token });
    expect(done.status).toBe(201);
    const stored = await t.services.sql.query<{ sa_id: string; prior_cover: unknown }>(
      `select sa_id, prior_cover from members where company_id = $1 and sa_id = any($2::text[]) order by is_main_member desc, sa_id`,
      [companyId, [body.idNumber, ...body.familyMembers.map((f) => f.idNumber)]],
    );
    expect(Object.fromEntries(stored.map((r) => [r.sa_id, r.prior_cover]))).toEqual({
      [body.idNumber]: { months: 24, endedOn: ended },
      [body.familyMembers[0].idNumber]: { months: 6, endedOn: ended },
      [body.familyMembers[1]!.idNumber]: null,
    });

    const half = client({ priorCoverMonths: 24 });
    const refused = await t.request('POST', '/api/client-onboarding', half, { token: thabo.token });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toContainEqual({
      path: ['priorCoverEndedOn'],
      message: 'Give both the months of prior cover and the date it ended, or neither',
    });
    const { familyMembers, ...input } = client();
    const graphql = await t.graphql(
      `mutation($input: OnboardClientInput!) { onboardClient(input: $input) { memberId } }`,
      { input: { ...input, familyMembers: [{ ...familyMembers[0], priorCoverEndedOn: ended }] } },
      thabo.token,
    );
    expect(graphql.body.errors?.[0]?.message).toContain('Give both the months of prior cover and the date it ended, or neither');
  });

  it('is all or nothing: a bad family row or a family ID already registered leaves no member, policy, reservation or place behind', async () => {
    const body = client();
    const before = await traces(body.idNumber);
    const badId = await onboard(thabo.token, {
      ...body,
      familyMembers: [body.familyMembers[0], { ...body.familyMembers[1], idNumber: '9103035000000' }],
    });
    expect([badId.status, badId.body.message]).toEqual([400, 'Family member 2 (Lindiwe Khumalo): Valid SA ID number is required']);
    expect(badId.body.issues[0].path).toEqual(['familyMembers', 1, 'idNumber']);

    // Refused inside the append transaction, after the client's own ID was claimed: rolled back too.
    const existing = (await onboard(lerato.token)).body;
    const registeredId = (await get(admin, '/api/members')).body.find((m: { id: string }) => m.id === existing.memberId).saId;
    const afterOther = await traces(body.idNumber);
    const taken = await onboard(thabo.token, {
      ...body,
      familyMembers: [body.familyMembers[0], { ...body.familyMembers[1], idNumber: registeredId }],
    });
    expect([taken.status, taken.body.message, taken.body.issues[0].path]).toEqual([
      409,
      'Family member 2 (Lindiwe Khumalo): A member with this SA ID number already exists',
      ['familyMembers', 1, 'idNumber'],
    ]);
    expect(await traces(body.idNumber)).toEqual(afterOther);
    expect(afterOther.reservation).toBe(0);
    expect(afterOther.members).toBe(before.members + 3);

    // Corrected, the same client goes through: nothing of the refused attempts was in the way.
    expect((await onboard(thabo.token, body)).status).toBe(201);
    expect((await traces(body.idNumber)).members).toBe(afterOther.members + 3);
  });

  it('credits the sale to the caller’s agent record; an administrator must name an active agent; coverage must be the type’s', async () => {
    const missing = await onboard(admin, { agentId: undefined });
    expect([missing.status, missing.body.message, missing.body.issues[0]?.path]).toEqual([
      400,
      'Please choose the agent who made this sale',
      ['agentId'],
    ]);
    // The web sends the current user's id: an administrator's own id names no agent.
    const own = (await get(admin, '/api/user')).body.id;
    expect((await onboard(admin, { agentId: own })).body.message).toBe('Please choose the agent who made this sale');
    expect((await onboard(admin, { agentId: lerato.userId })).body).toMatchObject({ agentId: lerato.id });
    expect((await onboard(admin, { agentId: lerato.id })).body).toMatchObject({ agentId: lerato.id });
    // An agent's own record wins over whatever the body names.
    expect((await onboard(thabo.token, { agentId: lerato.id })).body).toMatchObject({ agentId: thabo.id });

    const coverage = await onboard(thabo.token, { coverageAmount: '50000' });
    expect([coverage.status, coverage.body.issues[0].path]).toEqual([400, ['coverageAmount']]);
    expect(coverage.body.message).toBe('The Gold Cover policy type offers a coverage of R30000.00; choose that coverage amount.');

    const suspended = await agentWithLogin('Sipho');
    await t.request('PATCH', `/api/agents/${suspended.id}`, { status: 'inactive' }, { token: admin });
    const refused = await onboard(suspended.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^Agent Sipho Mokoena \(AG-[^)]+\) is inactive and cannot onboard clients\. An administrator can reactivate the agent on the Agents page\.$/,
    );
    expect((await onboard(admin, { agentId: suspended.id })).status).toBe(403);
  });

  it("an agent sees only its own clients in new sales; another agent's id is 404", async () => {
    const mine = (await get(thabo.token, '/api/new-sales')).body.sales as Sale[];
    const theirs = (await get(lerato.token, '/api/new-sales')).body.sales as Sale[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.agentId === thabo.id)).toBe(true);
    expect(theirs.every((s) => s.agentId === lerato.id)).toBe(true);
    expect((await get(lerato.token, `/api/new-sales?agentId=${thabo.id}`)).status).toBe(404);
    const all = (await get(admin, '/api/new-sales')).body;
    expect(all.totalSales).toBe(mine.length + theirs.length);
    expect((await get(admin, `/api/new-sales?agentId=${lerato.id}`)).body.totalSales).toBe(theirs.length);
    expect((await get(admin, '/api/new-sales?search=ayanda%20khu&status=lapsed')).body.totalSales).toBe(0);
  });

  it('commissions follow payments: commissionRate % of a completed payment, gone when it fails; the assistant tells the agent', async () => {
    const sale = (await onboard(thabo.token)).body;
    const commission = async () => (await get(thabo.token, '/api/agent/dashboard')).body;
    const start = await commission();
    const payment = (
      await t.request(
        'POST',
        '/api/payments',
        { policyId: sale.policyId, amount: '199.50', paymentDate: southAfricanDate(new Date()), paymentMethod: 'eft' },
        { token: admin },
      )
    ).body;
    const paid = await commission();
    expect(Number(paid.totalCommissions) - Number(start.totalCommissions)).toBeCloseTo(19.95, 2);
    expect(paid.commissionThisMonth).toBe('19.95');
    const ask = async (message: string) =>
      (await t.request('POST', '/api/ai-assistant', { message }, { token: thabo.token })).body.response as string;
    expect(await ask('what is my commission this month?')).toContain(
      `Your commission this month is ${rand(19.95)}: 10% of each completed premium payment`,
    );
    expect(await ask('how many clients have I onboarded')).toMatch(/^You have onboarded \d+ clients: \d+ policies sold/);

    expect((await t.request('PATCH', `/api/payments/${payment.id}`, { status: 'failed' }, { token: admin })).status).toBe(200);
    expect(await commission()).toMatchObject({ totalCommissions: start.totalCommissions, commissionThisMonth: '0.00' });
    expect((await get(admin, '/api/agents/metrics')).body.find((m: { id: string }) => m.id === thabo.id)).toMatchObject({
      totalCommissions: start.totalCommissions,
    });
    expect(await ask('my commission')).toContain(`Your commission this month is ${rand(0)}`);
  });

  it('a retried request with the same Idempotency-Key onboards once and answers the first result', async () => {
    const body = client({ familyMembers: [] });
    const headers = { 'idempotency-key': `onboard-${body.idNumber}` };
    const first = await t.request('POST', '/api/client-onboarding', body, { token: thabo.token, headers });
    const onboarded = await count(`select count(*)::int as n from es_events where type = 'ClientOnboarded'`);
    const again = await t.request('POST', '/api/client-onboarding', body, { token: thabo.token, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await count(`select count(*)::int as n from es_events where type = 'ClientOnboarded'`)).toBe(onboarded);
  });

  it('onboards and lists through GraphQL with the contract’s names', async () => {
    const { familyMembers: _family, ...input } = client();
    const done = await t.graphql(
      `mutation($input: OnboardClientInput!) { onboardClient(input: $input) { memberId policyId policyNumber familyMembersAdded } }`,
      { input: { ...input, familyMembers: [] } },
      lerato.token,
    );
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data.onboardClient.familyMembersAdded).toBe(0);
    const sales = await t.graphql(
      `query($agentId: ID) { newSales(agentId: $agentId, status: active) { totalSales monthlyRevenue activePolicies sales { policyId clientName agentName status } } activities(first: 1) { type agentId } }`,
      { agentId: lerato.id },
      lerato.token,
    );
    expect(sales.body.data.newSales.sales[0]).toEqual({
      policyId: done.body.data.onboardClient.policyId,
      clientName: 'Ayanda Khumalo',
      agentName: 'Lerato Mokoena',
      status: 'active',
    });
    expect(sales.body.data.activities).toEqual([{ type: 'member_onboarded', agentId: lerato.id }]);
  });
});

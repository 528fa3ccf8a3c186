import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { agentBody, codes } from './agents.testing.ts';

let sequence = 6100;
const nextSaId = () => makeSaId('880808', String(sequence++).padStart(4, '0'));
describe.each(testDrivers())('agents over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  let other: string;
  const post = (token: string, body: unknown) => t.request('POST', '/api/agents', body, { token });
  const get = (token: string, path: string) => t.request('GET', path, undefined, { token });
  const countEvents = async (type: string) =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = $1`, [type]))[0]!.n;

  /** An agent with a login, signed in: its record and its session token. */
  async function signedInAgent(firstName: string) {
    const username = `${firstName.toLowerCase()}.${Date.now().toString(36)}${codes()}`;
    const created = await post(admin, agentBody(firstName, { username, password: 'agent-pass-1' }));
    expect(created.status).toBe(201);
    const login = await t.request('POST', '/api/login', { username, password: 'agent-pass-1' });
    expect(login.status).toBe(200);
    return { agent: created.body, token: login.body.token as string, username };
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
    other = (await t.request('POST', '/api/register', registration())).body.token;
  });
  afterAll(async () => t?.close());

  it('adds an agent (201) with a login of role agent that can sign in, linked by userId', async () => {
    const { agent, token, username } = await signedInAgent('Thabo');
    expect(agent).toMatchObject({
      firstName: 'Thabo',
      lastName: 'Mokoena',
      phone: '0835551234',
      commissionRate: 10,
      salesTarget: 25000,
      region: 'Gauteng',
      status: 'active',
      clientsOnboarded: 0,
      policiesSold: 0,
      salesThisMonth: '0.00',
      totalCommissions: '0.00',
      idNumber: null,
      userId: expect.any(String),
    });
    const me = await get(token, '/api/user');
    expect(me.body).toMatchObject({ id: agent.userId, username, role: 'agent', companyId, firstName: 'Thabo' });
    // Without credentials: no login, no user.
    const users = await countEvents('UserRegistered');
    const plain = await post(admin, agentBody('Lindiwe'));
    expect([plain.status, plain.body.userId]).toEqual([201, null]);
    expect(await countEvents('UserRegistered')).toBe(users);
  });

  it('refuses a taken Agent ID (any case) or username, and a bad form, leaving nothing behind', async () => {
    const first = (await post(admin, agentBody('Sipho', { agentId: 'ag-777' }))).body;
    const agents = await countEvents('AgentRegistered');
    const users = await countEvents('UserRegistered');
    const taken = await post(admin, agentBody('Zanele', { agentId: ' AG-777 ', username: 'zanele.taken', password: 'longenough' }));
    expect([taken.status, taken.body.message, taken.body.issues[0]?.path]).toEqual([
      409,
      'An agent with this Agent ID already exists',
      ['agentId'],
    ]);
    // The refused agent's login was rolled back with it: the username is still free.
    const { username } = await signedInAgent('Palesa');
    const sameUser = await post(admin, agentBody('Zanele', { username, password: 'longenough' }));
    expect([sameUser.status, sameUser.body.message]).toEqual([409, 'Username already exists']);
    expect(await countEvents('AgentRegistered')).toBe(agents + 1);
    expect(await countEvents('UserRegistered')).toBe(users + 1);
    // Another company may use the same code.
    expect((await post(other, agentBody('Sipho', { agentId: 'AG-777' }))).status).toBe(201);

    const bad = await post(admin, {
      ...agentBody('X'),
      firstName: '',
      email: 'nope',
      commissionRate: 120,
      username: 'ab',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Valid email is required',
        'Commission rate must be between 0 and 100',
        'Username must be at least 3 characters',
        'Password must be at least 8 characters',
      ]),
    );
    expect(first.agentId).toBe('ag-777');
    // A sales target read back as numeric(20,2) must fit it: refused at the edge, nothing appended.
    const before = await countEvents('AgentRegistered');
    for (const salesTarget of [1e20, 'NaN', 'Infinity']) {
      const refused = await post(admin, agentBody('Huge', { salesTarget }));
      expect([refused.status, refused.body.issues[0]?.path]).toEqual([400, ['salesTarget']]);
    }
    expect(await countEvents('AgentRegistered')).toBe(before);
  });

  it('PATCH edits fields or toggles {status} alone; a changed code frees the old one; another company’s agent is 404', async () => {
    const a = (await post(admin, agentBody('Bongani', { agentId: 'AG-A1' }))).body;
    const b = (await post(admin, agentBody('Nomsa', { agentId: 'AG-B1' }))).body;
    const off = await t.request('PATCH', `/api/agents/${a.id}`, { status: 'inactive' }, { token: admin });
    expect([off.status, off.body.status, off.body.firstName]).toEqual([200, 'inactive', 'Bongani']);
    expect((await t.request('PATCH', `/api/agents/${a.id}`, { status: 'inactive' }, { token: admin })).body.status).toBe('inactive');
    const clash = await t.request('PATCH', `/api/agents/${a.id}`, { agentId: 'ag-b1' }, { token: admin });
    expect([clash.status, clash.body.message]).toEqual([409, 'An agent with this Agent ID already exists']);
    const edited = await t.request(
      'PATCH',
      `/api/agents/${a.id}`,
      { agentId: 'AG-A2', commissionRate: '12.5', region: '', notes: 'Top seller' },
      { token: admin },
    );
    expect(edited.body).toMatchObject({ agentId: 'AG-A2', commissionRate: 12.5, region: null, notes: 'Top seller', status: 'inactive' });
    expect((await t.request('PATCH', `/api/agents/${b.id}`, { agentId: 'AG-A1' }, { token: admin })).body.agentId).toBe('AG-A1');
    expect((await t.request('PATCH', `/api/agents/${a.id}`, { status: 'retired' }, { token: admin })).status).toBe(400);
    expect((await t.request('PATCH', `/api/agents/${a.id}`, { status: 'active' }, { token: other })).status).toBe(404);
    expect((await get(other, `/api/agents/${a.id}`)).status).toBe(404);
    expect((await get(other, '/api/agents')).body.map((x: { id: string }) => x.id)).not.toContain(a.id);
  });

  it("an agent sees only its own record, activities and dashboard; another agent's id is 404; it cannot add or edit agents", async () => {
    const mine = await signedInAgent('Lerato');
    const theirs = await signedInAgent('Kagiso');
    const list = await get(mine.token, '/api/agents');
    expect(list.body.map((a: { id: string }) => a.id)).toEqual([mine.agent.id]);
    expect((await get(mine.token, '/api/agents/metrics')).body).toEqual([
      expect.objectContaining({ id: mine.agent.id, userId: mine.agent.userId, clientsOnboarded: 0 }),
    ]);
    expect((await get(mine.token, `/api/agents/${theirs.agent.id}`)).status).toBe(404);
    expect((await get(mine.token, `/api/agents/${mine.agent.id}`)).body.id).toBe(mine.agent.id);
    expect((await get(mine.token, '/api/new-sales?agentId=' + theirs.agent.id)).status).toBe(404);
    expect((await get(mine.token, '/api/activities')).body).toEqual([]);
    const dashboard = await get(mine.token, '/api/agent/dashboard');
    expect(dashboard.body).toMatchObject({
      agent: { id: mine.agent.id },
      salesTarget: 25000,
      clientsOnboarded: 0,
      totalCommissions: '0.00',
      commissionRate: 10,
    });
    expect((await post(mine.token, agentBody('Sneaky'))).status).toBe(403);
    expect((await t.request('PATCH', `/api/agents/${theirs.agent.id}`, { status: 'inactive' }, { token: mine.token })).status).toBe(403);
    expect((await get(mine.token, '/api/members')).status).toBe(403);
    // The administrator sees every agent of the company.
    const all = (await get(admin, '/api/agents')).body.map((a: { id: string }) => a.id);
    expect(all).toEqual(expect.arrayContaining([mine.agent.id, theirs.agent.id]));
    // A policy admin has no agent management (spec part 1 §2: /agents is administrator and agent).
    const policyAdmin = await staffToken(t, companyId, 'policy_admin');
    expect((await get(policyAdmin, '/api/agents')).status).toBe(403);
    expect((await get(policyAdmin, '/api/new-sales')).status).toBe(200);
  });

  it('answers GraphQL with the contract’s names: agents, agent(id), registerAgent, updateAgent', async () => {
    const created = await t.graphql(
      `mutation($input: AgentInput!) { registerAgent(input: $input) { id agentId userId status commissionRate salesTarget clientsOnboarded salesThisMonth totalCommissions } }`,
      { input: { ...agentBody('Mpho'), phone: '0835551234', idNumber: nextSaId() } },
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const agent = created.body.data.registerAgent;
    expect(agent).toMatchObject({
      userId: null,
      status: 'active',
      commissionRate: 10,
      salesTarget: 25000,
      clientsOnboarded: 0,
      totalCommissions: '0.00',
    });
    const toggled = await t.graphql(
      `mutation($id: ID!) { updateAgent(id: $id, input: { status: inactive }) { status agentId } }`,
      { id: agent.id },
      admin,
    );
    expect(toggled.body.data.updateAgent).toEqual({ status: 'inactive', agentId: agent.agentId });
    const read = await t.graphql(
      `query($id: ID!) { agent(id: $id) { id } agents { id } agentDashboard { agent { id } commissionThisMonth } }`,
      { id: agent.id },
      admin,
    );
    expect(read.body.data.agent).toEqual({ id: agent.id });
    expect(read.body.data.agents.map((a: { id: string }) => a.id)).toContain(agent.id);
    expect(read.body.data.agentDashboard).toEqual({ agent: null, commissionThisMonth: '0.00' });
    const refused = await t.graphql(
      `mutation { registerAgent(input: { firstName: "A", lastName: "B", email: "a@b.co.za", phone: "0835551234", agentId: "X1", commissionRate: 1, salesTarget: 1 }) { id } }`,
      {},
      other.slice(0, 5),
    );
    expect(refused.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

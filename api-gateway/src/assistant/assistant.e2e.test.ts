import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { staffToken } from '../role-sessions.testing.ts';
import { agentBody } from '../agents.testing.ts';
import { BLANK_MESSAGE, NOT_SURE, TOO_LONG } from './assistant.ts';
import { seedClaim, seedPortfolio, seedSale } from './assistant.seed.testing.ts';

const rand = (n: number) => `R ${n.toLocaleString('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** How-to questions as users phrase them, and the help topic title the answer must quote. */
const HOW_TO: [string, string][] = [
  ['how do I add my wife to my policy', 'Add a family member'],
  ['how do I add my children', 'Add a family member'],
  ['can I cancel a lapsed policy', 'Change a policy status'],
  ['how do I reinstate a cancelled policy', 'Change a policy status'],
  ['what documents do I need for a claim', 'Submit a claim and its four documents'],
  ['how big can a claim document be', 'Submit a claim and its four documents'],
  ['how do I register a new member', 'Register a member'],
  ['how do I upload members from a spreadsheet', 'Bulk upload members from a CSV file'],
  ['which columns does the csv need', 'Bulk upload members from a CSV file'],
  ['the bulk upload says row 5 has errors, which line is that', 'Bulk upload members from a CSV file'],
  ['how do I create a new funeral plan product', 'Create a policy type'],
  ['what is the maximum waiting period', 'What a waiting period is'],
  ['how do I approve a claim', 'The claim lifecycle'],
  ['what happens after a claim is approved', 'The claim lifecycle'],
  ['what is the deadline to decide a claim', 'The claim decision deadline (2 business days) and disputed claims'],
  ['what happens when a claim is decided late', 'The claim decision deadline (2 business days) and disputed claims'],
  ['how do I mark a claim as disputed', 'The claim decision deadline (2 business days) and disputed claims'],
  // Issue #25: what the product does since the calendar, collections, messages and the member's page.
  ['what is a waiting period', 'What a waiting period is'],
  ['how does the grace period work when a member is in arrears', 'Arrears, grace, non-payment notices and lapses'],
  ['when does a policy lapse if the premium is not paid', 'Arrears, grace, non-payment notices and lapses'],
  ['how do I send the debit order file to the bank', 'Debit orders, collection files and bank statements'],
  ['how do I match the bank statement', 'Debit orders, collection files and bank statements'],
  ['did the sms to the member go out', 'Messages sent to policyholders (SMS and e-mail)'],
  ['how do I resend a failed message', 'Messages sent to policyholders (SMS and e-mail)'],
  ['where is the member page with all their policies and claims', "A member's page"],
  ['how do I record a payment for one policy', 'Record an individual payment'],
  ['how do I record a group payment', 'Record a group payment'],
  ['how do I set up a group scheme for an employer', 'Group schemes'],
  ['how much does the premium plan cost', 'Member limit and subscription tiers'],
  ['what is the free tier limit', 'Member limit and subscription tiers'],
  ['I forgot my password', 'Reset a password'],
  ['what can a billing clerk do', 'What each role may do'],
  ['how do I onboard a new client', 'Onboard a client'],
  ['what does the onboarding wizard ask about the beneficiary', 'Onboard a client'],
  ['how do I create a login for a new staff member', 'Create a user'],
  ["how do I change someone's role to claim admin", "Change a user's role"],
  ['how do I make a colleague an administrator', "Change a user's role"],
  ['how do I change the permissions of the billing clerk role', "Change a role's permissions"],
  ['can I give one user access to reports without changing their role', 'Grant or revoke a permission for one user'],
  ['how do I revoke a permission from one user', 'Grant or revoke a permission for one user'],
  ['what does initialize default permissions do', 'Initialize default permissions'],
  ['how do I export a report to csv', 'Reports and exporting a report to CSV'],
  ['where can I see a chart of member growth', 'Reports and exporting a report to CSV'],
  ['how do I add a sales agent with a login', 'Add a sales agent'],
  ['how do I deactivate an agent', 'Activate, deactivate and export agents'],
  ['can I export the list of agents', 'Activate, deactivate and export agents'],
  ['where do I see the policies sold by each agent', 'New sales by agents'],
  ['how do I change the company address', 'Update company information and your profile'],
  ['how do I change my password', 'Change your password'],
  ['how do I upgrade to the premium plan', 'Upgrade the subscription'],
];

describe.each(testDrivers())('the assistant over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let agent: string;
  let clerk: string;
  /** An agent of company B with a login, who has sold B one policy. */
  let seller: string;
  let companyA: string;
  /** A fresh administrator of company A: each test asks as its own user so the rate limit stays out of the way. */
  const adminOfA = () => staffToken(t, companyA, 'administrator');
  const ask = (token: string | undefined, message: unknown, conversationHistory: unknown[] = []) =>
    t.request('POST', '/api/ai-assistant', { message, conversationHistory }, token ? { token } : {});
  const reply = async (token: string, message: string, history: unknown[] = []) => {
    const answer = await ask(token, message, history);
    expect(answer.status).toBe(200);
    return answer.body.response as string;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    const a = (await t.request('POST', '/api/register', registration())).body;
    admin = a.token;
    companyA = a.user.companyId;
    other = (await t.request('POST', '/api/register', registration())).body.token;
    agent = await staffToken(t, a.user.companyId, 'agent');
    clerk = await staffToken(t, a.user.companyId, 'billing_clerk');
    // Company A: 7 policies (4 active, 2 lapsed, 1 cancelled) and 3 family members = 10 members.
    const mains = await seedPortfolio(t, admin, '250.50', ['active', 'active', 'active', 'active', 'lapsed', 'lapsed', 'cancelled'], 3);
    // Company B: different figures throughout, so a leak would show.
    await seedPortfolio(t, other, '99', ['active', 'lapsed', 'lapsed', 'lapsed', 'lapsed'], 0);
    // Claims of A: 3 submitted, one of them moved to under review, so 3 are waiting and 3 open.
    const ids = [
      await seedClaim(t, admin, mains[0].policyId, mains[0].saId),
      await seedClaim(t, admin, mains[1].policyId, mains[1].saId),
      await seedClaim(t, admin, mains[2].policyId, mains[2].saId),
    ];
    expect((await t.request('PATCH', `/api/claims/${ids[0]}`, { status: 'under_review' }, { token: admin })).status).toBe(200);
    for (const amount of ['150.50', '199.50']) {
      const paid = await t.request(
        'POST',
        '/api/payments',
        { policyId: mains[3].policyId, amount, paymentDate: southAfricanDate(new Date()), paymentMethod: 'eft' },
        { token: admin },
      );
      expect(paid.status).toBe(201);
    }
    // Agents: two in A (one deactivated, neither has sold); in B one with a login who sells B a policy.
    for (const [name, status] of [
      ['Sipho', 'active'],
      ['Zanele', 'inactive'],
    ] as const) {
      const added = await t.request('POST', '/api/agents', agentBody(name), { token: admin });
      expect(added.status).toBe(201);
      if (status === 'inactive')
        expect((await t.request('PATCH', `/api/agents/${added.body.id}`, { status }, { token: admin })).status).toBe(200);
    }
    const username = `seller.${Date.now().toString(36)}`;
    expect(
      (await t.request('POST', '/api/agents', agentBody('Thabo', { username, password: 'agent-pass-1' }), { token: other })).status,
    ).toBe(201);
    seller = (await t.request('POST', '/api/login', { username, password: 'agent-pass-1' })).body.token;
    await seedSale(t, seller);
  });
  afterAll(async () => t?.close());

  it.each(HOW_TO)('answers "%s" with the help topic "%s" and its route', async (question, title) => {
    const response = await reply(await adminOfA(), question);
    expect(response).toContain(title);
    expect(response).toMatch(/ — on \/[a-z-]*:\n1\. /);
  });

  const FIGURES: [string, string[]][] = [
    ['how many active policies do we have', ['4 active policies', '/policies']],
    ['How many policies do we have?', ['7 policies in total', '4 active, 2 lapsed and 1 cancelled']],
    ['policies that lapsed this month', ['2 lapsed policies']],
    ['how many cancelled policies are there', ['1 cancelled policy']],
    ['how many members do we have', ['10 members', 'Dashboard']],
    ['how many members can I still add', ['290 members', '10 of 300', 'Free Tier']],
    ['members left on my plan', ['290 members']],
    ['claims waiting for review', ['3 claims are waiting for review', '2 submitted and 1 under review', '/claims']],
    ['how many open claims do we have', ['3 open claims']],
    ['what is our monthly revenue', [rand(4 * 250.5), '4 active policies', 'Monthly Revenue']],
    ['how much premium was collected this month', [rand(350), '2 completed payments', '/payments']],
    ['how many agents do we have', ['2 agents: 1 active and 1 inactive', '/agents']],
    ['how many policies have our agents sold', ['Your agents have sold 0 policies', '/new-sales']],
  ];

  it.each(FIGURES)('answers "%s" from the caller\'s read models', async (question, expected) => {
    const response = await reply(await adminOfA(), question);
    for (const part of expected) expect(response).toContain(part);
  });

  it('answers "which members are in arrears" and "which claims are overdue" with the figures the dashboard shows (issue #25)', async () => {
    const admin = await adminOfA();
    const book = (await t.request('GET', '/api/billing/summary', undefined, { token: admin })).body as {
      policiesInGrace: number;
    };
    const arrears = await reply(admin, 'which members are in arrears');
    expect(arrears).toContain('/arrears');
    expect(arrears).toMatch(book.policiesInGrace === 0 ? /^No policy is in arrears today/ : new RegExp(`^${book.policiesInGrace} polic`));
    expect(await reply(clerk, 'how many policies are in arrears')).toContain('/arrears');
    expect(await reply(agent, 'which members are in arrears')).toContain('not available to your role (agent)');
    const deadlines = (await t.request('GET', '/api/claims/deadlines', undefined, { token: admin })).body as {
      overdue: number;
      dueSoon: number;
    };
    const overdue = await reply(admin, 'which claims are overdue for a decision');
    expect(overdue).toContain(`${deadlines.overdue} claim${deadlines.overdue === 1 ? ' is' : 's are'} past the decision deadline`);
    expect(overdue).toContain(`${deadlines.dueSoon} ${deadlines.dueSoon === 1 ? 'is' : 'are'} due within 4 business hours`);
    expect(await reply(clerk, 'which claims are overdue')).toContain('not available to your role (billing clerk)');
  });

  it('answers a follow-up from the conversation history', async () => {
    const admin = await adminOfA();
    const first = 'how many active policies do we have';
    const history = [
      { role: 'user', content: first },
      { role: 'assistant', content: await reply(admin, first) },
    ];
    expect(await reply(admin, 'and the lapsed ones?', history)).toContain('2 lapsed policies');
    expect(await reply(admin, 'what about cancelled?', history)).toContain('1 cancelled policy');
    const claims = [
      { role: 'user', content: 'how many claims do we have' },
      { role: 'assistant', content: '...' },
    ];
    expect(await reply(admin, 'and the open ones?', claims)).toContain('3 open claims');
  });

  it('says it does not know, with the nearest topics, instead of inventing an answer', async () => {
    const admin = await adminOfA();
    for (const question of ['what is the weather in Durban', 'who won the rugby world cup']) {
      const response = await reply(admin, question);
      expect(response).toContain(NOT_SURE);
      expect(response.match(/^- .+ \(\/[a-z-]*\)$/gm)?.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps to the caller's company: B's figures never appear for A", async () => {
    expect(await reply(other, 'how many lapsed policies do we have')).toContain('4 lapsed policies');
    expect(await reply(other, 'how many members do we have')).toContain('6 members');
    expect(await reply(other, 'how many new sales do we have')).toContain('Your agents have sold 1 policy, 1 of them active');
    expect(await reply(other, 'how many open claims')).toContain('0 open claims');
    const a = await reply(admin, 'how many lapsed policies do we have');
    expect(a).toContain('2 lapsed policies');
    expect(a).not.toContain('4 lapsed');
  });

  it("respects the caller's role with a polite refusal", async () => {
    for (const [token, question, role] of [
      [agent, 'what is our monthly revenue', 'agent'],
      [agent, 'how many members can I still add', 'agent'],
      [agent, 'how many members do we have', 'agent'],
      [clerk, 'how many open claims', 'billing clerk'],
    ] as const) {
      const response = await reply(token, question);
      expect(response).toContain(`not available to your role (${role})`);
      expect(response).not.toMatch(/\b10 members|R 1/);
    }
    // Billing clerks see the Monthly Revenue card and the payments, so they may ask for them.
    expect(await reply(clerk, 'premiums collected this month')).toContain(rand(350));
    expect(await reply(agent, 'how do I reset my password')).toContain('Reset a password');
  });

  it("answers an agent's own commission and clients only from the agent record linked to the login", async () => {
    // Agents' figures are asked about with agents:read; a login without an agent record has none of its own.
    for (const question of ['what is my commission this month', 'how many clients have I onboarded']) {
      expect(await reply(agent, question)).toContain('Your login is not linked to an agent record');
      expect(await reply(await adminOfA(), question)).toContain('/agents');
    }
    expect(await reply(clerk, 'my commission')).toContain('not available to your role (billing clerk)');
    // (The figures of an agent with sales are checked in onboarding.e2e.test.ts.)
    expect(await reply(seller, 'how many sales do we have')).toContain('You have sold 1 policy');
    expect(await reply(seller, 'how many agents do we have')).toContain('not available to your role (agent)');
    const policyAdmin = await staffToken(t, companyA, 'policy_admin');
    expect(await reply(policyAdmin, 'how many agents do we have')).toContain('not available to your role (policy admin)');
    expect(await reply(policyAdmin, 'how many policies have our agents sold')).toContain('sold 0 policies');
  });

  it('answers through GraphQL askAssistant with the same rules and the same rate limit as REST', async () => {
    const token = await staffToken(t, companyA, 'policy_admin');
    const ASK =
      'mutation Ask($message: String!, $history: [ChatMessageInput!]) { askAssistant(message: $message, conversationHistory: $history) { response } }';
    const history = [
      { role: 'user', content: 'how many active policies do we have' },
      { role: 'assistant', content: '4 active policies' },
    ];
    expect((await t.graphql(ASK, { message: 'and the lapsed ones?', history }, token)).body.data.askAssistant.response).toContain(
      '2 lapsed policies',
    );
    expect((await t.graphql(ASK, { message: '  ' }, token)).body.errors[0]).toMatchObject({
      message: BLANK_MESSAGE,
      extensions: { code: 'VALIDATION_FAILED' },
    });
    expect((await t.graphql(ASK, { message: 'hi' })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    for (let i = 0; i < 29; i++) expect((await ask(token, 'how do I add a member')).status).toBe(200);
    expect((await t.graphql(ASK, { message: 'how do I add a member' }, token)).body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });

  it('refuses the signed-out, blank and over-long questions', async () => {
    const admin = await adminOfA();
    expect((await ask(undefined, 'how many members')).status).toBe(401);
    for (const blank of ['', '   \n\t', undefined, 42]) {
      const answer = await ask(admin, blank);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(BLANK_MESSAGE);
    }
    const long = await ask(admin, 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(TOO_LONG);
    expect((await t.request('POST', '/api/ai-assistant', { message: 'hi', conversationHistory: 'no' }, { token: admin })).status).toBe(400);
  });

  it('limits each user to 30 questions a minute (429), without slowing anyone else', async () => {
    const busy = await staffToken(t, companyA, 'policy_admin');
    for (let i = 0; i < 30; i++) expect((await ask(busy, 'how do I add a member')).status).toBe(200);
    const limited = await ask(busy, 'how do I add a member');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect((await ask(await adminOfA(), 'how do I add a member')).status).toBe(200);
  });
});

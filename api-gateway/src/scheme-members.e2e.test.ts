import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { reserveSchemesOfExistingGroupPolicies, southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { pdf } from './uploads/test-files.ts';

/*
 * Issue #22: group-scheme members are insured people too. They are listed on Members and Policies,
 * marked with their scheme; they have a member's page; their group policy number can be claimed against.
 */

let sequence = 7100;
const nextSaId = () => makeSaId('820909', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());

type Person = {
  id: string;
  firstName: string;
  saId: string | null;
  schemeId: string | null;
  schemeName: string | null;
  policyNumber: string;
};

const MEMBER_FIELDS = `id firstName lastName isMainMember mainMemberName policyNumber policyStatus schemeId schemeName`;

describe.each(testDrivers())('group-scheme members as insured people on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let schemeId: string;
  const zanele = { saId: nextSaId() };
  const kabelo = { saId: nextSaId() };
  const sipho = { saId: nextSaId() };

  const get = (path: string, token = admin) => t.request('GET', path, undefined, { token });
  const gql = async (query: string, variables: Record<string, unknown> = {}, token = admin) => {
    const answer = await t.graphql(query, variables, token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data;
  };
  const person = async (firstName: string): Promise<Person & Record<string, unknown>> =>
    ((await get('/api/members')).body as Person[]).find((m) => m.firstName === firstName)!;

  async function upload(name: string, token: string): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
    const response = await t.app.handle(
      new Request(uploadURL, { method: 'PUT', body: new Uint8Array(pdf()), headers: { 'x-file-name': encodeURIComponent(name) } }),
    );
    return (await response.json()).objectPath;
  }

  async function claimOn(policyNumber: string, deceasedSaId: string, claimAmount = '8000', token = admin) {
    return {
      policyNumber,
      deceasedFirstName: 'Kabelo',
      deceasedLastName: 'Mokoena',
      deceasedSaId,
      deceasedDateOfBirth: '1982-09-09',
      deceasedDateOfDeath: today(),
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DC 998877',
      claimantFirstName: 'Zanele',
      claimantLastName: 'Mokoena',
      claimantSaId: nextSaId(),
      claimantPhone: '0821112222',
      claimantEmail: 'zanele@example.co.za',
      claimantAddress: '5 Church Street, Rustenburg',
      relationshipToDeceased: 'Mother',
      claimAmount,
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'Z Mokoena',
      deceasedIdDocument: await upload('deceased-id.pdf', token),
      claimantIdDocument: await upload('claimant-id.pdf', token),
      deathCertificateDocument: await upload('death-certificate.pdf', token),
      bankLetterDocument: await upload('bank-letter.pdf', token),
    };
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = (await t.request('POST', '/api/register', registration())).body.token;
    other = (await t.request('POST', '/api/register', registration())).body.token;
    const main = (firstName: string, saId: string, familyMembers: unknown[] = []) => ({
      firstName,
      lastName: 'Mokoena',
      saId,
      phone: '071 234 5678',
      address: '5 Church Street',
      coverAmount: '20000',
      familyMembers,
    });
    const created = await t.request(
      'POST',
      '/api/group-schemes',
      {
        name: 'Mine Workers',
        description: 'Shaft 3',
        mainMembers: [
          main('Zanele', zanele.saId, [
            { firstName: 'Kabelo', lastName: 'Mokoena', saId: kabelo.saId, relationship: 'child', coverAmount: '10000' },
          ]),
          main('Sipho', sipho.saId),
        ],
      },
      { token: admin },
    );
    expect(created.status).toBe(201);
    schemeId = created.body.scheme.id;
    // One member of the company's own, beside them.
    const types = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Family Cover', coverageAmount: '30000', monthlyPremium: '150', waitingPeriod: 6 },
      { token: admin },
    );
    expect(types.status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('lists them on Members (REST and GraphQL), marked with the scheme and searchable, but not as anyone else’s main member', async () => {
    const all = (await get('/api/members')).body as (Person & Record<string, unknown>)[];
    const zaneleRow = all.find((m) => m.firstName === 'Zanele')!;
    expect(zaneleRow).toMatchObject({
      isMainMember: true,
      saId: zanele.saId,
      schemeId,
      schemeName: 'Mine Workers',
      policyNumber: expect.stringMatching(/^MIN-\d{6}$/),
      policyStatus: 'active',
      status: 'active',
    });
    expect(all.find((m) => m.firstName === 'Kabelo')).toMatchObject({
      isMainMember: false,
      mainMemberId: zaneleRow.id,
      mainMemberName: 'Zanele Mokoena',
      relationship: 'child',
      policyNumber: zaneleRow.policyNumber,
      schemeName: 'Mine Workers',
    });

    const listed = await gql(`query($s: String) { members(search: $s) { totalCount nodes { ${MEMBER_FIELDS} } } }`, { s: kabelo.saId });
    expect(listed.members.nodes).toEqual([expect.objectContaining({ firstName: 'Kabelo', schemeId, schemeName: 'Mine Workers' })]);
    const byName = await gql(`query { members(search: "sipho mok") { nodes { firstName schemeName } } }`);
    expect(byName.members.nodes).toEqual([{ firstName: 'Sipho', schemeName: 'Mine Workers' }]);
    const unfiltered = await gql(`query { members { totalCount nodes { firstName } } }`);
    expect(unfiltered.members.totalCount).toBe(3);
    expect(unfiltered.members.nodes).toHaveLength(3);
    const mains = await gql(`query { members(mainOnly: true) { nodes { firstName } } }`);
    expect(mains.members.nodes).toEqual([]);

    // Another company sees none of them.
    expect((await get('/api/members', other)).body).toEqual([]);
    // The subscription counts each person once (the write side's quota, and its figure).
    const subscription = (await get('/api/subscription')).body;
    expect(subscription.currentMemberCount).toBe(3);
  });

  it('lists their group policies on Policies, with the scheme for a type, counted and searchable by the scheme’s name', async () => {
    const zaneleRow = await person('Zanele');
    const policies = (await get('/api/policies')).body as Record<string, unknown>[];
    expect(policies.find((p) => p.policyNumber === zaneleRow.policyNumber)).toMatchObject({
      memberId: zaneleRow.id,
      memberName: 'Zanele Mokoena',
      memberSaId: zanele.saId,
      policyTypeId: '',
      policyTypeName: 'Mine Workers',
      schemeId,
      schemeName: 'Mine Workers',
      status: 'active',
      monthlyPremium: '0.00',
      coverageAmount: '20000.00',
      startDate: today(),
    });
    const found = await gql(
      `query { policies(search: "mine") { totalCount nodes { policyNumber schemeName } } policyCounts { active total } }`,
    );
    expect(found.policies.totalCount).toBe(2);
    expect(found.policies.nodes.every((p: { schemeName: string }) => p.schemeName === 'Mine Workers')).toBe(true);
    expect(found.policyCounts).toEqual({ active: 2, total: 2 });
    // The dashboard counts them as the lists do (issue #22: they count as members): three people, two group policies.
    expect((await get('/api/dashboard/stats')).body).toMatchObject({ totalMembers: 3, activePolicies: 2 });
  });

  it('gives them a member’s page: lives, group policy and group payments (REST and GraphQL); their edits go through the scheme', async () => {
    const zaneleRow = await person('Zanele');
    const paid = await t.request(
      'POST',
      `/api/group-schemes/${schemeId}/payments`,
      { amountPerMember: '100', paymentMethod: 'cash', paymentDate: today() },
      { token: admin },
    );
    expect(paid.status).toBe(201);
    const page = (await get(`/api/members/${zaneleRow.id}`)).body;
    expect(page).toMatchObject({ id: zaneleRow.id, schemeName: 'Mine Workers', age: expect.any(Number) });
    expect(page.lives.map((l: { firstName: string }) => l.firstName)).toEqual(['Zanele', 'Kabelo']);
    expect(page.policies).toEqual([expect.objectContaining({ policyNumber: zaneleRow.policyNumber, schemeId, balance: null })]);
    expect(page.payments).toEqual([
      expect.objectContaining({ memberId: zaneleRow.id, policyNumber: zaneleRow.policyNumber, amount: '200.00' }),
    ]);

    const kabeloRow = await person('Kabelo');
    const data = await gql(
      `query($id: ID!) { member(id: $id) { firstName schemeId schemeName lives { firstName } policies { policyNumber schemeName payments { totalCount } } } }`,
      { id: kabeloRow.id },
    );
    expect(data.member).toEqual({
      firstName: 'Kabelo',
      schemeId,
      schemeName: 'Mine Workers',
      lives: [{ firstName: 'Zanele' }, { firstName: 'Kabelo' }],
      policies: [{ policyNumber: zaneleRow.policyNumber, schemeName: 'Mine Workers', payments: { totalCount: 1 } }],
    });
    expect((await get(`/api/members/${zaneleRow.id}`, other)).status).toBe(404);
    // Not a member of the company's own book: their details are the scheme's to edit.
    const edit = await t.request('PUT', `/api/members/${zaneleRow.id}`, { firstName: 'Z', lastName: 'M' }, { token: admin });
    expect(edit.status).toBeGreaterThanOrEqual(400);
    expect(edit.status).toBeLessThan(500);
  });

  it('tells a scheme member’s history from the scheme’s events that concern them, in business words', async () => {
    const kabeloRow = await person('Kabelo');
    const zaneleRow = await person('Zanele');
    const data = await gql(`query($id: ID!) { member(id: $id) { history { title subject changes { label before after } } } }`, {
      id: kabeloRow.id,
    });
    const history = data.member.history as { title: string; subject: string; changes: { label: string; after: string | null }[] }[];
    expect(history.map((h) => h.title)).toEqual(['Group payment recorded', 'Scheme member added']);
    expect(history.every((h) => h.subject === 'Mine Workers')).toBe(true);
    expect(history[1]!.changes).toEqual([
      { label: 'Group policy', before: null, after: zaneleRow.policyNumber },
      { label: 'Cover amount', before: null, after: expect.stringMatching(/^10000/) },
      { label: 'Relationship', before: null, after: 'child' },
    ]);
    expect(history[0]!.changes.map((c) => c.label)).toEqual(['Amount per member', 'Payment date']);
    // Sipho's joining is not Kabelo's history.
    expect(JSON.stringify(history)).not.toContain((await person('Sipho')).policyNumber);
  });

  it('takes a claim on a group policy number (REST and GraphQL), with the cover the scheme gave the deceased', async () => {
    const zaneleRow = await person('Zanele');
    const byNumber = await t.request('POST', '/api/claims/by-policy-number', await claimOn(zaneleRow.policyNumber, kabelo.saId), {
      token: admin,
    });
    expect(byNumber.status).toBe(201);
    expect(byNumber.body).toMatchObject({
      policyNumber: zaneleRow.policyNumber,
      memberId: zaneleRow.id,
      memberName: 'Zanele Mokoena',
      deceasedOnPolicy: true,
      status: 'submitted',
    });
    const claims = await gql(
      `query($id: ID!) { member(id: $id) { policies { claims { claimNumber flags { coverageAmount exceedsCover withinWaitingPeriod } } } } }`,
      { id: zaneleRow.id },
    );
    expect(claims.member.policies[0].claims).toEqual([
      { claimNumber: byNumber.body.claimNumber, flags: { coverageAmount: '10000.00', exceedsCover: false, withinWaitingPeriod: false } },
    ]);

    // A group policy's number in lower case, through GraphQL's submitClaim.
    const siphoRow = await person('Sipho');
    const input = await claimOn(String(siphoRow.policyNumber).toLowerCase(), sipho.saId, '25000');
    const submitted = await t.graphql(
      `mutation($input: SubmitClaimInput!) { submitClaim(input: $input) { claimNumber memberId flags { deceasedOnPolicy exceedsCover coverageAmount } } }`,
      { input },
      admin,
    );
    expect(submitted.body.errors).toBeUndefined();
    expect(submitted.body.data.submitClaim).toMatchObject({
      memberId: siphoRow.id,
      flags: { deceasedOnPolicy: true, exceedsCover: true, coverageAmount: '20000.00' },
    });
    // Another company cannot claim on it.
    const foreign = await t.request(
      'POST',
      '/api/claims/by-policy-number',
      await claimOn(zaneleRow.policyNumber, nextSaId(), '8000', other),
      {
        token: other,
      },
    );
    expect([foreign.status, foreign.body.message]).toEqual([400, 'No policy was found with that id or policy number.']);
  });

  it('refuses a claim on a removed member’s group policy, which stays on Policies as cancelled', async () => {
    const siphoRow = await person('Sipho');
    const removed = await t.request('DELETE', `/api/group-schemes/${schemeId}/members/${siphoRow.id}`, undefined, { token: admin });
    expect(removed.status).toBe(200);
    const claim = await t.request('POST', '/api/claims/by-policy-number', await claimOn(siphoRow.policyNumber, nextSaId()), {
      token: admin,
    });
    expect(claim.status).toBe(422);
    expect(claim.body.message).toBe(`Claims can only be submitted on an active policy; policy ${siphoRow.policyNumber} is cancelled.`);
    const policies = (await get('/api/policies')).body as Record<string, unknown>[];
    expect(policies.find((p) => p.policyNumber === siphoRow.policyNumber)).toMatchObject({
      status: 'cancelled',
      schemeName: 'Mine Workers',
    });
    expect(await gql(`query { policyCounts { active cancelled total } members { totalCount } }`)).toEqual({
      policyCounts: { active: 1, cancelled: 1, total: 2 },
      members: { totalCount: 2 },
    });
  });

  it('group policies issued before claims on them record their scheme once, at start', async () => {
    const { sql, store } = t.services;
    const zaneleRow = await person('Zanele');
    await sql.query(`delete from reservations where scope like 'group-policy-scheme:%'`);
    await sql.query(`delete from write_model_migrations where name = 'group-policy-schemes'`);
    const lost = await t.request('POST', '/api/claims/by-policy-number', await claimOn(zaneleRow.policyNumber, nextSaId()), {
      token: admin,
    });
    expect(lost.body.message).toBe('No policy was found with that id or policy number.');
    expect(await reserveSchemesOfExistingGroupPolicies(store, sql)).toBe(2);
    expect(await reserveSchemesOfExistingGroupPolicies(store, sql)).toBe(0);
    const found = await t.request('POST', '/api/claims/by-policy-number', await claimOn(zaneleRow.policyNumber, nextSaId()), {
      token: admin,
    });
    expect(found.status).toBe(201);
  });

  it('renames their mark with the scheme', async () => {
    const renamed = await t.request(
      'PUT',
      `/api/group-schemes/${schemeId}`,
      { name: 'Mine Workers Union', description: '', status: 'active' },
      { token: admin },
    );
    expect(renamed.status).toBe(200);
    expect((await person('Zanele')).schemeName).toBe('Mine Workers Union');
  });
  it('refuses a claim on an inactive group scheme (REST and GraphQL, 422, nothing recorded); active again, it takes one', async () => {
    const zaneleRow = await person('Zanele');
    const setStatus = (status: string) =>
      t.request('PUT', `/api/group-schemes/${schemeId}`, { name: 'Mine Workers Union', description: '', status }, { token: admin });
    expect((await setStatus('inactive')).status).toBe(200);
    const message = `The group scheme Mine Workers Union is inactive: no claim can be submitted on its policy ${zaneleRow.policyNumber}. Set the scheme active first.`;
    const before = (await get('/api/claims')).body as unknown[];
    const rest = await t.request('POST', '/api/claims/by-policy-number', await claimOn(zaneleRow.policyNumber, nextSaId()), {
      token: admin,
    });
    expect([rest.status, rest.body.message]).toEqual([422, message]);
    const graphql = await t.graphql(
      `mutation($input: SubmitClaimInput!) { submitClaim(input: $input) { claimNumber } }`,
      { input: await claimOn(zaneleRow.policyNumber, nextSaId()) },
      admin,
    );
    expect(graphql.body.errors[0].message).toBe(message);
    expect(graphql.body.errors[0].extensions.code).toBe('RULE_VIOLATED');
    expect(((await get('/api/claims')).body as unknown[]).length).toBe(before.length);
    expect((await setStatus('active')).status).toBe(200);
    const again = await t.request('POST', '/api/claims/by-policy-number', await claimOn(zaneleRow.policyNumber, nextSaId()), {
      token: admin,
    });
    expect(again.status).toBe(201);
  });
});

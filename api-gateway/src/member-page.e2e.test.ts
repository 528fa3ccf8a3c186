import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model/validation';
import { caller, companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22, the member's page through HTTP: GraphQL member(id) answers the whole page in one query
 * (lives, policies with statement, mandate, payments and claims), REST GET /api/members/{id} the
 * summaries. Each section follows the caller's permissions: claims staff and billing clerks open the
 * page (members:read is theirs now) and see only what their role reads; another company's member is 404.
 */

const PAGE = `query Page($id: ID!) {
  member(id: $id) {
    id firstName lastName isMainMember age
    lives { id firstName relationship isMainMember age status }
    policies {
      id policyNumber status
      statement { paidUpTo balance monthsInArrears }
      mandate { mandateReference }
      payments { totalCount nodes { amount paymentDate } }
      claims { claimNumber deceasedName status }
    }
  }
}`;

describe.each(testDrivers())("the member's page on $name", (driver) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let main: { id: string; policyId: string; saId: string };
  let spouseId: string;
  let childId: string;
  let policyNumber: string;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const company = await companyWithStaff(t, ['claim_admin', 'billing_clerk', 'policy_admin']);
    tokens = company.tokens;
    const admin = caller(t, tokens.administrator!);
    const type = await admin('POST', '/api/policy-types', {
      name: 'Family 20k',
      coverageAmount: '20000',
      monthlyPremium: '150',
      waitingPeriod: 6,
    });
    const saId = makeSaId('700303', '5123');
    const member = await admin('POST', '/api/members', mainMemberBody(type.id, { firstName: 'Themba', lastName: 'Mthembu', saId }));
    main = { id: member.id, policyId: member.policyId, saId };
    policyNumber = member.policyNumber;
    const family = (firstName: string, relationship: string, born: string) =>
      admin('POST', '/api/members', {
        firstName,
        lastName: 'Mthembu',
        saId: makeSaId(born, '5200'),
        isMainMember: false,
        mainMemberId: main.id,
        relationship,
      });
    spouseId = (await family('Nomsa', 'spouse', '750808')).id;
    childId = (await family('Lwazi', 'child', '150505')).id;
    await caller(t, tokens.billing_clerk!)('POST', '/api/payments', {
      policyId: main.policyId,
      amount: '150',
      paymentDate: southAfricanDate(new Date()),
      paymentMethod: 'cash',
    });
    await submitClaim(t, tokens.claim_admin!, main.policyId, { deceasedSaId: makeSaId('750808', '5200'), claimantSaId: nextSaId() });
  });
  afterAll(async () => t?.close());

  it('answers the whole page in one GraphQL query, the same lives from a family member', async () => {
    const answer = await t.graphql(PAGE, { id: main.id }, tokens.administrator);
    expect(answer.body.errors).toBeUndefined();
    const page = answer.body.data.member;
    expect(page).toMatchObject({ firstName: 'Themba', isMainMember: true, age: expect.any(Number) });
    expect(page.lives.map((l: { firstName: string; relationship: string | null }) => [l.firstName, l.relationship])).toEqual([
      ['Themba', null],
      ['Nomsa', 'spouse'],
      ['Lwazi', 'child'],
    ]);
    expect(page.lives[2].age).toBeLessThan(21);
    expect(page.policies).toHaveLength(1);
    const policy = page.policies[0];
    expect(policy).toMatchObject({ policyNumber, status: 'active', mandate: null });
    expect(policy.statement).toMatchObject({ balance: '0.00', monthsInArrears: 0 });
    expect(policy.payments).toMatchObject({ totalCount: 1, nodes: [{ amount: '150.00' }] });
    expect(policy.claims).toEqual([{ claimNumber: expect.stringMatching(/^CLM-/), deceasedName: 'Jabulani Zulu', status: 'submitted' }]);

    const child = (await t.graphql(PAGE, { id: childId }, tokens.administrator)).body.data.member;
    expect(child.isMainMember).toBe(false);
    expect(child.lives.map((l: { id: string }) => l.id)).toEqual([main.id, spouseId, childId]);
    expect(child.policies.map((p: { policyNumber: string }) => p.policyNumber)).toEqual([policyNumber]);
  });

  it('shows each role only the sections it may read, and never fails the page for the rest', async () => {
    const claims = (await t.graphql(PAGE, { id: main.id }, tokens.claim_admin)).body;
    expect(claims.errors).toBeUndefined();
    expect(claims.data.member.policies[0].claims).toHaveLength(1);
    expect(claims.data.member.policies[0].payments).toBeNull();

    const billing = (await t.graphql(PAGE, { id: main.id }, tokens.billing_clerk)).body;
    expect(billing.errors).toBeUndefined();
    expect(billing.data.member.policies[0].payments.totalCount).toBe(1);
    expect(billing.data.member.policies[0].claims).toBeNull();

    const rest = await t.request('GET', `/api/members/${main.id}`, undefined, { token: tokens.policy_admin });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ payments: null, claims: null, policies: [{ policyNumber, balance: '0.00', monthsInArrears: 0 }] });
  });

  it("answers a policy with its lives for the claim form's choice of the deceased, null for another company's", async () => {
    const POLICY = `query P($id: ID!) { policy(id: $id) { policyNumber coverageAmount lives { firstName relationship birthDate } } }`;
    const answer = (await t.graphql(POLICY, { id: main.policyId }, tokens.claim_admin)).body;
    expect(answer.errors).toBeUndefined();
    expect(answer.data.policy).toMatchObject({ policyNumber, coverageAmount: '20000.00' });
    expect(answer.data.policy.lives.map((l: { firstName: string }) => l.firstName)).toEqual(['Themba', 'Nomsa', 'Lwazi']);
    expect(answer.data.policy.lives[0].birthDate).toBe('1970-03-03');
    const other = (await t.request('POST', '/api/register', registration())).body.token as string;
    expect((await t.graphql(POLICY, { id: main.policyId }, other)).body.data.policy).toBeNull();
  });

  it('answers GET /api/members/{id} with the summaries', async () => {
    const answer = await t.request('GET', `/api/members/${main.id}`, undefined, { token: tokens.administrator });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: main.id,
      saId: main.saId,
      age: expect.any(Number),
      lives: [
        { id: main.id, isMainMember: true },
        { id: spouseId, relationship: 'spouse' },
        { id: childId, relationship: 'child' },
      ],
      policies: [{ id: main.policyId, policyNumber, paidUpTo: expect.any(String), monthsInArrears: 0 }],
      payments: [{ policyId: main.policyId, amount: '150.00' }],
      claims: [{ policyId: main.policyId, status: 'submitted' }],
    });
  });

  it('finds members, policies and claims by name, ID or number from the dashboard search, each hit naming the member page', async () => {
    const SEARCH = `query S($text: String!) { search(text: $text) { kind id memberId title detail } }`;
    const hits = async (text: string, token = tokens.administrator) => {
      const answer = await t.graphql(SEARCH, { text }, token);
      expect(answer.body.errors).toBeUndefined();
      return answer.body.data.search as { kind: string; id: string; memberId: string; title: string; detail: string }[];
    };
    expect(await hits(main.saId)).toEqual([
      { kind: 'member', id: main.id, memberId: main.id, title: 'Themba Mthembu', detail: `Main member · ${main.saId} · ${policyNumber}` },
      { kind: 'policy', id: main.policyId, memberId: main.id, title: policyNumber, detail: expect.stringContaining('Themba Mthembu') },
    ]);
    expect((await hits(policyNumber.toLowerCase())).map((h) => [h.kind, h.memberId])).toEqual([
      ['policy', main.id],
      ['claim', main.id],
    ]);
    const claimNumber = (await hits('CLM-')).find((h) => h.kind === 'claim')!.title;
    expect((await hits(claimNumber)).map((h) => [h.kind, h.title])).toEqual([['claim', claimNumber]]);
    expect((await hits('Lwazi')).map((h) => [h.kind, h.memberId, h.detail])).toEqual([
      ['member', childId, expect.stringContaining('Family of Themba Mthembu')],
    ]);
    expect(await hits('T')).toEqual([]);
    // A billing clerk does not read claims: the claim's number finds nothing for them.
    expect(await hits(claimNumber, tokens.billing_clerk)).toEqual([]);
    expect((await hits('Themba', tokens.billing_clerk)).map((h) => h.kind)).toEqual(['member', 'policy']);
  });

  it('edits a family member: names, date of birth and relationship; refuses bad input and a main member, changing nothing', async () => {
    const path = `/api/members/${childId}/family-details`;
    const body = {
      firstName: 'Lwazi',
      lastName: 'Mthembu-Dube',
      dateOfBirth: '2015-05-05',
      relationship: 'other',
      otherRelationship: 'Grandchild',
    };
    const bad = await t.request('PUT', path, { ...body, otherRelationship: '', phone: '123' }, { token: tokens.policy_admin });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string[] }) => i.path.join('.')).sort()).toEqual(['otherRelationship', 'phone']);
    const onMain = await t.request('PUT', `/api/members/${main.id}/family-details`, body, { token: tokens.policy_admin });
    expect(onMain.status).toBeGreaterThanOrEqual(400);
    expect(onMain.status).toBeLessThan(500);
    expect((await t.request('PUT', path, body, { token: tokens.billing_clerk })).status).toBe(403);

    const saved = await t.request('PUT', path, body, { token: tokens.policy_admin });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: childId,
      lastName: 'Mthembu-Dube',
      relationship: 'other',
      otherRelationship: 'Grandchild',
      dateOfBirth: '2015-05-05',
    });
    const page = (await t.graphql(PAGE, { id: main.id }, tokens.administrator)).body.data.member;
    expect(page.lives.find((l: { id: string }) => l.id === childId)).toMatchObject({ relationship: 'other' });
    const main_ = (await t.request('GET', `/api/members/${main.id}`, undefined, { token: tokens.administrator })).body;
    expect(main_).toMatchObject({ firstName: 'Themba', relationship: null });

    const back = await t.graphql(
      `mutation U($id: ID!, $input: FamilyMemberDetailsInput!) { updateFamilyMember(id: $id, input: $input) { lastName relationship otherRelationship } }`,
      { id: childId, input: { ...body, lastName: 'Mthembu', relationship: 'child', otherRelationship: 'ignored' } },
      tokens.administrator,
    );
    expect(back.body.data.updateFamilyMember).toEqual({ lastName: 'Mthembu', relationship: 'child', otherRelationship: null });
  });

  it("is a 404 for an unknown member, another company's, or not an id; 403 without members:read", async () => {
    const other = (await t.request('POST', '/api/register', registration())).body.token as string;
    for (const id of [main.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await t.request('GET', `/api/members/${id}`, undefined, { token: other });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Member not found');
      expect((await t.graphql(PAGE, { id }, other)).body.data.member).toBeNull();
    }
    const agent = await companyWithStaff(t, ['agent']);
    expect((await t.request('GET', `/api/members/${main.id}`, undefined, { token: agent.tokens.agent })).status).toBe(403);
  });

  it('marks the life a death claim is for deceased once the claim is approved, and no one else', async () => {
    const claimId = (await t.request('GET', '/api/claims', undefined, { token: tokens.claim_admin })).body[0].id as string;
    // An approval of a flagged claim (here: within the waiting period) gives the override's reason.
    const move = (status: string) =>
      t.request(
        'PATCH',
        `/api/claims/${claimId}`,
        { status, overrideReason: 'Accidental death, police report' },
        { token: tokens.claim_admin },
      );
    expect((await move('under_review')).status).toBe(200);
    const status = async (id: string) =>
      (await t.request('GET', `/api/members/${id}`, undefined, { token: tokens.administrator })).body.status;
    expect(await status(spouseId)).toBe('active');
    expect((await move('approved')).status).toBe(200);
    expect(await status(spouseId)).toBe('deceased');
    expect(await status(main.id)).toBe('active');
    expect(await status(childId)).toBe('active');
    const lives = (await t.graphql(PAGE, { id: main.id }, tokens.administrator)).body.data.member.lives;
    expect(lives.map((l: { firstName: string; status: string }) => [l.firstName, l.status])).toEqual([
      ['Themba', 'active'],
      ['Nomsa', 'deceased'],
      ['Lwazi', 'active'],
    ]);
  });

  it('lists the papers for the person with their routes: schedule, statement, receipts, decision letters, claim documents', async () => {
    const DOCS = `query($id: ID!) { member(id: $id) { documents { kind title date href fileName policyNumber claimNumber } } }`;
    const answer = (await t.graphql(DOCS, { id: main.id }, tokens.administrator)).body;
    expect(answer.errors).toBeUndefined();
    type Doc = {
      kind: string;
      title: string;
      date: string;
      href: string;
      fileName: string;
      policyNumber: string | null;
      claimNumber: string | null;
    };
    const docs = answer.data.member.documents as Doc[];
    const kinds = (list: Doc[]) => [...new Set(list.map((d) => d.kind))].sort();
    expect(kinds(docs)).toEqual(['claim_document', 'decision_letter', 'payment_receipt', 'policy_schedule', 'premium_statement']);
    expect(docs.filter((d) => d.kind === 'claim_document')).toHaveLength(4);
    expect(docs.find((d) => d.kind === 'policy_schedule')).toMatchObject({
      title: `Schedule of policy ${policyNumber}`,
      href: `/api/policies/${main.policyId}/schedule.pdf`,
      policyNumber,
      claimNumber: null,
    });
    expect(docs.find((d) => d.kind === 'decision_letter')?.claimNumber).toMatch(/^CLM-/);
    // Newest first.
    expect(docs.map((d) => d.date)).toEqual([...docs.map((d) => d.date)].sort().reverse());
    // Every row's route gives its file.
    for (const doc of docs) {
      const file = await t.request('GET', doc.href, undefined, { token: tokens.administrator });
      expect([doc.kind, file.status]).toEqual([doc.kind, 200]);
      if (doc.kind !== 'claim_document') expect(file.headers.get('content-type')).toContain('application/pdf');
    }
    // A family member's page lists the papers of the policy covering them.
    const spouse = (await t.graphql(DOCS, { id: spouseId }, tokens.administrator)).body.data.member.documents as Doc[];
    expect(spouse.length).toBe(docs.length);
    // REST carries the same list; a role sees only the kinds it may open.
    const rest = await t.request('GET', `/api/members/${main.id}`, undefined, { token: tokens.administrator });
    expect(rest.body.documents).toEqual(docs);
    const billing = await t.request('GET', `/api/members/${main.id}`, undefined, { token: tokens.billing_clerk });
    expect(kinds(billing.body.documents)).toEqual(['payment_receipt', 'policy_schedule', 'premium_statement']);
  });

  it('tells the member’s history and their policy’s in business words, newest first, with names instead of ids', async () => {
    const HISTORY = `query H($id: ID!) { member(id: $id) { history { title subject note actor { name } changes { label before after } } } }`;
    const answer = await t.graphql(HISTORY, { id: main.id }, tokens.policy_admin);
    expect(answer.body.errors).toBeUndefined();
    const entries = answer.body.data.member.history as {
      title: string;
      subject: string;
      changes: { label: string; before: string | null; after: string | null }[];
    }[];
    const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const entry of entries) for (const change of entry.changes) expect(`${change.before} ${change.after}`).not.toMatch(UUID);
    expect(entries.at(-1)).toMatchObject({ title: 'Member registered', subject: 'Themba Mthembu' });
    const registered = entries.at(-1)!.changes;
    expect(registered).toContainEqual({ label: 'First name', before: null, after: 'Themba' });
    expect(registered).toContainEqual({ label: 'Policies', before: null, after: policyNumber });
    expect(registered.map((c) => c.label)).not.toContain('Company ID');
    const added = entries.filter((e) => e.title === 'Family member added');
    // Newest first: the child joined after the spouse.
    expect(added.map((e) => e.changes.find((c) => c.label === 'Family members')?.after)).toEqual([
      'Nomsa Mthembu, Lwazi Mthembu',
      'Nomsa Mthembu',
    ]);
    expect(entries.some((e) => e.subject === policyNumber)).toBe(true);
    // A billing clerk reads the member and their policy (members:read, policies:read): the same history.
    expect((await t.graphql(HISTORY, { id: main.id }, tokens.billing_clerk)).body.data.member.history).toHaveLength(entries.length);
  });
});

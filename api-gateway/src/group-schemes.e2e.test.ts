import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { migrateCompanyTables, southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';

let sequence = 6000;
const nextSaId = () => makeSaId('810808', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());
const NOT_FOUND = 'The requested group scheme could not be found.';
type Member = { id: string; firstName: string; isMainMember: boolean; mainMemberId: string | null; policyNumber: string };

const child = (firstName: string) => ({ firstName, lastName: 'Mokoena', saId: nextSaId(), relationship: 'child', coverAmount: '10000' });
const main = (firstName: string, family: ReturnType<typeof child>[] = []) => ({
  firstName,
  lastName: 'Mokoena',
  saId: nextSaId(),
  phone: '071 234 5678',
  address: '5 Church Street',
  city: 'Rustenburg',
  province: 'North West',
  postalCode: '0299',
  email: '',
  coverAmount: '20000',
  familyMembers: family,
});
const BLANK = { firstName: '', lastName: '', saId: '', phone: '', address: '', familyMembers: [] };
const HALF = { firstName: 'Half', lastName: 'Typed', saId: '', phone: '', address: '', familyMembers: [child('Lost')] };

describe.each(testDrivers())('group schemes over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let other: string;
  let scheme: { id: string };

  const create = (body: Record<string, unknown>, token = admin) => t.request('POST', '/api/group-schemes', body, { token });
  const members = async (id: string, token = admin): Promise<Member[]> =>
    (await t.request('GET', `/api/group-schemes/${id}/members`, undefined, { token })).body;
  const groupPay = (id: string, body: Record<string, unknown>, token = clerk) =>
    t.request('POST', `/api/group-schemes/${id}/payments`, body, { token });

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    other = (await t.request('POST', '/api/register', registration())).body.token;
    clerk = await staffToken(t, registered.user.companyId, 'billing_clerk');
    const created = await create({
      name: 'Mine Workers',
      description: 'Shaft 3',
      mainMembers: [main('Zanele', [child('Kabelo'), child('Naledi')]), BLANK, HALF, main('Sipho'), main('Lerato')],
    });
    scheme = created.body.scheme;
  });
  afterAll(async () => t?.close());

  it('creates a scheme with its members on group policies, dropping incomplete rows and saying how many', async () => {
    const again = await create({ name: 'Taxi Association', description: '', mainMembers: [BLANK, main('Thabo'), HALF] });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ mainMembersAdded: 1, familyMembersAdded: 0, droppedRows: 2 });
    expect(again.body.scheme).toMatchObject({ name: 'Taxi Association', status: 'active', totalMembers: 1, policyPrefix: 'TAX' });

    const card = (await t.request('GET', `/api/group-schemes/${scheme.id}`, undefined, { token: admin })).body;
    expect(card).toMatchObject({
      id: scheme.id,
      name: 'Mine Workers',
      description: 'Shaft 3',
      status: 'active',
      totalMembers: 5,
      mainMemberCount: 3,
      familyMemberCount: 2,
    });
    const list = (await t.request('GET', '/api/group-schemes', undefined, { token: clerk })).body;
    expect(list.map((s: { id: string }) => s.id)).toEqual([again.body.scheme.id, scheme.id]);

    const people = await members(scheme.id);
    expect(people.map((m) => [m.firstName, m.isMainMember, m.policyNumber])).toEqual([
      ['Zanele', true, expect.stringMatching(/^MIN-\d{6}$/)],
      ['Kabelo', false, people[0]!.policyNumber],
      ['Naledi', false, people[0]!.policyNumber],
      ['Sipho', true, expect.stringMatching(/^MIN-\d{6}$/)],
      ['Lerato', true, expect.stringMatching(/^MIN-\d{6}$/)],
    ]);
    expect(new Set(people.filter((m) => m.isMainMember).map((m) => m.policyNumber)).size).toBe(3);
    expect(people[1]!.mainMemberId).toBe(people[0]!.id);
    expect(people[0]).toMatchObject({ phone: '0712345678', coverAmount: '20000.00', email: null, status: 'active' });
  });

  it('refuses a nameless scheme, no complete main member, bad and duplicate SA IDs with clear messages', async () => {
    const nameless = await create({ name: ' ', mainMembers: [main('Zanele')] });
    expect([nameless.status, nameless.body.message]).toEqual([400, 'Please enter a scheme name']);
    const incomplete = await create({ name: 'Empty', mainMembers: [BLANK, HALF] });
    expect(incomplete.body.message).toBe('Please add at least one main member with complete information');
    const badId = await create({ name: 'Bad', mainMembers: [BLANK, { ...main('Zanele'), saId: '8001015009088' }] });
    expect(badId.body.issues).toContainEqual({ path: ['mainMembers', 1, 'saId'], message: 'Invalid SA ID number' });
    const twin = main('Twin');
    const twice = await create({ name: 'Twins', mainMembers: [twin, BLANK, { ...main('Other'), saId: twin.saId }] });
    expect([twice.status, twice.body.message, twice.body.issues]).toEqual([
      409,
      'This SA ID number appears more than once in the list',
      [{ path: ['mainMembers', 2, 'saId'], message: 'This SA ID number appears more than once in the list' }],
    ]);
    const onScheme = (await members(scheme.id))[3]!;
    const existing = await t.request(
      'POST',
      `/api/group-schemes/${scheme.id}/members`,
      { mainMembers: [{ ...main('Again'), saId: (onScheme as unknown as { saId: string }).saId }] },
      { token: admin },
    );
    expect([existing.status, existing.body.message]).toEqual([409, 'A member with this SA ID number is already on this scheme']);
    const noMembers = await t.request('POST', `/api/group-schemes/${scheme.id}/members`, { mainMembers: [BLANK] }, { token: admin });
    expect(noMembers.body.message).toBe('Please add at least one main member with complete information');
  });

  it('a group payment over 3 main members and 2 family members gives the right total and one payment per policy', async () => {
    const { id } = (
      await create({
        name: 'Burial Society',
        mainMembers: [main('Zanele', [child('Kabelo'), child('Naledi')]), main('Sipho'), main('Lerato')],
      })
    ).body.scheme;
    const answer = await groupPay(id, { amountPerMember: '100', paymentMethod: 'mobile_money', paymentDate: today(), reference: 'JUNE' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ schemeId: id, amountPerMember: '100.00', memberCount: 5, totalAmount: '500.00' });
    const people = await members(id);
    const policyOf = (name: string) => people.find((m) => m.firstName === name)!.policyNumber;
    expect(
      answer.body.payments.map((p: { policyNumber: string; amount: string; schemeName: string; status: string }) => [
        p.policyNumber,
        p.amount,
        p.schemeName,
        p.status,
      ]),
    ).toEqual([
      [policyOf('Zanele'), '300.00', 'Burial Society', 'completed'],
      [policyOf('Sipho'), '100.00', 'Burial Society', 'completed'],
      [policyOf('Lerato'), '100.00', 'Burial Society', 'completed'],
    ]);
    const listed = (await t.request('GET', `/api/payments?groupSchemeId=${id}`, undefined, { token: clerk })).body;
    expect(listed.map((p: { id: string }) => p.id).sort()).toEqual(answer.body.payments.map((p: { id: string }) => p.id).sort());

    // A retried request (same Idempotency-Key) answers the first run and records nothing more.
    const body = { amountPerMember: '10', paymentMethod: 'cash', paymentDate: today() };
    const headers = { 'idempotency-key': `group-${id}` };
    const once = await t.request('POST', `/api/group-schemes/${id}/payments`, body, { token: clerk, headers });
    const twice = await t.request('POST', `/api/group-schemes/${id}/payments`, body, { token: clerk, headers });
    expect([twice.body.groupPaymentId, twice.body.totalAmount, twice.body.payments.length]).toEqual([once.body.groupPaymentId, '50.00', 3]);
    expect((await t.request('GET', `/api/payments?groupSchemeId=${id}`, undefined, { token: clerk })).body).toHaveLength(6);

    const missing = await groupPay(id, {});
    expect(missing.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Amount per member is required', 'Payment method is required', 'Payment date is required']),
    );
    expect((await groupPay(id, { amountPerMember: '100', paymentMethod: 'bank_transfer', paymentDate: today() })).body.message).toBe(
      'Payment method is required',
    );
    for (const [paymentDate, message] of [
      ['0000-01-01', 'Payment date cannot be before 1900-01-01'],
      ['2026-02-30', 'Payment date must be a valid date'],
    ]) {
      const refused = await groupPay(id, { amountPerMember: '100', paymentMethod: 'cash', paymentDate });
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([400, message, ['paymentDate']]);
    }
    expect((await t.request('GET', `/api/payments?groupSchemeId=${id}`, undefined, { token: clerk })).body).toHaveLength(6);
    await t.request('PUT', `/api/group-schemes/${id}`, { name: 'Burial Society', description: '', status: 'inactive' }, { token: admin });
    const inactive = await groupPay(id, { amountPerMember: '100', paymentMethod: 'cash', paymentDate: today() });
    expect([inactive.status, inactive.body.message]).toEqual([
      422,
      'This scheme is inactive. Set it to active before recording a group payment.',
    ]);
  });

  it('removing a main member removes its family, and an empty scheme takes no group payment', async () => {
    const { id } = (await create({ name: 'Church Group', mainMembers: [main('Zanele', [child('Kabelo'), child('Naledi')])] })).body.scheme;
    const [zanele, kabelo] = await members(id);
    const family = await t.request('DELETE', `/api/group-schemes/${id}/members/${kabelo!.id}`, undefined, { token: admin });
    expect(family.body).toMatchObject({ removedMemberId: kabelo!.id, familyMembersRemoved: 0, scheme: { totalMembers: 2 } });
    const removed = await t.request('DELETE', `/api/group-schemes/${id}/members/${zanele!.id}`, undefined, { token: admin });
    expect([removed.status, removed.body.familyMembersRemoved, removed.body.scheme.totalMembers]).toEqual([200, 1, 0]);
    expect(await members(id)).toEqual([]);
    const again = await t.request('DELETE', `/api/group-schemes/${id}/members/${zanele!.id}`, undefined, { token: admin });
    expect([again.status, again.body.message]).toEqual([404, 'Scheme member not found']);
    const empty = await groupPay(id, { amountPerMember: '100', paymentMethod: 'cash', paymentDate: today() });
    expect([empty.status, empty.body.message]).toEqual([422, 'This scheme has no members to record a payment for.']);
  });

  it("edits a scheme, and answers 404 for unknown and other companies' schemes on every route", async () => {
    const edited = await t.request(
      'PUT',
      `/api/group-schemes/${scheme.id}`,
      { name: 'Mine Workers Union', description: 'All shafts', status: 'active' },
      { token: admin },
    );
    expect(edited.body).toMatchObject({ name: 'Mine Workers Union', description: 'All shafts', status: 'active', policyPrefix: 'MIN' });
    expect((await t.request('PUT', `/api/group-schemes/${scheme.id}`, { name: '', status: 'closed' }, { token: admin })).body.message).toBe(
      'Please enter a scheme name',
    );

    for (const [token, id] of [
      [other, scheme.id],
      [admin, crypto.randomUUID()],
      [admin, 'not-a-uuid'],
    ] as const) {
      const base = `/api/group-schemes/${id}`;
      const answers = [
        await t.request('GET', base, undefined, { token }),
        await t.request('PUT', base, { name: 'Taken', description: '', status: 'active' }, { token }),
        await t.request('GET', `${base}/members`, undefined, { token }),
        await t.request('POST', `${base}/members`, { mainMembers: [main('Intruder')] }, { token }),
        await t.request('DELETE', `${base}/members/${crypto.randomUUID()}`, undefined, { token }),
        await groupPay(id, { amountPerMember: '1', paymentMethod: 'cash', paymentDate: today() }, token),
      ];
      expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(6).fill([404, NOT_FOUND]));
    }
    expect((await t.request('GET', '/api/group-schemes', undefined, { token: other })).body).toEqual([]);
  });

  it('lets billing clerks read schemes and record group payments but not change schemes; claims staff not at all', async () => {
    expect((await create({ name: 'Clerk Scheme', mainMembers: [main('Zanele')] }, clerk)).status).toBe(403);
    expect(
      (await t.request('DELETE', `/api/group-schemes/${scheme.id}/members/${crypto.randomUUID()}`, undefined, { token: clerk })).status,
    ).toBe(403);
    const companyId = (await t.request('GET', '/api/company', undefined, { token: admin })).body.id;
    const policyAdmin = await staffToken(t, companyId, 'policy_admin');
    expect((await create({ name: 'Policy Admin Scheme', mainMembers: [main('Thandi')] }, policyAdmin)).status).toBe(201);
    expect((await groupPay(scheme.id, { amountPerMember: '1', paymentMethod: 'cash', paymentDate: today() }, policyAdmin)).status).toBe(
      403,
    );
    const claims = await staffToken(t, companyId, 'claim_admin');
    expect((await t.request('GET', '/api/group-schemes', undefined, { token: claims })).status).toBe(403);
  });

  it('serves the same over GraphQL: nested members, dropped rows, group payment, removal', async () => {
    const created = await t.graphql(
      `mutation($i: CreateGroupSchemeInput!) { createGroupScheme(input: $i) { droppedRows mainMembersAdded scheme { id totalMembers policyPrefix } } }`,
      { i: { name: 'Nurses Guild', mainMembers: [main('Zanele', [child('Kabelo')]), HALF] } },
      admin,
    );
    expect(created.body.errors).toBeUndefined();
    const { id } = created.body.data.createGroupScheme.scheme;
    expect(created.body.data.createGroupScheme).toMatchObject({
      droppedRows: 2,
      mainMembersAdded: 1,
      scheme: { totalMembers: 2, policyPrefix: 'NUR' },
    });
    const added = await t.graphql(
      `mutation($id: ID!, $i: AddSchemeMembersInput!) { addSchemeMembers(schemeId: $id, input: $i) { droppedRows familyMembersAdded scheme { totalMembers } } }`,
      { id, i: { mainMembers: [main('Sipho', [child('Ayanda')]), BLANK] } },
      admin,
    );
    expect(added.body.data.addSchemeMembers).toEqual({ droppedRows: 0, familyMembersAdded: 1, scheme: { totalMembers: 4 } });
    const read = await t.graphql(
      `query($id: ID!) { groupScheme(id: $id) { name status } groupSchemes { id } schemeMembers(schemeId: $id) { id firstName policyNumber familyMembers { firstName policyNumber relationship } } }`,
      { id },
      clerk,
    );
    const nested = read.body.data.schemeMembers;
    expect(
      nested.map((m: { firstName: string; familyMembers: { firstName: string }[] }) => [
        m.firstName,
        m.familyMembers.map((f) => f.firstName),
      ]),
    ).toEqual([
      ['Zanele', ['Kabelo']],
      ['Sipho', ['Ayanda']],
    ]);
    expect(nested[0].familyMembers[0]).toEqual({ firstName: 'Kabelo', policyNumber: nested[0].policyNumber, relationship: 'child' });
    const paid = await t.graphql(
      `mutation($id: ID!, $i: RecordGroupPaymentInput!) { recordGroupPayment(schemeId: $id, input: $i) { totalAmount memberCount payments { amount } } }`,
      { id, i: { amountPerMember: '50', paymentMethod: 'eft', paymentDate: today() } },
      clerk,
    );
    expect(paid.body.data.recordGroupPayment).toEqual({
      totalAmount: '200.00',
      memberCount: 4,
      payments: [{ amount: '100.00' }, { amount: '100.00' }],
    });
    const removed = await t.graphql(
      `mutation($s: ID!, $m: ID!) { removeSchemeMember(schemeId: $s, memberId: $m) { familyMembersRemoved scheme { totalMembers } } }`,
      { s: id, m: nested[0].id },
      admin,
    );
    expect(removed.body.data.removeSchemeMember).toEqual({ familyMembersRemoved: 1, scheme: { totalMembers: 2 } });
    const updated = await t.graphql(
      `mutation($id: ID!) { updateGroupScheme(id: $id, input: { name: "Nurses", status: inactive }) { name status description } }`,
      { id },
      admin,
    );
    expect(updated.body.data.updateGroupScheme).toEqual({ name: 'Nurses', status: 'inactive', description: '' });

    const foreign = await t.graphql(`query($id: ID!) { groupScheme(id: $id) { id } }`, { id }, other);
    expect(foreign.body.data.groupScheme).toBeNull();
    const foreignMembers = await t.graphql(`query($id: ID!) { schemeMembers(schemeId: $id) { id } }`, { id }, other);
    expect(foreignMembers.body.errors[0]).toMatchObject({ message: NOT_FOUND, extensions: { code: 'NOT_FOUND' } });
  });

  it('counts scheme members toward the member limit like every other insured person, also under concurrency', async () => {
    const company = (await t.request('POST', '/api/register', registration())).body;
    const token = company.token as string;
    const companyId = company.user.companyId as string;
    await t.services.sql.query(`update company_quotas set member_limit = members_used + 6 where company_id = $1`, [companyId]);
    const person = () => ({
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      saId: nextSaId(),
      phone: '082 555 1234',
      address: '12 Vilakazi Street',
      city: 'Soweto',
      province: 'GP',
      postalCode: '1804',
      isMainMember: true,
    });
    const canAdd = async () => (await t.request('GET', '/api/members/can-add', undefined, { token })).body;
    const used = async () =>
      (await t.services.sql.query<{ n: number }>(`select members_used as n from company_quotas where company_id = $1`, [companyId]))[0]!.n;

    const created = await t.request(
      'POST',
      '/api/group-schemes',
      { name: 'Bakers', description: '', mainMembers: [main('Zanele', [child('Kabelo')]), main('Sipho')] },
      { token },
    );
    expect(created.status).toBe(201);
    expect(await used()).toBe(3);
    expect((await t.request('GET', '/api/subscription', undefined, { token })).body.currentMemberCount).toBe(3);
    const id = created.body.scheme.id as string;
    expect(
      (await t.request('POST', `/api/group-schemes/${id}/members`, { mainMembers: [main('Lerato', [child('Naledi')])] }, { token })).status,
    ).toBe(201);
    expect((await t.request('POST', '/api/members', person(), { token })).status).toBe(201);
    expect(await used()).toBe(6);

    const full = await canAdd();
    expect(full).toEqual({
      canAdd: false,
      reason:
        'Member limit reached: your plan allows 6 members and you have 6. Every insured person counts: main members, their family members and group-scheme members. Upgrade your subscription to add more members.',
    });
    const refused = await t.request('POST', `/api/group-schemes/${id}/members`, { mainMembers: [main('Thabo')] }, { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'LIMIT_REACHED', message: full.reason });
    const another = await t.request(
      'POST',
      '/api/group-schemes',
      { name: 'Miners', description: '', mainMembers: [main('Thabo')] },
      { token },
    );
    expect(another.body).toMatchObject({ code: 'LIMIT_REACHED', message: full.reason });
    expect((await t.request('POST', '/api/members', person(), { token })).status).toBe(403);
    expect((await members(id, token)).length).toBe(5);

    // Removing Lerato and her child frees two places.
    const lerato = (await members(id, token)).find((m) => m.firstName === 'Lerato')!;
    expect(
      (await t.request('DELETE', `/api/group-schemes/${id}/members/${lerato.id}`, undefined, { token })).body.familyMembersRemoved,
    ).toBe(1);
    expect(await used()).toBe(4);
    expect((await canAdd()).canAdd).toBe(true);

    // Two places left: scheme additions and registrations at once never overshoot.
    const answers = await Promise.all([
      t.request('POST', `/api/group-schemes/${id}/members`, { mainMembers: [main('Ayanda', [child('Bongi')])] }, { token }),
      t.request(
        'POST',
        '/api/group-schemes',
        { name: 'Drivers', description: '', mainMembers: [main('Musa', [child('Lwazi')])] },
        { token },
      ),
      t.request('POST', '/api/members', person(), { token }),
      t.request('POST', '/api/members', person(), { token }),
    ]);
    const taken = [2, 2, 1, 1].reduce((n, places, i) => n + (answers[i]!.status === 201 ? places : 0), 0);
    expect(answers.every((a) => a.status === 201 || (a.status === 403 && a.body.code === 'LIMIT_REACHED'))).toBe(true);
    expect(taken).toBeLessThanOrEqual(2);
    expect(taken).toBeGreaterThanOrEqual(1);
    expect(await used()).toBe(4 + taken);

    // A database from before this rule: the one-time migration adds the scheme members already there.
    const inSchemes = async () =>
      (
        await t.services.sql.query<{ n: number }>(
          `select coalesce(sum(main_members + family_members), 0)::int as n from group_schemes where company_id = $1`,
          [companyId],
        )
      )[0]!.n;
    const before = await used();
    await t.services.sql.query(`update company_quotas set members_used = members_used - $2 where company_id = $1`, [
      companyId,
      await inSchemes(),
    ]);
    await t.services.sql.query(`delete from write_model_migrations where name = 'scheme-members-in-member-quota'`);
    await migrateCompanyTables(t.services.sql);
    expect(await used()).toBe(before);
    await migrateCompanyTables(t.services.sql);
    expect(await used()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { BENEFICIARY_MESSAGES } from '@fpa/write-model/validation';
import { mainMemberBody } from './calendar.testing.ts';
import { staffToken } from './role-sessions.testing.ts';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22 through HTTP: a policy's beneficiaries nominated over REST (PUT /api/policies/{id}/beneficiaries)
 * and GraphQL (nominateBeneficiaries), read back on both, replaced whole; refusals change nothing; another
 * company's policy is not found; a role that may read policies but not change them is refused.
 */

const NOMINATE = `mutation Nominate($id: ID!, $input: NominateBeneficiariesInput!) {
  nominateBeneficiaries(id: $id, input: $input) { firstName lastName idNumber relationship phone share }
}`;

const MEMBER_PAGE = `query Page($id: ID!) {
  member(id: $id) { policies { id beneficiaries { firstName lastName idNumber relationship phone share } } }
}`;

const SPOUSE_ID = makeSaId('880808', '0123');
const CHILD_ID = makeSaId('120412', '5123');

const spouse = {
  firstName: 'Thandi',
  lastName: 'Mahlaba',
  idNumber: SPOUSE_ID,
  relationship: 'spouse',
  phone: '082 123 4567',
  share: '60',
};
const child = { firstName: 'Lwazi', lastName: 'Mahlaba', idNumber: CHILD_ID, relationship: 'child', share: '40' };

describe.each(testDrivers())('beneficiaries on a policy, on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let policyAdmin: string;
  let claimsClerk: string;
  let memberId: string;
  let policyId: string;

  const put = (body: unknown, token = policyAdmin, id = policyId) => t.request('PUT', `/api/policies/${id}/beneficiaries`, body, { token });
  const get = (token = admin, id = policyId) => t.request('GET', `/api/policies/${id}/beneficiaries`, undefined, { token });
  const nominatedEvents = async () =>
    (
      await t.services.sql.query<{ n: number }>(
        `select count(*)::int as n from es_events where type = 'BeneficiariesNominated' and stream_id = $1`,
        [`policy-${policyId}`],
      )
    )[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    policyAdmin = await staffToken(t, registered.user.companyId, 'policy_admin');
    claimsClerk = await staffToken(t, registered.user.companyId, 'claim_admin');
    const type = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Family 30k', coverageAmount: '30000', monthlyPremium: '180', waitingPeriod: 6 },
      { token: admin },
    );
    const member = await t.request('POST', '/api/members', mainMemberBody(type.body.id, { lastName: 'Mahlaba' }), { token: admin });
    expect(member.status).toBe(201);
    memberId = member.body.id;
    policyId = member.body.policyId;
  });
  afterAll(async () => t?.close());

  it('starts with none; a policy admin nominates two over REST and reads them back, tidied, in their order', async () => {
    expect((await get()).body).toEqual([]);
    const nominated = await put({ beneficiaries: [spouse, child] });
    expect(nominated.status).toBe(200);
    const expected = [
      { ...spouse, phone: '0821234567', share: '60.00' },
      { ...child, phone: null, share: '40.00' },
    ];
    expect(nominated.body).toEqual(expected);
    expect((await get()).body).toEqual(expected);
    // The claims desk reads them (it pays them) without being able to change them.
    expect((await get(claimsClerk)).body).toEqual(expected);
    const page = await t.graphql(MEMBER_PAGE, { id: memberId }, admin);
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.member.policies).toEqual([{ id: policyId, beneficiaries: expected }]);
  });

  it('keeps their personal data sealed in the event store', async () => {
    const [row] = await t.services.sql.query<{ text: string }>(
      `select data::text as text from es_events where type = 'BeneficiariesNominated' and stream_id = $1`,
      [`policy-${policyId}`],
    );
    for (const secret of ['Thandi', 'Lwazi', SPOUSE_ID, CHILD_ID, '0821234567']) expect(row!.text).not.toContain(secret);
    expect(row!.text).toMatch(/"share": ?"60.00"/);
  });

  it('refuses a set that breaks a rule, saying why, and changes nothing', async () => {
    const before = [await nominatedEvents(), JSON.stringify((await get()).body)];
    const ten = Array.from({ length: 11 }, (_, i) => ({ firstName: `Child ${i}`, lastName: 'Mahlaba', relationship: 'child', share: '9' }));
    const refusals = [
      [
        { beneficiaries: [spouse, { ...child, share: '30' }] },
        "The beneficiaries' shares must add up to 100% (now 90%).",
        ['beneficiaries'],
      ],
      [{ beneficiaries: [spouse, { ...child, idNumber: SPOUSE_ID }] }, BENEFICIARY_MESSAGES.duplicateId, ['beneficiaries', 1, 'idNumber']],
      [{ beneficiaries: [] }, BENEFICIARY_MESSAGES.tooFew, ['beneficiaries']],
      [{ beneficiaries: ten }, BENEFICIARY_MESSAGES.tooMany, ['beneficiaries']],
      [{ beneficiaries: [{ ...spouse, share: '100', phone: '12345' }] }, BENEFICIARY_MESSAGES.phone, ['beneficiaries', 0, 'phone']],
    ] as const;
    for (const [body, message, path] of refusals) {
      const answer = await put(body);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
      expect(answer.body.issues).toContainEqual({ path, message });
    }
    const graphql = await t.graphql(NOMINATE, { id: policyId, input: { beneficiaries: [{ ...child, share: '50' }] } }, policyAdmin);
    expect(graphql.body.errors[0]).toMatchObject({
      message: "The beneficiaries' shares must add up to 100% (now 50%).",
      extensions: { code: 'VALIDATION_FAILED' },
    });
    expect([await nominatedEvents(), JSON.stringify((await get()).body)]).toEqual(before);
  });

  it("answers another company's policy, and an unknown one, as not found; a role without the permission is refused", async () => {
    const other = (await t.request('POST', '/api/register', registration())).body.token;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const answer of [
      await put({ beneficiaries: [{ ...spouse, share: '100' }] }, other),
      await get(other),
      await put({ beneficiaries: [{ ...spouse, share: '100' }] }, admin, unknown),
      await get(admin, unknown),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([404, 'Policy not found']);
    }
    const graphql = await t.graphql(NOMINATE, { id: policyId, input: { beneficiaries: [{ ...spouse, share: '100' }] } }, other);
    expect(graphql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const refused = await put({ beneficiaries: [{ ...spouse, share: '100' }] }, claimsClerk);
    expect(refused.status).toBe(403);
    expect((await get()).body).toHaveLength(2);
  });

  it('replaces the set whole over GraphQL, also on a cancelled policy', async () => {
    const cancelled = await t.request('PATCH', `/api/policies/${policyId}`, { status: 'cancelled' }, { token: policyAdmin });
    expect(cancelled.status).toBe(200);
    const answer = await t.graphql(
      NOMINATE,
      { id: policyId, input: { beneficiaries: [{ ...child, share: '100', idNumber: 'a 1234567' }] } },
      policyAdmin,
    );
    expect(answer.body.errors).toBeUndefined();
    const expected = [{ ...child, idNumber: 'A1234567', phone: null, share: '100.00' }];
    expect(answer.body.data.nominateBeneficiaries).toEqual(expected);
    expect((await get()).body).toEqual(expected);
  });
});

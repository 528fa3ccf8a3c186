import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody, setDay } from './calendar.testing.ts';
import { makeSaId, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22, the policy type's rule for the other lives on the main member's death: 'end_policy' (the
 * default) ends the policy's premiums with the main member; 'continue_with_spouse' makes a surviving spouse
 * the policyholder and the policy goes on at the premium of the lives left. Set through REST and GraphQL.
 */

const benefits = [
  { relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' },
  { relationship: 'spouse', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '90' },
  { relationship: 'child', minAge: 0, maxAge: 21, coverAmount: '10000', monthlyPremium: '15' },
];
const TYPE_FIELDS = 'id name onMainMemberDeath';
const POLICY = `query($id: ID!) { policy(id: $id) { status monthlyPremium coverByLife { relationship coverAmount monthlyPremium deceasedOn } } }`;

describe.each(testDrivers())("the main member's death by the policy type's rule on $name", (driver) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let seq = 5400;

  const family = async (typeId: string, surname: string) => {
    const token = tokens.administrator;
    const mainSaId = makeSaId('750101', String(seq++));
    const main = await t.request('POST', '/api/members', mainMemberBody(typeId, { lastName: surname, saId: mainSaId }), { token });
    expect(main.status).toBe(201);
    const kin = (born: string, relationship: string) =>
      t.request(
        'POST',
        '/api/members',
        {
          firstName: 'Kin',
          lastName: surname,
          saId: makeSaId(born, String(seq++)),
          isMainMember: false,
          mainMemberId: main.body.id,
          relationship,
        },
        { token },
      );
    const spouse = await kin('780202', 'spouse');
    await kin('150101', 'child');
    return { id: main.body.id as string, policyId: main.body.policyId as string, saId: mainSaId, spouseId: spouse.body.id as string };
  };
  const approveDeath = async (policyId: string, deceasedSaId: string, diedOn: string) => {
    const claim = await submitClaim(t, tokens.claim_admin!, policyId, { deceasedSaId, claimantSaId: nextSaId(), diedOn });
    const move = (body: Record<string, unknown>) => t.request('PATCH', `/api/claims/${claim.id}`, body, { token: tokens.claim_admin });
    expect((await move({ status: 'under_review' })).status).toBe(200);
    expect((await move({ status: 'approved', overrideReason: 'Accidental death, police report attached' })).status).toBe(200);
  };
  const policy = async (id: string) => (await t.graphql(POLICY, { id }, tokens.administrator)).body.data.policy;
  const statement = async (id: string) =>
    (await t.request('GET', `/api/policies/${id}/statement`, undefined, { token: tokens.administrator })).body as {
      status: string;
      periods: { period: string; amountDue: string }[];
    };

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay(t, '2026-01-10');
    tokens = (await companyWithStaff(t, ['claim_admin'])).tokens;
  });
  afterAll(async () => t?.close());

  it('sets the rule on a policy type through REST and GraphQL; end_policy by default; a bad value is refused', async () => {
    const token = tokens.administrator;
    const plain = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Family Plan', coverageAmount: '1000', monthlyPremium: '10', waitingPeriod: 6, benefits },
      { token },
    );
    expect([plain.status, plain.body.onMainMemberDeath]).toEqual([201, 'end_policy']);
    const bad = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Bad', coverageAmount: '1000', monthlyPremium: '10', waitingPeriod: 6, onMainMemberDeath: 'keep-going' },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({
      path: ['onMainMemberDeath'],
      message: "Choose what the main member's death does: end the policy, or continue with the spouse",
    });
    const created = await t.graphql(
      `mutation($i: PolicyTypeInput!) { createPolicyType(input: $i) { ${TYPE_FIELDS} } }`,
      {
        i: {
          name: 'Family Plan Continue',
          coverageAmount: '1000',
          monthlyPremium: '10',
          waitingPeriod: 6,
          benefits,
          onMainMemberDeath: 'continue_with_spouse',
        },
      },
      token,
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createPolicyType.onMainMemberDeath).toBe('continue_with_spouse');
    // An update that leaves the rule out keeps it.
    const updated = await t.request(
      'PUT',
      `/api/policy-types/${created.body.data.createPolicyType.id}`,
      { name: 'Family Plan Continue', coverageAmount: '1000', monthlyPremium: '10', waitingPeriod: 6 },
      { token },
    );
    expect([updated.status, updated.body.onMainMemberDeath]).toEqual([200, 'continue_with_spouse']);
    const listed = (await t.graphql(`query { policyTypes { ${TYPE_FIELDS} } }`, {}, token)).body.data.policyTypes as {
      name: string;
      onMainMemberDeath: string;
    }[];
    expect(listed.map((p) => [p.name, p.onMainMemberDeath]).sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
      ['Family Plan', 'end_policy'],
      ['Family Plan Continue', 'continue_with_spouse'],
    ]);
  });

  it('continue_with_spouse: the spouse holds the policy, which goes on at the premium of the lives left', async () => {
    const types = (await t.request('GET', '/api/policy-types', undefined, { token: tokens.administrator })).body as {
      id: string;
      name: string;
    }[];
    const holder = await family(types.find((p) => p.name === 'Family Plan Continue')!.id, 'Dube');
    expect((await policy(holder.policyId)).monthlyPremium).toBe('255.00');
    setDay(t, '2026-03-20');
    await approveDeath(holder.policyId, holder.saId, '2026-03-12');
    const after = await policy(holder.policyId);
    expect(after).toMatchObject({ status: 'active', monthlyPremium: '105.00' });
    expect(
      after.coverByLife.map((l: { relationship: string; coverAmount: string; deceasedOn: string | null }) => [
        l.relationship,
        l.coverAmount,
        l.deceasedOn,
      ]),
    ).toEqual([
      ['main_member', '0.00', '2026-03-12'],
      ['spouse', '30000', null],
      ['child', '10000', null],
    ]);
    setDay(t, '2026-04-15');
    const book = await statement(holder.policyId);
    expect(book.status).toBe('active');
    expect(book.periods.map((p) => [p.period, p.amountDue])).toEqual([
      ['2026-01', '255.00'],
      ['2026-02', '255.00'],
      ['2026-03', '255.00'],
      ['2026-04', '105.00'],
    ]);
    // The spouse is the policy's member on Policies; the main member's page still lists the policy issued to them.
    const policies = (await t.request('GET', '/api/policies', undefined, { token: tokens.administrator })).body as {
      id: string;
      memberId: string;
      memberName: string;
    }[];
    expect(policies.find((p) => p.id === holder.policyId)).toMatchObject({ memberId: holder.spouseId, memberName: 'Kin Dube' });
    const page = (await t.request('GET', `/api/members/${holder.id}`, undefined, { token: tokens.administrator })).body;
    expect(page.policies.map((p: { id: string }) => p.id)).toEqual([holder.policyId]);
    const spousePage = (await t.request('GET', `/api/members/${holder.spouseId}`, undefined, { token: tokens.administrator })).body;
    expect(spousePage.policies.map((p: { id: string }) => p.id)).toEqual([holder.policyId]);
    const history = await t.graphql(`query($id: ID!) { member(id: $id) { history { title } } }`, { id: holder.id }, tokens.administrator);
    expect((history.body.data.member.history as { title: string }[]).map((h) => h.title)).toContain(
      'The spouse holds the policy: the main member died',
    );
  });

  it('end_policy: the policy’s premiums end with the main member, as before', async () => {
    setDay(t, '2026-01-10');
    const types = (await t.request('GET', '/api/policy-types', undefined, { token: tokens.administrator })).body as {
      id: string;
      name: string;
    }[];
    const holder = await family(types.find((p) => p.name === 'Family Plan')!.id, 'Zulu');
    setDay(t, '2026-03-20');
    await approveDeath(holder.policyId, holder.saId, '2026-03-12');
    expect((await policy(holder.policyId)).monthlyPremium).toBe('255.00');
    setDay(t, '2026-04-15');
    const book = await statement(holder.policyId);
    expect(book.status).toBe('ended');
    expect(book.periods.map((p) => p.period)).toEqual(['2026-01', '2026-02', '2026-03']);
  });
});

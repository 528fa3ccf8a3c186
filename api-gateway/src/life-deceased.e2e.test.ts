import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { companyWithStaff, nextSaId, submitClaim } from './audit.testing.ts';
import { mainMemberBody, setDay } from './calendar.testing.ts';
import { makeSaId, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22, a death on a policy with a benefit table: once a death claim for a life that is not the main
 * member is approved, that life stays on the policy as deceased (cover and premium 0), the policy's premium
 * is the sum of the lives left from the month due after the death, and the statement bills it so.
 */

const FAMILY_PLAN = {
  name: 'Family Plan',
  coverageAmount: '1000',
  monthlyPremium: '10',
  waitingPeriod: 6,
  benefits: [
    { relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' },
    { relationship: 'spouse', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '90' },
    { relationship: 'child', minAge: 0, maxAge: 21, coverAmount: '10000', monthlyPremium: '15' },
  ],
};

const POLICY = `query($id: ID!) { policy(id: $id) { monthlyPremium coverByLife { memberId relationship coverAmount monthlyPremium deceasedOn } } }`;

describe.each(testDrivers())('a deceased life on a policy with a benefit table on $name', (driver) => {
  let t: TestApp;
  let tokens: Record<string, string>;
  let main: { id: string; policyId: string };
  const spouseSaId = makeSaId('780202', '5302');
  const childSaId = makeSaId('150101', '5303');
  let spouseId: string;
  let childId: string;

  const policy = async () => {
    const answer = await t.graphql(POLICY, { id: main.policyId }, tokens.administrator);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.policy as {
      monthlyPremium: string;
      coverByLife: { memberId: string; relationship: string; coverAmount: string; monthlyPremium: string; deceasedOn: string | null }[];
    };
  };
  const member = async (id: string) => (await t.request('GET', `/api/members/${id}`, undefined, { token: tokens.administrator })).body;

  beforeAll(async () => {
    t = await startTestApp(driver);
    setDay(t, '2026-01-10');
    tokens = (await companyWithStaff(t, ['claim_admin'])).tokens;
    const token = tokens.administrator;
    const type = await t.request('POST', '/api/policy-types', FAMILY_PLAN, { token });
    expect(type.status).toBe(201);
    const holder = await t.request(
      'POST',
      '/api/members',
      mainMemberBody(type.body.id, { firstName: 'Thabo', lastName: 'Mokoena', saId: makeSaId('750101', '5301') }),
      { token },
    );
    expect(holder.status).toBe(201);
    main = { id: holder.body.id, policyId: holder.body.policyId };
    const kin = (saId: string, relationship: string, firstName: string) =>
      t.request(
        'POST',
        '/api/members',
        { firstName, lastName: 'Mokoena', saId, isMainMember: false, mainMemberId: main.id, relationship },
        { token },
      );
    spouseId = (await kin(spouseSaId, 'spouse', 'Nomsa')).body.id;
    childId = (await kin(childSaId, 'child', 'Lwazi')).body.id;
    expect((await policy()).monthlyPremium).toBe('255.00');
  });
  afterAll(async () => t?.close());

  it('REST: an approved claim for the spouse marks the life deceased, cover 0, and drops its premium from the next month due', async () => {
    setDay(t, '2026-03-20');
    const claim = await submitClaim(t, tokens.claim_admin!, main.policyId, {
      deceasedSaId: spouseSaId,
      claimantSaId: nextSaId(),
      diedOn: '2026-03-12',
    });
    const move = (body: Record<string, unknown>) => t.request('PATCH', `/api/claims/${claim.id}`, body, { token: tokens.claim_admin });
    expect((await move({ status: 'under_review' })).status).toBe(200);
    // Nothing changes before the decision.
    expect((await policy()).monthlyPremium).toBe('255.00');
    const approved = await move({ status: 'approved', overrideReason: 'Accidental death, police report attached' });
    expect(approved.status).toBe(200);

    const after = await policy();
    expect(after.monthlyPremium).toBe('165.00');
    expect(after.coverByLife.map((l) => [l.relationship, l.coverAmount, l.monthlyPremium, l.deceasedOn])).toEqual([
      ['main_member', '30000', '150', null],
      ['spouse', '0.00', '0.00', '2026-03-12'],
      ['child', '10000', '15', null],
    ]);
    expect((await member(spouseId)).status).toBe('deceased');
    expect((await member(main.id)).status).toBe('active');

    // The statement: March (due 2026-03-10, before the death) owes the full premium, April on the rest.
    setDay(t, '2026-04-15');
    const statement = (await t.request('GET', `/api/policies/${main.policyId}/statement`, undefined, { token: tokens.administrator })).body;
    expect(statement.status).toBe('active');
    expect(statement.periods.map((p: { period: string; amountDue: string }) => [p.period, p.amountDue])).toEqual([
      ['2026-01', '255.00'],
      ['2026-02', '255.00'],
      ['2026-03', '255.00'],
      ['2026-04', '165.00'],
    ]);

    // The member's page's history says what happened.
    const history = await t.graphql(
      `query($id: ID!) { member(id: $id) { history { title subject } } }`,
      { id: main.id },
      tokens.administrator,
    );
    expect(history.body.errors).toBeUndefined();
    const titles = (history.body.data.member.history as { title: string }[]).map((e) => e.title);
    expect(titles.filter((title) => title === 'Life deceased: its cover and premium ended')).toHaveLength(1);
  });

  it('GraphQL: the same for the child', async () => {
    const claim = await submitClaim(t, tokens.claim_admin!, main.policyId, {
      deceasedSaId: childSaId,
      claimantSaId: nextSaId(),
      diedOn: '2026-04-14',
    });
    const change = (input: Record<string, unknown>) =>
      t.graphql(
        `mutation($id: ID!, $status: ClaimStatus!, $reason: String) { changeClaimStatus(id: $id, status: $status, overrideReason: $reason) { status } }`,
        { id: claim.id, ...input },
        tokens.claim_admin,
      );
    expect((await change({ status: 'under_review' })).body.errors).toBeUndefined();
    const approved = await change({ status: 'approved', reason: 'Accidental death, police report attached' });
    expect(approved.body.errors).toBeUndefined();
    const after = await policy();
    expect(after.monthlyPremium).toBe('150.00');
    expect(after.coverByLife.find((l) => l.memberId === childId)).toMatchObject({
      coverAmount: '0.00',
      monthlyPremium: '0.00',
      deceasedOn: '2026-04-14',
    });
    expect((await member(childId)).status).toBe('deceased');
  });

  it('a deceased life cannot be removed or deleted: REST and GraphQL refuse, naming the claim, and nothing changes', async () => {
    const removed = await t.request('DELETE', `/api/members/${spouseId}`, undefined, { token: tokens.administrator });
    expect(removed.status).toBe(422);
    expect(removed.body.message).toMatch(
      /^Nomsa Mokoena is deceased \(claim CLM-\d{4}-\d{6}\): a deceased person's record is kept with their cover and claim, and cannot be deleted\.$/,
    );
    const graphql = await t.graphql(`mutation($id: ID!) { deleteMember(id: $id) }`, { id: childId }, tokens.administrator);
    expect(graphql.body.errors?.[0]?.message).toMatch(/^Lwazi Mokoena is deceased \(claim CLM-/);
    expect((await member(spouseId)).status).toBe('deceased');
    expect((await member(childId)).status).toBe('deceased');
    expect((await policy()).coverByLife.filter((l) => l.deceasedOn).map((l) => l.memberId)).toEqual([spouseId, childId]);
  });

  it('a family member with an open death claim cannot be deleted either, until the claim is rejected', async () => {
    const token = tokens.administrator;
    const saId = makeSaId('100505', '5304');
    const kin = await t.request(
      'POST',
      '/api/members',
      { firstName: 'Zola', lastName: 'Mokoena', saId, isMainMember: false, mainMemberId: main.id, relationship: 'child' },
      { token },
    );
    expect(kin.status).toBe(201);
    setDay(t, '2026-05-20');
    const claim = await submitClaim(t, tokens.claim_admin!, main.policyId, {
      deceasedSaId: saId,
      claimantSaId: nextSaId(),
      diedOn: '2026-05-18',
    });
    const refused = await t.request('DELETE', `/api/members/${kin.body.id}`, undefined, { token });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^A death claim for Zola Mokoena is open \(claim CLM-/);
    const move = (body: Record<string, unknown>) => t.request('PATCH', `/api/claims/${claim.id}`, body, { token: tokens.claim_admin });
    expect((await move({ status: 'under_review' })).status).toBe(200);
    expect((await move({ status: 'rejected', rejectionReason: 'other', rejectionDetail: 'Submitted in error' })).status).toBe(200);
    expect((await t.request('DELETE', `/api/members/${kin.body.id}`, undefined, { token })).status).toBe(200);
  });

  it('a change to a type without a table lists no lives, the deceased ones neither', async () => {
    const token = tokens.administrator;
    const flat = await t.request(
      'POST',
      '/api/policy-types',
      { name: 'Basic', coverageAmount: '10000', monthlyPremium: '100', waitingPeriod: 6 },
      { token },
    );
    const changed = await t.request('POST', `/api/policies/${main.policyId}/change-type`, { policyTypeId: flat.body.id }, { token });
    expect(changed.status).toBe(200);
    expect(await policy()).toEqual({ monthlyPremium: '100.00', coverByLife: [] });
  });
});

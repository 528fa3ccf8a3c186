import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { formatRand } from '@fpa/write-model/validation';
import { caller, companyWithStaff } from './audit.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { makeSaId, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22, cover rules per life through HTTP: a policy type's benefit table (REST and GraphQL), each
 * life priced at its age when it joins (the policy's premium is their sum), entry ages and the Insurance
 * Act's funeral limits refused with words that say which, the limits kept in system settings, and a life
 * leaving takes its premium with it.
 */

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };

const FAMILY_PLAN = {
  name: 'Family Plan',
  coverageAmount: '1000',
  monthlyPremium: '10',
  waitingPeriod: 6,
  benefits: [
    { relationship: 'main_member', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '150' },
    { relationship: 'spouse', minAge: 18, maxAge: 65, coverAmount: '30000', monthlyPremium: '90' },
    { relationship: 'child', minAge: 0, maxAge: 5, coverAmount: '10000', monthlyPremium: '15' },
    { relationship: 'child', minAge: 6, maxAge: 21, coverAmount: '15000', monthlyPremium: '20' },
    { relationship: 'parent', minAge: 18, maxAge: 85, coverAmount: '10000', monthlyPremium: '80' },
  ],
};

const POLICY = `query($id: ID!) { policy(id: $id) { monthlyPremium coverageAmount coverByLife { memberId relationship ageAtEntry coverAmount monthlyPremium joinedOn } } }`;

describe.each(testDrivers())('cover per life on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let admin: ReturnType<typeof caller>;
  let typeId: string;
  let main: { id: string; policyId: string };
  const family = (born: string, relationship: string, seq: string) => ({
    firstName: 'Kin',
    lastName: 'Mokoena',
    saId: makeSaId(born, seq),
    isMainMember: false,
    mainMemberId: main.id,
    relationship,
  });
  const policy = async () => {
    const answer = await t.graphql(POLICY, { id: main.policyId }, token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.policy as {
      monthlyPremium: string;
      coverageAmount: string;
      coverByLife: { memberId: string; relationship: string; ageAtEntry: number; coverAmount: string; monthlyPremium: string }[];
    };
  };

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    token = (await companyWithStaff(t)).tokens.administrator!;
    admin = caller(t, token);
  });
  afterAll(async () => t?.close());

  it('saves a benefit table on a policy type; its cover and premium are the main member’s youngest band', async () => {
    const created = await t.request('POST', '/api/policy-types', FAMILY_PLAN, { token });
    expect(created.status).toBe(201);
    typeId = created.body.id;
    expect(created.body).toMatchObject({ coverageAmount: '30000.00', monthlyPremium: '150.00' });
    expect(created.body.benefits).toHaveLength(5);
    const listed = (await admin('GET', '/api/policy-types')) as { id: string; benefits: unknown[] }[];
    expect(listed.find((p) => p.id === typeId)?.benefits).toEqual(FAMILY_PLAN.benefits);
    const viaGraphql = await t.graphql(
      `mutation($i: PolicyTypeInput!) { createPolicyType(input: $i) { coverageAmount benefits { relationship minAge maxAge coverAmount monthlyPremium } } }`,
      { i: { ...FAMILY_PLAN, name: 'Family Plan (GraphQL)' } },
      token,
    );
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.createPolicyType.benefits[2]).toEqual(FAMILY_PLAN.benefits[2]);
  });

  it('refuses a table whose bands overlap or that has no main member (400, nothing saved)', async () => {
    const overlap = await t.request(
      'POST',
      '/api/policy-types',
      {
        ...FAMILY_PLAN,
        name: 'Overlap',
        benefits: [...FAMILY_PLAN.benefits, { relationship: 'child', minAge: 4, maxAge: 8, coverAmount: '5000', monthlyPremium: '5' }],
      },
      { token },
    );
    expect([overlap.status, overlap.body.message]).toEqual([400, 'Child age bands 0–5 and 4–8 overlap']);
    const noMain = await t.request(
      'POST',
      '/api/policy-types',
      { ...FAMILY_PLAN, name: 'No main', benefits: [FAMILY_PLAN.benefits[1]] },
      { token },
    );
    expect([noMain.status, noMain.body.message]).toEqual([400, 'The benefit table needs a row for the main member']);
    const names = ((await admin('GET', '/api/policy-types')) as { name: string }[]).map((p) => p.name);
    expect(names).not.toContain('Overlap');
  });

  it('prices each life at its age when it joins; the policy’s premium is their sum', async () => {
    const member = await admin(
      'POST',
      '/api/members',
      mainMemberBody(typeId, { firstName: 'Thabo', lastName: 'Mokoena', saId: makeSaId('750101', '5301') }),
    );
    main = { id: member.id, policyId: member.policyId };
    expect(await policy()).toMatchObject({ monthlyPremium: '150.00', coverageAmount: '30000.00' });
    await admin('POST', '/api/members', family('780202', 'spouse', '5302'));
    const child = await admin('POST', '/api/members', family('220101', 'child', '5303'));
    const after = await policy();
    expect(after.monthlyPremium).toBe('255.00');
    expect(after.coverByLife.map((l) => [l.relationship, l.coverAmount, l.monthlyPremium])).toEqual([
      ['main_member', '30000', '150'],
      ['spouse', '30000', '90'],
      ['child', '10000', '15'],
    ]);
    expect(after.coverByLife.find((l) => l.memberId === child.id)?.ageAtEntry).toBeLessThan(6);
    // The member's page (REST) carries each life's cover on the policy.
    const page = await admin('GET', `/api/members/${main.id}`);
    expect(page.policies[0].lives.map((l: { coverAmount: string }) => l.coverAmount)).toEqual(['30000', '30000', '10000']);
  });

  it('refuses a life outside its entry ages, saying which, and records nothing', async () => {
    const tooOld = await t.request('POST', '/api/members', family('030101', 'child', '5304'), { token });
    expect(tooOld.status).toBe(422);
    expect(tooOld.body.message).toMatch(/^A child aged 2\d cannot join this policy type: the entry ages for a child are 0 to 21\.$/);
    expect(tooOld.body.issues[0].path).toEqual(['dateOfBirth']);
    const sibling = await t.request('POST', '/api/members', family('800101', 'sibling', '5305'), { token });
    expect([sibling.status, sibling.body.message]).toEqual([422, 'This policy type does not cover an extended family.']);
    const oldMain = await t.request('POST', '/api/members', mainMemberBody(typeId, { saId: makeSaId('400101', '5306') }), { token });
    expect(oldMain.status).toBe(422);
    expect(oldMain.body.message).toMatch(
      /^A main member aged 8\d cannot join this policy type: the entry ages for a main member are 18 to 65\.$/,
    );
    expect((await policy()).monthlyPremium).toBe('255.00');
    const members = await admin('GET', '/api/members');
    expect(members.filter((m: { saId: string }) => m.saId === makeSaId('400101', '5306'))).toEqual([]);
  });

  it('refuses a cover above the funeral limit for the age; the super admin keeps the limits in system settings', async () => {
    const op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
    const bad = await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: 'funeral_cover_caps', value: { perLife: 'lots' } },
      { token: op },
    );
    expect(bad.status).toBe(400);
    const saved = await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: 'funeral_cover_caps', value: { perLife: 100000, under6: '8000', under14: '50000' }, category: 'general' },
      { token: op },
    );
    expect(saved.status).toBe(201);
    const baby = await t.request('POST', '/api/members', family('240101', 'child', '5307'), { token });
    expect(baby.status).toBe(422);
    expect(baby.body.message).toBe(
      `A child aged ${baby.body.message.match(/aged (\d)/)[1]} can be covered for at most ${formatRand('8000')} (the Insurance Act's funeral limit for a child under 6); this policy type gives ${formatRand('10000')}.`,
    );
    await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: 'funeral_cover_caps', value: { perLife: '100000', under6: '20000', under14: '50000' }, category: 'general' },
      { token: op },
    );
    expect((await t.request('POST', '/api/members', family('240101', 'child', '5307'), { token })).status).toBe(201);
    expect((await policy()).monthlyPremium).toBe('270.00');
  });

  it('a life that leaves takes its premium with it', async () => {
    const spouse = (await policy()).coverByLife.find((l) => l.relationship === 'spouse')!;
    await admin('DELETE', `/api/members/${spouse.memberId}`);
    const after = await policy();
    expect(after.monthlyPremium).toBe('180.00');
    expect(after.coverByLife.map((l) => l.relationship)).toEqual(['main_member', 'child', 'child']);
  });

  it('changes a policy’s type: lives repriced at their ages today, an increase in cover waits for the increase only', async () => {
    const basic = await admin('POST', '/api/policy-types', {
      name: 'Basic 10k',
      coverageAmount: '10000',
      monthlyPremium: '100',
      waitingPeriod: 3,
    });
    const holder = await admin(
      'POST',
      '/api/members',
      mainMemberBody(basic.id, { firstName: 'Zola', lastName: 'Dube', saId: makeSaId('790101', '5401') }),
    );
    await admin('POST', '/api/members', {
      firstName: 'Nandi',
      lastName: 'Dube',
      saId: makeSaId('810101', '5402'),
      isMainMember: false,
      mainMemberId: holder.id,
      relationship: 'spouse',
    });
    const same = await t.request('POST', `/api/policies/${holder.policyId}/change-type`, { policyTypeId: basic.id }, { token });
    expect([same.status, same.body.message]).toEqual([422, 'The policy is already on this policy type.']);
    const missing = await t.request('POST', `/api/policies/${holder.policyId}/change-type`, {}, { token });
    expect([missing.status, missing.body.message]).toEqual([400, 'Choose a policy type']);

    const changed = await t.request('POST', `/api/policies/${holder.policyId}/change-type`, { policyTypeId: typeId }, { token });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      policyTypeId: typeId,
      policyTypeName: 'Family Plan',
      monthlyPremium: '240.00',
      coverageAmount: '30000.00',
    });
    expect(changed.body.lives.map((l: { relationship: string; coverAmount: string }) => [l.relationship, l.coverAmount])).toEqual([
      ['main_member', '30000'],
      ['spouse', '30000'],
    ]);

    // Back through GraphQL: a decrease waits for nothing.
    const back = await t.graphql(
      `mutation($id: ID!, $i: ChangePolicyTypeInput!) { changePolicyType(id: $id, input: $i) { policyTypeName monthlyPremium coverageAmount coverByLife { memberId } } }`,
      { id: holder.policyId, i: { policyTypeId: basic.id } },
      token,
    );
    expect(back.body.errors).toBeUndefined();
    expect(back.body.data.changePolicyType).toEqual({
      policyTypeName: 'Basic 10k',
      monthlyPremium: '100.00',
      coverageAmount: '10000.00',
      coverByLife: [],
    });

    await admin('PATCH', `/api/policies/${holder.policyId}`, { status: 'cancelled' });
    const cancelled = await t.request('POST', `/api/policies/${holder.policyId}/change-type`, { policyTypeId: typeId }, { token });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.message).toMatch(/^Only an active policy can change its type; policy POL-\S+ is cancelled\.$/);
  });
});

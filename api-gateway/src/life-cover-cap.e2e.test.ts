import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCoverOfExistingSchemeMembers } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { formatRand } from '@fpa/write-model/validation';
import { agentBody } from './agents.testing.ts';
import { mainMemberBody } from './calendar.testing.ts';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #22: the funeral limits are per life across all of the company's cover on a person, matched by SA ID:
 * their individual life and every group scheme they are on. Scheme create and Add Members (REST and GraphQL)
 * and a member's registration refuse (422, naming the limit and the total) a life that would pass it, and
 * nothing is recorded; leaving a scheme frees its cover. Decided in the append transaction.
 */

let sequence = 7600;
const adultSaId = () => makeSaId('840404', String(sequence++).padStart(4, '0'));
const toddlerSaId = () => makeSaId('230303', String(sequence++).padStart(4, '0'));
const ONE_LIFE = "the Insurance Act's funeral limit for one life";

describe.each(testDrivers())('the funeral limit per life across schemes and policies on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let typeId: string;

  const request = (method: string, path: string, body?: unknown) => t.request(method, path, body, { token: admin });
  const main = (saId: string, coverAmount: string, familyMembers: unknown[] = []) => ({
    firstName: 'Sibongile',
    lastName: 'Zulu',
    saId,
    phone: '071 234 5678',
    address: '12 Market Street',
    coverAmount,
    familyMembers,
  });
  const scheme = (name: string, mainMembers: unknown[]) => request('POST', '/api/group-schemes', { name, description: '', mainMembers });
  const schemeCount = async () => ((await request('GET', '/api/group-schemes')).body as unknown[]).length;
  const memberCount = async () => ((await request('GET', '/api/members')).body as unknown[]).length;

  beforeAll(async () => {
    t = await startTestApp(driver);
    admin = (await t.request('POST', '/api/register', registration())).body.token;
    const type = await request('POST', '/api/policy-types', {
      name: 'Premium Cover',
      coverageAmount: '60000',
      monthlyPremium: '300',
      waitingPeriod: 6,
    });
    expect(type.status).toBe(201);
    typeId = type.body.id;
  });
  afterAll(async () => t?.close());

  it('refuses a scheme that would take a person past R100,000 with their own policy; up to it, it takes them (REST)', async () => {
    const saId = adultSaId();
    expect((await request('POST', '/api/members', mainMemberBody(typeId, { saId }))).status).toBe(201);
    const before = await schemeCount();
    const over = await scheme('Taxi Owners', [main(saId, '50000')]);
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(`would be covered for ${formatRand('110000')} in all`);
    expect(over.body.message).toContain(`more than ${formatRand('100000')}, ${ONE_LIFE}`);
    expect(over.body.issues).toEqual([{ path: ['mainMembers', 0, 'coverAmount'], message: over.body.message }]);
    expect(await schemeCount()).toBe(before);
    expect((await scheme('Taxi Owners', [main(saId, '40000')])).status).toBe(201);
  });

  it('counts every scheme the person is on: a second scheme’s cover past the limit is refused (REST and GraphQL), nothing added', async () => {
    const saId = adultSaId();
    expect((await scheme('Church Burial Society', [main(saId, '70000')])).status).toBe(201);
    const second = await scheme('Stokvel', [main(adultSaId(), '10000')]);
    const schemeId = second.body.scheme.id;
    const members = async () => ((await request('GET', `/api/group-schemes/${schemeId}/members`)).body as unknown[]).length;
    const rest = await request('POST', `/api/group-schemes/${schemeId}/members`, { mainMembers: [main(saId, '30000.01')] });
    expect(rest.status).toBe(422);
    expect(rest.body.message).toContain(`${formatRand('70000')} held, ${formatRand('30000.01')} added`);
    const graphql = await t.graphql(
      `mutation($schemeId: ID!, $input: AddSchemeMembersInput!) { addSchemeMembers(schemeId: $schemeId, input: $input) { mainMembersAdded } }`,
      { schemeId, input: { mainMembers: [main(saId, '30000.01')] } },
      admin,
    );
    expect(graphql.body.errors?.[0]?.message).toContain(ONE_LIFE);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('RULE_VIOLATED');
    expect(await members()).toBe(1);
    expect((await request('POST', `/api/group-schemes/${schemeId}/members`, { mainMembers: [main(saId, '30000')] })).status).toBe(201);
  });

  it('a child under 6 across two schemes: R20,000 in all; a family member without an amount has its main member’s', async () => {
    const child = toddlerSaId();
    const kid = (coverAmount: string) => ({ firstName: 'Ayanda', lastName: 'Zulu', saId: child, relationship: 'child', coverAmount });
    expect((await scheme('Crèche Parents', [main(adultSaId(), '20000', [kid('15000')])])).status).toBe(201);
    const over = await scheme('Soccer Club', [main(adultSaId(), '10000', [kid('')])]);
    expect(over.status).toBe(422);
    expect(over.body.message).toContain("the Insurance Act's funeral limit for a child under 6");
    expect(over.body.issues[0].path).toEqual(['mainMembers', 0, 'familyMembers', 0, 'coverAmount']);
    expect((await scheme('Soccer Club', [main(adultSaId(), '10000', [kid('5000')])])).status).toBe(201);
  });

  it('refuses registering a person whose scheme cover and new policy would pass the limit; once they leave the scheme it takes them', async () => {
    const saId = adultSaId();
    const created = await scheme('Market Traders', [main(saId, '90000')]);
    expect(created.status).toBe(201);
    const before = await memberCount();
    const refused = await request('POST', '/api/members', mainMemberBody(typeId, { saId }));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`would be covered for ${formatRand('150000')} in all`);
    expect(refused.body.issues[0].path).toEqual(['policyTypeId']);
    expect(await memberCount()).toBe(before);
    const person = ((await request('GET', `/api/group-schemes/${created.body.scheme.id}/members`)).body as { id: string }[])[0]!;
    expect((await request('DELETE', `/api/group-schemes/${created.body.scheme.id}/members/${person.id}`)).status).toBe(200);
    expect((await request('POST', '/api/members', mainMemberBody(typeId, { saId }))).status).toBe(201);
  });

  it('two schemes taking the same person at once: one is refused', async () => {
    const saId = adultSaId();
    const answers = await Promise.all([scheme('Night Shift', [main(saId, '60000')]), scheme('Day Shift', [main(saId, '60000')])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });

  it('scheme members recorded before the limit was kept across schemes record their cover once, at start, and count', async () => {
    const saId = adultSaId();
    expect((await scheme('Old Burial Society', [main(saId, '80000')])).status).toBe(201);
    // As a database from before: no cover rows, no marker.
    await t.services.sql.query(`delete from scheme_life_covers`);
    await t.services.sql.query(`delete from write_model_migrations where name = 'scheme-life-covers'`);
    expect((await scheme('New Society', [main(saId, '30000')])).status).toBe(201);
    await t.services.sql.query(`delete from scheme_life_covers`);
    const recorded = await recordCoverOfExistingSchemeMembers(t.services.store, t.services.sql);
    expect(recorded).toBeGreaterThan(2);
    expect(await recordCoverOfExistingSchemeMembers(t.services.store, t.services.sql)).toBe(0);
    const over = await scheme('Third Society', [main(saId, '1')]);
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(`${formatRand('110000')} held`);
  });

  it('the CSV import fails the row of a person it would take past the limit, saying so, and imports the others', async () => {
    const onScheme = adultSaId();
    expect((await scheme('Import Check Society', [main(onScheme, '90000')])).status).toBe(201);
    const row = (saId: string) => ({
      firstName: 'Bongani',
      lastName: 'Zulu',
      identifierType: 'saId',
      saId,
      phone: '0831234567',
      address: '5 Main Road',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: 'true',
      policyTypeId: typeId,
    });
    const before = await memberCount();
    const chunk = { importId: 'cap-1', chunkIndex: 0, firstRowNumber: 2, rows: [row(onScheme), row(adultSaId())] };
    const imported = await request('POST', '/api/members/import', chunk);
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toBe(1);
    expect(imported.body.failed).toHaveLength(1);
    expect(imported.body.failed[0].rowNumber).toBe(2);
    expect(imported.body.failed[0].errors[0]).toContain(`would be covered for ${formatRand('150000')} in all`);
    expect(await memberCount()).toBe(before + 1);
  });

  it('onboarding refuses a family member the policy would take past the limit (422 at the row), leaving nothing', async () => {
    const agent = (await request('POST', '/api/agents', agentBody('Musa'))).body;
    const onScheme = adultSaId();
    expect((await scheme('Onboarding Check Society', [main(onScheme, '50000')])).status).toBe(201);
    const before = await memberCount();
    const refused = await request('POST', '/api/client-onboarding', {
      firstName: 'Ayanda',
      lastName: 'Khumalo',
      email: '',
      phone: '082 123 4567',
      idNumber: adultSaId(),
      address: '14 Mandela Drive',
      city: 'Pietermaritzburg',
      province: 'KwaZulu-Natal',
      postalCode: '3201',
      monthlyIncome: '12500.00',
      employer: 'Sappi',
      policyType: typeId,
      coverageAmount: '60000',
      beneficiaryName: 'Nandi Khumalo',
      beneficiaryRelation: 'Spouse',
      beneficiaryContact: '0829876543',
      notes: '',
      agentId: agent.id,
      familyMembers: [{ firstName: 'Lindiwe', lastName: 'Khumalo', idNumber: onScheme, relationship: 'spouse' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.issues[0].path).toEqual(['familyMembers', 0, 'idNumber']);
    expect(refused.body.message).toContain(`would be covered for ${formatRand('110000')} in all`);
    expect(await memberCount()).toBe(before);
  });

  it('a change of type or a policy given later that would raise a person past the limit is refused; the policy stays as it was', async () => {
    const basic = (
      await request('POST', '/api/policy-types', { name: 'Basic Cover', coverageAmount: '30000', monthlyPremium: '100', waitingPeriod: 6 })
    ).body.id as string;
    const saId = adultSaId();
    expect((await scheme('Type Change Society', [main(saId, '50000')])).status).toBe(201);
    const member = await request('POST', '/api/members', mainMemberBody(basic, { saId }));
    expect(member.status).toBe(201);
    const changed = await request('POST', `/api/policies/${member.body.policyId}/change-type`, { policyTypeId: typeId });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toContain(`would be covered for ${formatRand('110000')} in all`);
    const policies = (await request('GET', '/api/policies')).body as { id: string; policyTypeId: string }[];
    expect(policies.find((p) => p.id === member.body.policyId)?.policyTypeId).toBe(basic);

    const later = adultSaId();
    expect((await scheme('Policy Later Society', [main(later, '90000')])).status).toBe(201);
    const registered = await request('POST', '/api/members', mainMemberBody(typeId, { saId: later, policyTypeId: null }));
    expect(registered.status).toBe(201);
    const issued = await request('POST', `/api/members/${registered.body.id}/policy`, { policyTypeId: typeId });
    expect(issued.status).toBe(422);
    expect(issued.body.message).toContain(`would be covered for ${formatRand('150000')} in all`);
    expect((await request('POST', `/api/members/${registered.body.id}/policy`, { policyTypeId: basic })).status).toBe(422);
  });

  it('a cancelled policy set active again gives its cover back: refused when the person’s schemes took it meanwhile', async () => {
    const saId = adultSaId();
    const member = await request('POST', '/api/members', mainMemberBody(typeId, { saId }));
    expect((await request('PATCH', `/api/policies/${member.body.policyId}`, { status: 'cancelled' })).status).toBe(200);
    expect((await scheme('Reinstatement Society', [main(saId, '80000')])).status).toBe(201);
    const revived = await request('PATCH', `/api/policies/${member.body.policyId}`, { status: 'active' });
    expect(revived.status).toBe(422);
    expect(revived.body.message).toContain(`would be covered for ${formatRand('140000')} in all`);
    const policies = (await request('GET', '/api/policies')).body as { id: string; status: string }[];
    expect(policies.find((p) => p.id === member.body.policyId)?.status).toBe('cancelled');
  });
});

import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed, portfolioRows } from './portfolio.fixtures.ts';
import { allMembersJson, dashboardStats, findMember, listAllPolicies, listMembers, memberCount } from './portfolio.queries.ts';

const SA_ID = '8001015009087';

describe.each(testDrivers())('portfolio history (deletion, erasure, rebuild) on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openPortfolioBed(driver, cleanups);

  it('drops a deleted member from the list and the counts; its policy stays listed under its last name', async () => {
    const bed = await setup();
    const t = bed.tenant();
    const gold = await t.policyType();
    const main = await t.member({ firstName: 'Nomvula', lastName: 'Dlamini', saId: SA_ID, policyType: gold });
    const spouse = await t.member({ firstName: 'Sipho', lastName: 'Dlamini', mainMemberId: main.memberId });
    await t.changeStatus(main.policyId ?? '', 'active', 'cancelled');
    await t.deleteMember(spouse.memberId);
    await t.deleteMember(main.memberId);
    await bed.project();

    expect(await listMembers(bed.sql, t.companyId)).toEqual({
      nodes: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, endCursor: null },
    });
    expect(await listMembers(bed.sql, t.companyId, { search: 'dlamini' })).toMatchObject({ nodes: [], totalCount: 0 });
    expect(await findMember(bed.sql, t.companyId, main.memberId)).toBeNull();
    expect(await memberCount(bed.sql, t.companyId)).toBe(0);
    expect((await listAllPolicies(bed.sql, t.companyId)).map((p) => [p.memberName, p.status])).toEqual([['Nomvula Dlamini', 'cancelled']]);
    expect(await dashboardStats(bed.sql, t.companyId, new Date())).toMatchObject({ totalMembers: 0, activePolicies: 0 });
  });

  it("projects an erased person's '[erased]' fields without failing, and they stay searchable and listable", async () => {
    const bed = await setup();
    const t = bed.tenant();
    const gold = await t.policyType();
    const main = await t.member({ firstName: 'Nomvula', lastName: 'Dlamini', saId: SA_ID, dateOfBirth: '1980-01-01', policyType: gold });
    const other = await t.member({
      firstName: 'Lerato',
      lastName: 'Nkosi',
      mainMemberId: main.memberId,
      relationship: 'other',
      otherRelationship: 'nephew',
    });
    await t.updateMember(main.memberId, { firstName: 'Nomvula', lastName: 'Khumalo', phone: '0831234567' });
    await bed.keyring.destroy(`member:${main.memberId}`);
    await bed.keyring.destroy(`member:${other.memberId}`);
    await bed.project();

    const row = await findMember(bed.sql, t.companyId, main.memberId);
    for (const field of ['firstName', 'lastName', 'saId', 'dateOfBirth', 'phone'] as const) expect(row?.[field]).toBe('[erased]');
    expect(row).toMatchObject({ province: 'KZN', policyNumber: 'POL-000001', isMainMember: true });
    expect(await findMember(bed.sql, t.companyId, other.memberId)).toMatchObject({
      otherRelationship: '[erased]',
      mainMemberName: '[erased] [erased]',
      policyNumber: 'POL-000001',
    });
    expect((await listMembers(bed.sql, t.companyId, { search: '[er' })).totalCount).toBe(2);
    expect(await listAllPolicies(bed.sql, t.companyId)).toMatchObject([{ memberName: '[erased] [erased]', memberSaId: '[erased]' }]);
    expect(await dashboardStats(bed.sql, t.companyId, new Date())).toMatchObject({ totalMembers: 2, activePolicies: 1 });
  });

  it('a rebuild from the start of the log gives the same read model as the live projector', async () => {
    const bed = await setup();
    const [a, b] = [bed.tenant(), bed.tenant()];
    await bed.engine.start();
    const gold = await a.policyType({ monthlyPremium: '150.50' });
    const silver = await b.policyType({ name: 'Silver', monthlyPremium: '99.99' });
    const m1 = await a.member({ firstName: 'Nomvula', lastName: 'Dlamini', saId: SA_ID, policyType: gold });
    const m2 = await a.member({ firstName: 'Pieter', lastName: 'van Wyk', passportNumber: 'AB1234', policyType: gold, policyFirst: true });
    const m3 = await b.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: SA_ID, policyType: silver });
    const kid = await a.member({ firstName: 'Lerato', lastName: 'Dlamini', mainMemberId: m1.memberId, relationship: 'child' });
    await a.updateMember(m1.memberId, { firstName: 'Nomvula', lastName: 'Khumalo', phone: '0831234567' });
    await a.changeStatus(m2.policyId ?? '', 'active', 'lapsed');
    await b.changeStatus(m3.policyId ?? '', 'active', 'cancelled');
    await a.renamePolicyType(gold, 'Platinum');
    await a.deleteMember(kid.memberId);
    await bed.project();
    const answers = async () => ({
      rows: await portfolioRows(bed.sql),
      members: await Promise.all([a, b].map((t) => allMembersJson(bed.sql, t.companyId))),
      policies: await Promise.all([a, b].map((t) => listAllPolicies(bed.sql, t.companyId))),
      stats: await Promise.all([a, b].map((t) => dashboardStats(bed.sql, t.companyId, new Date('2025-03-20T10:00:00Z')))),
    });
    const live = await answers();

    await bed.engine.rebuild('portfolio');

    expect((await bed.engine.status())[0]).toMatchObject({ generation: 2, rebuilding: null });
    expect(await answers()).toEqual(live);
    expect(live.policies[0]?.map((p) => [p.memberName, p.policyTypeName, p.status])).toEqual([
      ['Pieter van Wyk', 'Platinum', 'lapsed'],
      ['Nomvula Khumalo', 'Platinum', 'active'],
    ]);
  });
});

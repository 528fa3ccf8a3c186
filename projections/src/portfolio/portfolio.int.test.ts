import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openPortfolioBed } from './portfolio.fixtures.ts';
import {
  dashboardStats,
  findMember,
  findMemberByIdentifier,
  findPolicy,
  findPolicyType,
  allMembersJson,
  listAllPolicies,
  listMembers,
  listPolicies,
  listPolicyTypes,
  memberCount,
  policyCounts,
  type MemberRow,
} from './portfolio.queries.ts';

const SA_ID = '8001015009087';

/** The REST list's JSON text, read back. */
const listAllMembers = async (sql: Parameters<typeof allMembersJson>[0], companyId: string): Promise<MemberRow[]> =>
  JSON.parse(await allMembersJson(sql, companyId)) as MemberRow[];

describe.each(testDrivers())('portfolio read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openPortfolioBed(driver, cleanups);

  it("never answers one company with another company's rows", async () => {
    const bed = await setup();
    const [a, b] = [bed.tenant(), bed.tenant()];
    const typeA = await a.policyType({ name: 'Gold' });
    const typeB = await b.policyType({ name: 'Gold' });
    // Same person, same SA ID, same policy number in both companies.
    const inA = await a.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: SA_ID, policyType: typeA });
    const inB = await b.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: SA_ID, policyType: typeB });
    await bed.project();

    for (const [t, mine, theirs, myType, theirType] of [
      [a, inA, inB, typeA, typeB],
      [b, inB, inA, typeB, typeA],
    ] as const) {
      const c = t.companyId;
      expect((await listMembers(bed.sql, c, { search: 'thabo' })).nodes.map((m) => m.id)).toEqual([mine.memberId]);
      expect((await listAllMembers(bed.sql, c)).map((m) => m.id)).toEqual([mine.memberId]);
      expect(await findMember(bed.sql, c, theirs.memberId)).toBeNull();
      expect((await findMemberByIdentifier(bed.sql, c, { saId: SA_ID }))?.id).toBe(mine.memberId);
      expect((await listPolicies(bed.sql, c, { search: 'POL-000001' })).nodes.map((p) => p.id)).toEqual([mine.policyId]);
      expect((await listAllPolicies(bed.sql, c)).map((p) => p.id)).toEqual([mine.policyId]);
      expect(await findPolicy(bed.sql, c, theirs.policyId ?? '')).toBeNull();
      expect((await listPolicyTypes(bed.sql, c)).map((p) => p.id)).toEqual([myType.id]);
      expect(await findPolicyType(bed.sql, c, theirType.id)).toBeNull();
      expect(await policyCounts(bed.sql, c, { search: 'gold' })).toEqual({ active: 1, lapsed: 0, cancelled: 0, total: 1 });
      expect(await dashboardStats(bed.sql, c, new Date())).toMatchObject({ totalMembers: 1, monthlyRevenue: '299.00' });
      expect(await memberCount(bed.sql, c)).toBe(1);
    }
    expect(await findMember(bed.sql, a.companyId, 'not-a-uuid')).toBeNull();
  });

  it("lists members newest first; a family member shows its main member's name and policy number", async () => {
    const bed = await setup();
    const t = bed.tenant();
    const gold = await t.policyType();
    const main = await t.member({ firstName: 'Nomvula', lastName: 'Dlamini', saId: SA_ID, dateOfBirth: '1980-01-01', policyType: gold });
    const spouse = await t.member({ firstName: 'Sipho', lastName: 'Dlamini', mainMemberId: main.memberId, relationship: 'spouse' });
    const loner = await t.member({ firstName: 'Pieter', lastName: 'van Wyk', passportNumber: 'AB123456' });
    await t.member({
      firstName: 'Lerato',
      lastName: 'Nkosi',
      mainMemberId: loner.memberId,
      relationship: 'other',
      otherRelationship: 'nephew ("Bra" \\ ñandú — 😀)',
    });
    await bed.project();

    const list = await listMembers(bed.sql, t.companyId);
    // The REST list's JSON, written by PostgreSQL, is the text JSON.stringify writes of the same rows.
    expect(await allMembersJson(bed.sql, t.companyId)).toBe(JSON.stringify(list.nodes));
    expect(list.nodes.map((m) => [m.firstName, m.isMainMember, m.policyNumber, m.mainMemberName])).toEqual([
      ['Lerato', false, null, 'Pieter van Wyk'],
      ['Pieter', true, null, null],
      ['Sipho', false, 'POL-000001', 'Nomvula Dlamini'],
      ['Nomvula', true, 'POL-000001', null],
    ]);
    expect(list).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: false } });
    expect(await findMember(bed.sql, t.companyId, main.memberId)).toEqual({
      id: main.memberId,
      firstName: 'Nomvula',
      lastName: 'Dlamini',
      identifierType: 'saId',
      saId: SA_ID,
      passportNumber: null,
      nationality: 'ZA',
      email: null,
      phone: '0821234567',
      address: '12 Jacaranda Street',
      city: 'Polokwane',
      province: 'LP',
      postalCode: '0699',
      dateOfBirth: '1980-01-01',
      isMainMember: true,
      mainMemberId: null,
      mainMemberName: null,
      relationship: null,
      otherRelationship: null,
      policyTypeId: gold.id,
      policyId: main.policyId,
      policyNumber: 'POL-000001',
      policyStatus: 'active',
      status: 'active',
      schemeId: null,
      schemeName: null,
      createdAt: expect.any(Date),
    } satisfies Record<keyof MemberRow, unknown>);
    expect(await findMember(bed.sql, t.companyId, spouse.memberId)).toMatchObject({
      mainMemberId: main.memberId,
      relationship: 'spouse',
      policyId: main.policyId,
      policyTypeId: gold.id,
    });
    const mains = await listMembers(bed.sql, t.companyId, { mainOnly: true });
    expect(mains.nodes.map((m) => m.firstName)).toEqual(['Pieter', 'Nomvula']);
    expect(mains.totalCount).toBe(2);
    expect((await findMemberByIdentifier(bed.sql, t.companyId, { passportNumber: 'ab123456' }))?.id).toBe(loner.memberId);
    expect(await findMemberByIdentifier(bed.sql, t.companyId, { saId: '8001015009088' })).toBeNull();
  });

  it('searches members by name, "first last", SA ID, passport and e-mail, as case-insensitive prefixes', async () => {
    const bed = await setup();
    const t = bed.tenant();
    await t.member({ firstName: 'Nomvula', lastName: 'Dlamini', saId: SA_ID, email: 'Nomvula@Example.co.za' });
    await t.member({ firstName: 'Sipho', lastName: 'Dlamini', saId: '9202204720082' });
    await t.member({ firstName: 'Pieter', lastName: 'van Wyk', passportNumber: 'AB123456' });
    await t.member({ firstName: 'Anna', lastName: 'Smith', saId: '7505055800084' });
    await bed.project();
    const names = async (search: string) => {
      const found = await listMembers(bed.sql, t.companyId, { search });
      expect(found.totalCount).toBe(found.nodes.length);
      return found.nodes.map((m) => m.firstName).sort();
    };

    expect(await names('dlamini')).toEqual(['Nomvula', 'Sipho']);
    expect(await names('NOMVULA D')).toEqual(['Nomvula']);
    expect(await names('  nomvula   dlam ')).toEqual(['Nomvula']);
    expect(await names('sip')).toEqual(['Sipho']);
    expect(await names('800101')).toEqual(['Nomvula']);
    expect(await names('ab1234')).toEqual(['Pieter']);
    expect(await names('nomvula@example')).toEqual(['Nomvula']);
    expect(await names('van w')).toEqual(['Pieter']);
    expect(await names('wyk')).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await names('An%')).toEqual([]);
    expect(await names('_nna')).toEqual([]);
    expect(await names('   ')).toEqual(['Anna', 'Nomvula', 'Pieter', 'Sipho']);
  });

  it('pages with a cursor that visits every member exactly once, also among rows recorded at the same instant', async () => {
    const bed = await setup();
    const t = bed.tenant();
    for (let i = 0; i < 23; i++) {
      const m = await t.member({ firstName: `Member${String(i).padStart(2, '0')}`, lastName: i % 2 ? 'Odd' : 'Even' });
      // A CSV import records many rows in one transaction, at one time.
      if (i >= 5 && i < 17) await bed.recordAt(m.appended, '2025-03-05T08:00:00.000Z');
    }
    await bed.project();
    const all = await listAllMembers(bed.sql, t.companyId);
    const everyone = all.map((m) => m.id);
    expect(new Set(everyone).size).toBe(23);
    const firstTen = all.filter((m) => m.firstName.startsWith('Member0')).map((m) => m.id);

    for (const [args, expected] of [
      [{}, everyone],
      [{ search: 'member' }, everyone],
      [{ search: 'Member0' }, firstTen],
    ] as const) {
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await listMembers(bed.sql, t.companyId, { ...args, first: 5, after });
        expect(result.totalCount).toBe(expected.length);
        seen.push(...result.nodes.map((m) => m.id));
        if (!result.pageInfo.hasNextPage) break;
        after = result.pageInfo.endCursor ?? undefined;
      }
      expect(seen).toEqual(expected);
    }
    // The whole list's JSON is what JSON.stringify writes of the rows a page reads, field for field (the
    // timestamps to the millisecond as a Date writes them), in the same order.
    const pages: MemberRow[] = [];
    for (let after: string | undefined, more = true; more; ) {
      const result = await listMembers(bed.sql, t.companyId, { first: 7, after });
      pages.push(...result.nodes);
      more = result.pageInfo.hasNextPage;
      after = result.pageInfo.endCursor ?? undefined;
    }
    expect(await allMembersJson(bed.sql, t.companyId)).toBe(JSON.stringify(pages));
    const empty = await listMembers(bed.sql, t.companyId, { first: 0 });
    expect(empty).toEqual({ nodes: [], totalCount: 23, pageInfo: { hasNextPage: true, endCursor: null } });
    await expect(listMembers(bed.sql, t.companyId, { after: 'bm90IGEgY3Vyc29y' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

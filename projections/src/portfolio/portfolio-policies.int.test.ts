import { randomUUID } from 'node:crypto';
import { testDrivers } from '@fpa/write-model/testing';
// The subscription's member count adds the group schemes' members (companies.queries.ts).
import { groupSchemesProjection } from '../group-schemes/group-schemes.projection.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { companiesProjection } from '../companies/companies.projection.ts';
import { findSubscription } from '../companies/companies.queries.ts';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { explainGenericUnderWall, recordingSql } from '../engine/explain.fixtures.ts';
import { openPortfolioBed } from './portfolio.fixtures.ts';
import { portfolioProjection } from './portfolio.projection.ts';
import {
  dashboardStats,
  findPolicy,
  findPolicyType,
  listPolicies,
  listPolicyTypes,
  policyCounts,
  type PolicyRow,
  type PolicyTypeRow,
} from './portfolio.queries.ts';

const SA_ID = '8001015009087';

describe.each(testDrivers())('portfolio policies and figures on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openPortfolioBed(driver, cleanups);

  it('answers policy types and policy rows with two-decimal amounts and ISO dates', async () => {
    const bed = await setup();
    const t = bed.tenant();
    const basic = await t.policyType({ name: 'Funeral Basic', monthlyPremium: '150.5', coverageAmount: '15000', waitingPeriod: 3 });
    const gold = await t.policyType({ name: 'Gold Cover' });
    const member = await t.member({ firstName: 'Pieter', lastName: 'van Wyk', passportNumber: 'AB123456', policyType: basic });
    await bed.project();

    expect(await listPolicyTypes(bed.sql, t.companyId)).toEqual([
      {
        id: basic.id,
        name: 'Funeral Basic',
        description: 'Funeral Basic plan',
        coverageAmount: '15000.00',
        monthlyPremium: '150.50',
        waitingPeriod: 3,
        isActive: true,
        // A type whose event predates the calendar's rules reads with the defaults.
        graceDays: 15,
        lapseAfterMissed: 1,
        reinstatementMonths: 3,
        benefits: [],
        // And before issue #22: the default suicide wait.
        suicideWaitingMonths: 12,
        // And before issue #22's rule on the main member's death: the policy ends.
        onMainMemberDeath: 'end_policy',
        createdAt: expect.any(Date),
      } satisfies Record<keyof PolicyTypeRow, unknown>,
      expect.objectContaining({ id: gold.id, coverageAmount: '50000.00', monthlyPremium: '299.00' }),
    ]);
    await t.renamePolicyType(gold, 'Gold Plus');
    await bed.project();
    expect(await findPolicyType(bed.sql, t.companyId, gold.id)).toMatchObject({
      name: 'Gold Plus',
      description: null,
      isActive: false,
    });

    expect(await findPolicy(bed.sql, t.companyId, member.policyId ?? '')).toEqual({
      id: member.policyId,
      policyNumber: 'POL-000001',
      memberId: member.memberId,
      memberName: 'Pieter van Wyk',
      memberPhone: '0821234567',
      memberSaId: 'AB123456',
      policyTypeId: basic.id,
      policyTypeName: 'Funeral Basic',
      status: 'active',
      monthlyPremium: '150.50',
      coverageAmount: '15000.00',
      waitingPeriod: 3,
      startDate: '2025-03-01',
      debitDay: 1,
      schemeId: null,
      schemeName: null,
      lives: [],
      // Its PolicyIssued predates issue #22's copied suicide wait: its type's as projected then (the default).
      suicideWaitingMonths: 12,
      createdAt: expect.any(Date),
    } satisfies Record<keyof PolicyRow, unknown>);
  });

  it("keeps each policy's own suicide wait: an event without one takes its type's as it stood then, not after", async () => {
    const bed = await setup();
    const t = bed.tenant();
    const type = await t.policyType({ name: 'Suicide Terms' });
    const typeTerms = (suicideWaitingMonths: number) => ({
      policyTypeId: type.id,
      companyId: t.companyId,
      name: type.name,
      description: null,
      coverageAmount: type.coverageAmount,
      monthlyPremium: type.monthlyPremium,
      waitingPeriod: type.waitingPeriod,
      isActive: true,
      suicideWaitingMonths,
    });
    const setWait = (months: number) =>
      bed.append(t.companyId, [{ streamId: `policy-type-${type.id}`, events: [{ type: 'PolicyTypeUpdated', data: typeTerms(months) }] }]);
    await setWait(24);
    // Two policies in a row (the set-based path) and one after the type's wait changed (the fixture's
    // PolicyIssued carries no suicide wait, as events recorded before issue #22 do).
    const first = await t.member({ firstName: 'Ann', lastName: 'Dube', policyType: type });
    const second = await t.member({ firstName: 'Ben', lastName: 'Dube', policyType: type });
    await setWait(6);
    const third = await t.member({ firstName: 'Cas', lastName: 'Dube', policyType: type });
    await setWait(3);
    await bed.project();
    const wait = async (m: { policyId: string | null }) => (await findPolicy(bed.sql, t.companyId, m.policyId ?? ''))?.suicideWaitingMonths;
    expect([await wait(first), await wait(second), await wait(third)]).toEqual([24, 24, 6]);
  });

  it('moves the counts and the monthly revenue with every status change', async () => {
    const bed = await setup();
    const t = bed.tenant();
    const [a, b, c] = [
      await t.policyType({ monthlyPremium: '299' }),
      await t.policyType({ monthlyPremium: '150.50' }),
      await t.policyType({ monthlyPremium: '1000' }),
    ];
    const p = [];
    for (const [i, type] of [a, b, c].entries()) {
      p.push((await t.member({ firstName: `Member${i}`, lastName: 'Mokoena', policyType: type })).policyId ?? '');
    }
    const figures = async () => {
      await bed.project();
      const stats = await dashboardStats(bed.sql, t.companyId, new Date());
      const counts = await policyCounts(bed.sql, t.companyId);
      const lapsed = await listPolicies(bed.sql, t.companyId, { status: 'lapsed' });
      expect(lapsed.totalCount).toBe(counts.lapsed);
      expect(lapsed.nodes.every((n) => n.status === 'lapsed')).toBe(true);
      expect(stats.activePolicies).toBe(counts.active);
      return [stats.monthlyRevenue, counts.active, counts.lapsed, counts.cancelled, counts.total];
    };

    expect(await figures()).toEqual(['1449.50', 3, 0, 0, 3]);
    await t.changeStatus(p[1] ?? '', 'active', 'lapsed');
    expect(await figures()).toEqual(['1299.00', 2, 1, 0, 3]);
    await t.changeStatus(p[2] ?? '', 'active', 'cancelled');
    expect(await figures()).toEqual(['299.00', 1, 1, 1, 3]);
    await t.changeStatus(p[1] ?? '', 'lapsed', 'active');
    await t.changeStatus(p[2] ?? '', 'cancelled', 'active');
    await t.changeStatus(p[0] ?? '', 'active', 'lapsed');
    expect(await figures()).toEqual(['1150.50', 2, 1, 0, 3]);
    await t.changeStatus(p[0] ?? '', 'lapsed', 'active');
    expect(await figures()).toEqual(['1449.50', 3, 0, 0, 3]);
  });

  it('searches policies by number, member name, SA ID or passport, and type name; counts follow the search', async () => {
    const bed = await setup();
    const t = bed.tenant();
    const basic = await t.policyType({ name: 'Funeral Basic' });
    const gold = await t.policyType({ name: 'Gold Cover' });
    const thabo = await t.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: '8001015009087', policyType: gold });
    const pieter = await t.member({ firstName: 'Pieter', lastName: 'van Wyk', passportNumber: 'AB123456', policyType: basic });
    const anna = await t.member({ firstName: 'Anna', lastName: 'Mokoena', saId: '7505055800084', policyType: basic });
    await t.changeStatus(anna.policyId ?? '', 'active', 'lapsed');
    await bed.project();
    const numbers = async (search: string, status?: 'active' | 'lapsed') => {
      const found = await listPolicies(bed.sql, t.companyId, { search, status });
      expect(found.totalCount).toBe(found.nodes.length);
      return found.nodes.map((p) => p.policyNumber).sort();
    };

    expect(await numbers('pol-000002')).toEqual([pieter.policyNumber]);
    expect(await numbers('POL-00000')).toEqual([thabo.policyNumber, pieter.policyNumber, anna.policyNumber]);
    expect(await numbers('mokoena')).toEqual([thabo.policyNumber, anna.policyNumber]);
    expect(await numbers('thabo mok')).toEqual([thabo.policyNumber]);
    expect(await numbers('800101')).toEqual([thabo.policyNumber]);
    expect(await numbers('ab12')).toEqual([pieter.policyNumber]);
    expect(await numbers('funeral')).toEqual([pieter.policyNumber, anna.policyNumber]);
    expect(await numbers('funeral', 'active')).toEqual([pieter.policyNumber]);
    expect(await numbers('gold c')).toEqual([thabo.policyNumber]);
    expect(await numbers('cover')).toEqual([]);
    expect(await policyCounts(bed.sql, t.companyId, { search: 'Mokoena' })).toEqual({ active: 1, lapsed: 1, cancelled: 0, total: 2 });
    expect(await policyCounts(bed.sql, t.companyId, { search: 'nobody' })).toEqual({ active: 0, lapsed: 0, cancelled: 0, total: 0 });

    expect(await numbers('pol_0')).toEqual([]); // starts_with() takes the text as it is: no LIKE wildcards

    const seen: string[] = [];
    let page = await listPolicies(bed.sql, t.companyId, { first: 2 });
    seen.push(...page.nodes.map((p) => p.id));
    expect(page).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    page = await listPolicies(bed.sql, t.companyId, { first: 2, after: page.pageInfo.endCursor });
    seen.push(...page.nodes.map((p) => p.id));
    expect(page.pageInfo.hasNextPage).toBe(false);
    expect(seen).toEqual([anna.policyId, pieter.policyId, thabo.policyId]);
  });

  it.runIf(driver.name === 'postgres')(
    'searches policies through their search indexes under the tenant wall (ADR 0003: lower() LIKE read every policy)',
    async () => {
      const bed = await setup();
      const t = bed.tenant();
      const gold = await t.policyType();
      await t.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: '8001015009087', policyType: gold });
      await bed.project();
      // A company's book of 5,000 more policies of its one type, so a selective search is worth an index (on a few
      // rows a scan is cheaper). With the type-name arm a sub-select, the planner took the search (after an analyze,
      // which sees one type on every policy) for most of the book and walked policies_page: issue #26.
      await bed.sql.query(
        `insert into policies (id, company_id, policy_number, member_id, member_first_name, member_last_name, member_id_number,
           policy_type_id, status, monthly_premium, coverage_amount, waiting_period, start_date, position, created_at, updated_at)
         select gen_random_uuid(), $1, 'POL-B-' || g, gen_random_uuid(), 'Name' || g, 'Surname' || g, lpad(g::text, 13, '9'),
                $2, 'active', 100, 10000, 6, '2025-01-01', 1000 + g, now(), now() from generate_series(1, 5000) g`,
        [t.companyId, gold.id],
      );
      await bed.sql.exec('analyze'); // policies is a view of the generation's table
      // The statement listPolicies sends for a search, explained behind the wall: only conditions the wall lets
      // through (leakproof ones) can then be served from the search indexes.
      const recorder = recordingSql(bed.sql);
      await listPolicies(recorder.sql, t.companyId, { search: '800101' });
      // The page and its count, each with the plan made once for any text (ADR 0003's amendment).
      const searched = recorder.sent.filter(({ text }) => text.includes('search_member_id_number'));
      expect(searched).toHaveLength(2);
      for (const statement of searched) {
        const plan = await explainGenericUnderWall(bed.sql, t.companyId, statement);
        for (const index of ['policies_number', 'policies_member_name', 'policies_member_last_name', 'policies_member_id_number'])
          expect(plan, plan).toContain(index);
      }
    },
  );

  it("shows the member's current name and phone, whichever of the registration's events was projected first", async () => {
    const bed = await setup();
    const t = bed.tenant();
    const gold = await t.policyType();
    const early = await t.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: SA_ID, policyType: gold, policyFirst: true });
    const late = await t.member({ firstName: 'Anna', lastName: 'Smith', saId: '7505055800084', policyType: gold });
    await bed.project();
    expect(await findPolicy(bed.sql, t.companyId, early.policyId ?? '')).toMatchObject({
      memberName: 'Thabo Mokoena',
      memberSaId: '8001015009087',
    });

    await t.updateMember(late.memberId, { firstName: 'Anna', lastName: 'Khumalo', phone: '0831234567' });
    await bed.project();

    expect(await findPolicy(bed.sql, t.companyId, late.policyId ?? '')).toMatchObject({
      memberName: 'Anna Khumalo',
      memberPhone: '0831234567',
      memberSaId: '7505055800084',
    });
    expect((await listPolicies(bed.sql, t.companyId, { search: 'khumalo' })).nodes.map((p) => p.id)).toEqual([late.policyId]);
    expect((await listPolicies(bed.sql, t.companyId, { search: 'smith' })).nodes).toEqual([]);
  });

  it('measures member growth by South African calendar month of registration, for a given now', async () => {
    const bed = await setup();
    const t = bed.tenant();
    const register = async (iso: string) => {
      const m = await t.member({ firstName: 'Member', lastName: iso });
      await bed.recordAt(m.appended, iso);
      return m;
    };
    for (let i = 0; i < 3; i++) await register('2025-02-10T08:00:00.000Z');
    for (let i = 0; i < 3; i++) await register('2025-03-05T08:00:00.000Z');
    // 00:30 on 1 March in Johannesburg: a March registration.
    const lateFebruaryUtc = await register('2025-02-28T22:30:00.000Z');
    await t.deleteMember(lateFebruaryUtc.memberId);
    await bed.project();
    const growth = async (now: string) => (await dashboardStats(bed.sql, t.companyId, new Date(now))).memberGrowth;

    // March 4 against February 3; deleting a member does not undo its registration.
    expect(await dashboardStats(bed.sql, t.companyId, new Date('2025-03-20T10:00:00Z'))).toEqual({
      totalMembers: 6,
      activePolicies: 0,
      monthlyRevenue: '0.00',
      memberGrowth: 33.3,
    });
    expect(await growth('2025-03-31T22:30:00Z')).toBe(-100); // already April in Johannesburg
    expect(await growth('2025-03-31T21:30:00Z')).toBe(33.3);
    expect(await growth('2025-02-15T00:00:00Z')).toBeNull(); // January had none
    expect(await dashboardStats(bed.sql, randomUUID(), new Date())).toEqual({
      totalMembers: 0,
      activePolicies: 0,
      monthlyRevenue: '0.00',
      memberGrowth: null,
    });
  });

  it("gives the subscription the company's current member count", async () => {
    const bed = await openPortfolioBed(driver, cleanups, [companiesProjection, portfolioProjection, groupSchemesProjection]);
    const t = bed.tenant();
    await bed.append(t.companyId, [
      {
        streamId: `company-${t.companyId}`,
        events: [
          {
            type: 'CompanyRegistered',
            data: {
              companyId: t.companyId,
              name: 'Ubuntu Funerals',
              cipNumber: '2020/123456/07',
              email: 'info@ubuntu.co.za',
              phone: '0111234567',
              fspNumber: null,
              administratorUserId: randomUUID(),
              tier: 'free',
              memberLimit: 300,
              registeredAt: '2025-03-01T08:00:00.000Z',
            },
          },
        ],
      },
    ]);
    await bed.project();
    expect(await findSubscription(bed.sql, t.companyId)).toEqual({ tier: 'free', memberLimit: 300, currentMemberCount: 0 });

    const main = await t.member({ firstName: 'Thabo', lastName: 'Mokoena' });
    await t.member({ firstName: 'Anna', lastName: 'Mokoena', mainMemberId: main.memberId });
    const gone = await t.member({ firstName: 'Pieter', lastName: 'van Wyk' });
    await t.deleteMember(gone.memberId);
    await bed.project();

    expect(await findSubscription(bed.sql, t.companyId)).toEqual({ tier: 'free', memberLimit: 300, currentMemberCount: 2 });
  });
});

import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { explainGenericUnderWall, explainUnderWall, recordingSql } from '../engine/explain.fixtures.ts';
import { openPortfolioBed } from './portfolio.fixtures.ts';
import { listMembers, type MemberRow } from './portfolio.queries.ts';
import { cutFromMatches } from './portfolio.paging.ts';

/**
 * `count` main members more, straight into the read model (a registration each would take minutes), counted in the
 * company's figures as the projector counts them: "Given{n} Surname{n}", a passport each, newest the highest n.
 */
async function addMembers(bed: Awaited<ReturnType<typeof openPortfolioBed>>, companyId: string, count: number) {
  await bed.sql.query(
    `insert into members (id, company_id, first_name, last_name, identifier_type, passport_number, nationality, is_main_member,
       source, position, created_at, updated_at)
     select gen_random_uuid(), $1, 'Given' || g, 'Surname' || g, 'passport', 'PP' || g, 'ZA', true, 'bulk', 1000 + g,
            timestamptz '2025-01-01' + g * interval '1 minute', now()
       from generate_series(1, $2::int) g`,
    [companyId, count],
  );
  await bed.sql.query(
    `update portfolio_stats set total_members = total_members + $2, main_members = main_members + $2 where company_id = $1`,
    [companyId, count],
  );
  await bed.sql.exec('analyze');
}

/** Every page of a search, `first` at a time. */
async function allPages(bed: Awaited<ReturnType<typeof openPortfolioBed>>, companyId: string, search: string, first: number) {
  const seen: MemberRow[] = [];
  const totals = new Set<number>();
  for (let after: string | undefined, more = true; more; ) {
    const page = await listMembers(bed.sql, companyId, { search, first, after });
    seen.push(...page.nodes);
    totals.add(page.totalCount);
    more = page.pageInfo.hasNextPage;
    after = page.pageInfo.endCursor ?? undefined;
  }
  return { seen, totals: [...totals] };
}

describe.each(testDrivers())('member search on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('pages a search of many matches (the list walked) and of a few (the matches sorted) alike, newest first', async () => {
    const bed = await openPortfolioBed(driver, cleanups);
    const t = bed.tenant();
    await t.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: '8001015009087' });
    await bed.project();
    const many = 600;
    await addMembers(bed, t.companyId, many);
    // Pages of 70 from 600 matches of 601 members: walked in the list's order; 25 from 111: cut from the matches.
    expect(cutFromMatches(many, 71, many + 1)).toBe(false);
    expect(cutFromMatches(111, 26, many + 1)).toBe(true);

    const broad = await allPages(bed, t.companyId, 'given', 70);
    expect(broad.totals).toEqual([many]);
    expect(broad.seen.map((m) => m.firstName)).toEqual(Array.from({ length: many }, (_, i) => `Given${many - i}`));

    // "given1": Given1, Given10–19, Given100–199, Given1000… of 600: 111, a few.
    const few = await allPages(bed, t.companyId, 'GIVEN1', 25);
    const expected = Array.from({ length: many }, (_, i) => many - i).filter((n) => String(n).startsWith('1'));
    expect(few.totals).toEqual([expected.length]);
    expect(few.seen.map((m) => m.firstName)).toEqual(expected.map((n) => `Given${n}`));

    expect((await listMembers(bed.sql, t.companyId, { search: 'pp59' })).nodes.map((m) => m.lastName)).toEqual([
      'Surname599',
      'Surname598',
      'Surname597',
      'Surname596',
      'Surname595',
      'Surname594',
      'Surname593',
      'Surname592',
      'Surname591',
      'Surname590',
      'Surname59',
    ]);
    expect(await listMembers(bed.sql, t.companyId, { search: 'mokoena' })).toMatchObject({
      totalCount: 1,
      nodes: [{ firstName: 'Thabo' }],
    });
    expect(await listMembers(bed.sql, t.companyId, { search: 'nobody' })).toEqual({
      nodes: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, endCursor: null },
    });
  });

  it.runIf(driver.name === 'postgres')(
    'searches members with plans made once, through the search indexes under the tenant wall (issue #26)',
    async () => {
      const bed = await openPortfolioBed(driver, cleanups);
      const t = bed.tenant();
      await t.member({ firstName: 'Thabo', lastName: 'Mokoena', saId: '8001015009087' });
      await bed.project();
      await addMembers(bed, t.companyId, 5000);
      const statements = async (search: string) => {
        const recorder = recordingSql(bed.sql);
        await listMembers(recorder.sql, t.companyId, { search });
        const count = recorder.sent.find(({ text }) => text.includes('count(*)'))!;
        const page = recorder.sent.find(({ text }) => text.includes('search_full_name') && !text.includes('count(*)'))!;
        return { count, page, modes: recorder.sent.filter(({ text }) => text.includes('plan_cache_mode')).map(({ params }) => params[0]) };
      };

      const rare = await statements('mokoena');
      expect(rare.modes).toEqual(['force_generic_plan']);
      const arms = ['members_full_name', 'members_last_name', 'members_sa_id', 'members_passport', 'members_email'];
      // The plan made once for any text: each arm an index range (ADR 0003), under the wall as the gateway reads.
      const countPlan = await explainGenericUnderWall(bed.sql, t.companyId, rare.count);
      for (const index of arms) expect(countPlan, countPlan).toContain(index);
      const fenced = await explainGenericUnderWall(bed.sql, t.companyId, rare.page);
      for (const index of arms) expect(fenced, fenced).toContain(index);
      // Not the list's order walked: for a rare text that reads every member of the company.
      expect(fenced, fenced).not.toContain('members_page');

      const broad = await statements('given');
      const walked = await explainGenericUnderWall(bed.sql, t.companyId, broad.page);
      expect(walked, walked).toContain('members_page');
      // The same statement planned for its text walks too: the generic plan is not the worse one here.
      expect(await explainUnderWall(bed.sql, t.companyId, broad.page)).toContain('members_page');
    },
  );
});

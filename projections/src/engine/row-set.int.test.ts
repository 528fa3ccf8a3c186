import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { rowSet } from './row-set.ts';

const COLUMNS = `ord int, id uuid, "firstName" text, amount numeric, on_date date, at timestamptz, main boolean, position bigint,
  lives jsonb, note text`;

/** Values as the projectors send them, with what JSON and text make awkward. */
function sampleRows(): Record<string, unknown>[] {
  const awkward = ['', 'O\'Brien "Bra" \\ back', 'Ñandú 🌍 ’quotes’', 'line\nbreak\ttab', 'null', '[erased]'];
  return Array.from({ length: 40 }, (_, ord) => ({
    ord,
    id: `00000000-0000-4000-8000-${String(ord).padStart(12, '0')}`,
    firstName: awkward[ord % awkward.length],
    amount: ['120.00', '0.10', '99999999.99', null][ord % 4],
    on_date: ord % 5 === 0 ? null : `2025-${String((ord % 12) + 1).padStart(2, '0')}-28`,
    at: new Date(Date.UTC(2026, 10, 28, 12, 0, ord, ord)).toISOString(),
    main: ord % 3 === 0 ? true : ord % 3 === 1 ? false : null,
    position: 2 ** 40 + ord,
    lives: ord % 4 === 0 ? undefined : [{ role: 'spouse', cover: '5000.00', name: awkward[ord % awkward.length] }, ord, null],
    // note left out of some rows altogether: a missing value is null, as with a recordset.
    ...(ord % 2 === 0 ? { note: `note ${ord}` } : {}),
  }));
}

describe.each(testDrivers())('rows sent as a row set on $name', (driver) => {
  const disposals: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const dispose of disposals.splice(0)) await dispose();
  });

  it('read the same relation as json_to_recordset of the rows as objects', async () => {
    const db = await driver.create();
    disposals.push(() => db.dispose());
    const rows = sampleRows();
    const set = rowSet(COLUMNS);
    const asSet = await db.sql.query(`select * from ${set.from('$1', 'r')} order by ord`, [set.json(rows)]);
    const asObjects = await db.sql.query(`select * from json_to_recordset($1::text::json) as r(${COLUMNS}) order by ord`, [
      JSON.stringify(rows),
    ]);
    expect(asSet).toHaveLength(rows.length);
    expect(asSet).toEqual(asObjects);
    // What JSON cannot tell apart after the driver: SQL's null and jsonb's null.
    const nulls = (relation: string, params: unknown[]) =>
      db.sql.query<{ ord: number; missing: boolean }>(`select ord, lives is null as missing from ${relation} order by ord`, params);
    const setNulls = await nulls(set.from('$1', 'r'), [set.json(rows)]);
    expect(setNulls).toEqual(await nulls(`json_to_recordset($1::text::json) as r(${COLUMNS})`, [JSON.stringify(rows)]));
    expect(setNulls.filter((row) => row.missing)).toHaveLength(10);
    expect(asSet[1]).toMatchObject({ firstName: rows[1]!.firstName, main: false, note: null });
  });

  it('give every row and only the rows, however many (the number of rows leads the parameter)', async () => {
    const db = await driver.create();
    disposals.push(() => db.dispose());
    // A uuid first: the leading count must not be read as a row's value.
    const set = rowSet('id uuid, ord int, note text');
    for (const count of [0, 1, 9, 10, 1234]) {
      const rows = Array.from({ length: count }, (_, ord) => ({
        id: `00000000-0000-4000-8000-${String(ord).padStart(12, '0')}`,
        ord,
        note: ord % 7 === 0 ? '12345' : `[${ord}]`,
      }));
      const read = await db.sql.query<{ ord: number; note: string }>(`select * from ${set.from('$1', 'r')}`, [set.json(rows)]);
      expect(read, `${count} rows`).toEqual(rows);
    }
  });

  it('are planned as the few rows a live batch sends: looked up by key, not joined by scanning the table', async () => {
    const db = await driver.create();
    disposals.push(() => db.dispose());
    await db.sql.exec(`
      create table people (company_id uuid not null, id uuid not null, name text, primary key (company_id, id));
      insert into people select '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 'name ' || n from generate_series(1, 5000) as n;
      analyze people;`);
    const picked = await db.sql.query<{ company_id: string; id: string }>(`select company_id, id from people order by name limit 3`);
    const set = rowSet('ord int, company_id uuid, id uuid');
    const rows = set.json(picked.map((row, ord) => ({ ord, ...row })));
    const joined = `select r.ord, p.name from ${set.from('$1', 'r')} left join people p on p.company_id = r.company_id and p.id = r.id`;
    // The plan a live batch's statement gets from its sixth execution on (a generic plan), and the first five's.
    for (const mode of ['force_generic_plan', 'force_custom_plan']) {
      const plan = await db.sql.transaction(async (tx) => {
        await tx.exec(`set local plan_cache_mode = ${mode}`);
        await tx.exec(`prepare joined(text) as ${joined}`);
        const lines = await tx.query<{ 'QUERY PLAN': string }>(`explain execute joined('${rows}')`);
        await tx.exec('deallocate joined');
        return lines.map((line) => line['QUERY PLAN']).join('\n');
      });
      expect(plan, mode).toMatch(/Index Scan using people_pkey/);
      expect(plan, mode).not.toMatch(/Seq Scan on people/);
    }
    expect(await db.sql.query(`${joined} order by r.ord`, [rows])).toHaveLength(3);
  });

  it('send each row as an array of its values in the columns’ order', () => {
    const set = rowSet('ord int, "policyId" uuid, note text');
    expect(set.json([{ note: 'x', ord: 1, policyId: 'p', other: 'not sent' }, { ord: 2 }])).toBe('[{"rows":2},[1,"p","x"],[2,null,null]]');
    expect(set.from('$3', 'l')).toBe(
      `(select (e->>0)::int as ord, (e->>1)::uuid as "policyId", e->>2 as note from jsonb_array_elements($3::text::jsonb) as e` +
        ` offset 1 limit substring(left($3::text, 24) from '[0-9]+')::int) as l`,
    );
    expect(() => rowSet('ord int, bad-name text')).toThrow(/bad-name/);
  });
});

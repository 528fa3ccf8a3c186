import type { SqlClient } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from './engine.fixtures.ts';
import { keepPlannerStatistics, needsOwnStatistics, staleTables } from './statistics.ts';

describe.each(testDrivers())('planner statistics kept where autovacuum does not on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  async function open(): Promise<SqlClient> {
    const db = await driver.create();
    cleanups.push(() => db.dispose());
    return db.sql;
  }

  const reltuples = async (sql: SqlClient, table: string) =>
    (await sql.query<{ n: number }>(`select reltuples::int as n from pg_class where oid = $1::regclass`, [table]))[0]?.n;

  it('analyzes a table never analyzed, again once it grew by a fifth, and leaves small and unchanged ones alone', async () => {
    const sql = await open();
    await sql.exec(`create schema bench_g1;
      create table bench_g1.book (id int primary key, owner text not null);
      create table public.tiny (id int primary key);
      insert into public.tiny select g from generate_series(1, 10) g;
      insert into bench_g1.book select g, 'company ' || (g % 7) from generate_series(1, 5000) g`);
    expect(await staleTables(sql)).toContain('bench_g1.book');
    expect(await reltuples(sql, 'bench_g1.book')).toBe(-1); // never analyzed: the planner knows nothing
    expect(await keepPlannerStatistics(sql)).toContain('bench_g1.book');
    expect(await reltuples(sql, 'bench_g1.book')).toBe(5000);
    expect(await staleTables(sql)).not.toContain('public.tiny');

    // Unchanged, or grown by less than a fifth: left alone.
    expect(await staleTables(sql)).not.toContain('bench_g1.book');
    await sql.exec(`insert into bench_g1.book select g, 'x' from generate_series(5001, 5400) g`);
    expect(await staleTables(sql)).not.toContain('bench_g1.book');
    await sql.exec(`insert into bench_g1.book select g, 'x' from generate_series(5401, 8000) g`);
    expect(await keepPlannerStatistics(sql)).toContain('bench_g1.book');
    expect(await reltuples(sql, 'bench_g1.book')).toBe(8000);
  });

  it('analyzes a table whose index was built after its rows were loaded (the page count set, no column statistics)', async () => {
    const sql = await open();
    await sql.exec(`create table public.loaded (id int not null, owner text not null);
      insert into public.loaded select g, 'company ' || (g % 7) from generate_series(1, 5000) g;
      create index loaded_owner on public.loaded (owner)`);
    expect(await reltuples(sql, 'public.loaded')).toBe(5000); // what CREATE INDEX sets
    expect(await keepPlannerStatistics(sql)).toContain('public.loaded');
    const [owner] = await sql.query<{ n: number }>(
      `select n_distinct::int as n from pg_stats where schemaname = 'public' and tablename = 'loaded' and attname = 'owner'`,
    );
    expect(owner?.n).toBe(7);
    expect(await staleTables(sql)).not.toContain('public.loaded');

    // Drained before its first analyze (a queue, its pages still there): no column statistics to gather, and
    // not analyzed again every minute for that.
    await sql.exec(`create table public.drained (id int not null);
      insert into public.drained select g from generate_series(1, 5000) g;
      delete from public.drained`);
    expect(await keepPlannerStatistics(sql)).toContain('public.drained');
    expect(await reltuples(sql, 'public.drained')).toBe(0);
    expect(await staleTables(sql)).not.toContain('public.drained');
  });

  it('is needed on PGlite, and on a server only when its autovacuum is off', async () => {
    const sql = await open();
    const [setting] = driver.name === 'pglite' ? [] : await sql.query<{ autovacuum: string }>('show autovacuum');
    expect(await needsOwnStatistics(sql)).toBe(driver.name === 'pglite' || setting?.autovacuum !== 'on');
  });
});

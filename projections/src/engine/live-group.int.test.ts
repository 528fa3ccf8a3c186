import type { SqlClient } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { readRows, type TrackRow } from './checkpoints.ts';
import { append, HAPPENED, openTestBed, otherProjector, quietLogger, runCleanups } from './engine.fixtures.ts';
import { createLiveGroup } from './live-group.ts';
import { allProjectors } from '../read-models.ts';
import { schemaName } from './schema.ts';
import type { Projector } from './types.ts';

/** Lists the labels it applied, in its own table; fails in SQL on the label `failOn`. */
function listing(name: string, failOn?: string): Projector {
  return {
    name,
    version: 1,
    handles: [HAPPENED],
    tables: [`${name}_rows`],
    async init(tx) {
      await tx.exec(`create table if not exists ${name}_rows (event_id text primary key, label text not null)`);
    },
    async apply(tx, event) {
      if (event.data.label === failOn) await tx.query('select 1 / 0');
      await tx.query(`insert into ${name}_rows (event_id, label) values ($1, $2)`, [event.eventId, String(event.data.label)]);
    },
  };
}

/** The SQL port, counting the transactions opened through it. */
function countingTransactions(sql: SqlClient): { sql: SqlClient; transactions: () => number } {
  let transactions = 0;
  const counted: SqlClient = Object.create(sql) as SqlClient;
  Object.assign(counted, {
    transaction: ((fn, opening) => {
      transactions += 1;
      return sql.transaction(fn, opening);
    }) satisfies SqlClient['transaction'],
  });
  return { sql: counted, transactions: () => transactions };
}

const labels = async (sql: SqlClient, name: string) =>
  (await sql.query<{ label: string }>(`select label from public.${name}_rows order by label`)).map((row) => row.label);

describe.each(testDrivers())('live batches of several projectors on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('commit in one transaction, with the checkpoint of a projector that handles none of the events', async () => {
    const bed = await openTestBed(driver, cleanups);
    const counted = countingTransactions(bed.sql);
    const projectors = [listing('test_a'), listing('test_b'), listing('test_c'), otherProjector];
    const engine = bed.engine({ sql: counted.sql, projectors });
    await engine.start();
    const before = counted.transactions();

    const written = await append(bed.store, 'thing-1', ['one', 'two']);
    expect((await engine.waitFor(written.checkpoint)).reached).toBe(true);

    expect(counted.transactions() - before).toBe(1);
    for (const name of ['test_a', 'test_b', 'test_c']) expect(await labels(bed.sql, name)).toEqual(['one', 'two']);
    const rows = await readRows(
      bed.sql,
      'live',
      projectors.map((p) => p.name),
    );
    for (const p of projectors) expect(rows.get(p.name)?.checkpoint).toEqual(written.checkpoint);
  });

  it('keep a failing projector to itself: the others commit once, it reports its event, and recovers after', async () => {
    const bed = await openTestBed(driver, cleanups);
    const projectors = [listing('test_a'), listing('test_b', 'bad'), listing('test_c')];
    const engine = bed.engine({ projectors, backoff: { initialMs: 20, maxMs: 50 }, park: { attempts: 2, initialMs: 10 } });
    await engine.start();

    const bad = await append(bed.store, 'thing-1', ['ok1', 'bad']);
    const result = await engine.waitFor(bad.checkpoint, { timeoutMs: 5_000, projectors: ['test_a', 'test_c'] });
    expect(result.reached).toBe(true);
    expect(await labels(bed.sql, 'test_a')).toEqual(['bad', 'ok1']);
    expect(await labels(bed.sql, 'test_c')).toEqual(['bad', 'ok1']);

    // The failing one parks its event after two tries and goes on; the next append is grouped again.
    const good = await append(bed.store, 'thing-2', ['ok2']);
    expect((await engine.waitFor(good.checkpoint, { timeoutMs: 5_000 })).reached).toBe(true);
    expect(await labels(bed.sql, 'test_b')).toEqual(['ok1', 'ok2']);
    expect(await labels(bed.sql, 'test_a')).toEqual(['bad', 'ok1', 'ok2']);
    expect((await engine.parked()).map((row) => [row.projector, row.eventType])).toEqual([['test_b', HAPPENED]]);
  });

  it('apply their batches together, not one after another', async () => {
    const bed = await openTestBed(driver, cleanups);
    const counted = countingTransactions(bed.sql);
    // test_a's apply goes on only once test_b's has begun: one after another, test_a gives up after a second
    // and the group rolls back (its members then go alone, in transactions of their own).
    let started!: () => void;
    const bStarted = new Promise<void>((resolve) => (started = resolve));
    const a = listing('test_a');
    const b = listing('test_b');
    const projectors: Projector[] = [
      {
        ...a,
        async apply(tx, event) {
          let timer: NodeJS.Timeout | undefined;
          const gaveUp = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('test_b has not begun')), 1_000)));
          await Promise.race([bStarted, gaveUp]).finally(() => clearTimeout(timer));
          await a.apply(tx, event);
        },
      },
      {
        ...b,
        async apply(tx, event) {
          started();
          await b.apply(tx, event);
        },
      },
    ];
    const engine = bed.engine({ sql: counted.sql, projectors });
    await engine.start();
    const before = counted.transactions();

    const written = await append(bed.store, 'thing-1', ['one']);
    expect((await engine.waitFor(written.checkpoint, { timeoutMs: 5_000 })).reached).toBe(true);
    expect(counted.transactions() - before).toBe(1);
    expect(await labels(bed.sql, 'test_a')).toEqual(['one']);
    expect(await labels(bed.sql, 'test_b')).toEqual(['one']);
  });

  it('wait for every member before a failed group rolls back: none writes after its transaction', async () => {
    const bed = await openTestBed(driver, cleanups);
    const logger = quietLogger();
    // test_a fails at once; test_c is still thinking when it does, and writes after. Had the group rolled back
    // without waiting for it, its insert would land outside any transaction and its own batch then fail on it.
    const slow = listing('test_c');
    const projectors: Projector[] = [
      listing('test_a', 'bad'),
      {
        ...slow,
        async apply(tx, event) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          await slow.apply(tx, event);
        },
      },
    ];
    const engine = bed.engine({ projectors, logger, backoff: { initialMs: 20, maxMs: 50 }, park: { attempts: 2, initialMs: 10 } });
    await engine.start();

    const written = await append(bed.store, 'thing-1', ['bad']);
    // test_a parks its event after two tries and reaches the checkpoint too.
    expect((await engine.waitFor(written.checkpoint, { timeoutMs: 5_000 })).reached).toBe(true);
    expect(await labels(bed.sql, 'test_c')).toEqual(['bad']);
    expect((await engine.parked()).map((row) => row.projector)).toEqual(['test_a']);
    expect(logger.errors.filter((line) => line.includes('test_c'))).toEqual([]);
  });

  it('roll back whole when one member cannot enter, and answer a checkpoint-only member that moved', async () => {
    const bed = await openTestBed(driver, cleanups);
    const projectors = [listing('test_a'), listing('test_b'), otherProjector];
    const engine = bed.engine({ projectors });
    await engine.catchUpAll();
    const written = await append(bed.store, 'thing-1', ['one']);
    const { events } = await bed.store.readStream('thing-1');
    expect(events).toHaveLength(1);
    const rows = await readRows(
      bed.sql,
      'live',
      projectors.map((p) => p.name),
    );
    const row = (name: string) => rows.get(name) as TrackRow;
    const stale = (name: string): TrackRow => ({ ...row(name), checkpoint: written.checkpoint });
    const group = createLiveGroup(bed.sql, quietLogger());

    // test_b's row is not what its batch was read against (another process moved it): nothing of the group stands.
    const refused = await Promise.all([
      group.join({ projector: projectors[0]!, row: row('test_a'), next: written.checkpoint, events }),
      group.join({ projector: projectors[1]!, row: stale('test_b'), next: written.checkpoint, events }),
    ]);
    expect(refused).toEqual(['alone', 'alone']);
    expect(await labels(bed.sql, 'test_a')).toEqual([]);
    expect((await readRows(bed.sql, 'live', ['test_a'])).get('test_a')).toEqual(row('test_a'));

    // A checkpoint-only move that finds its row moved is that member's answer; the others commit.
    const moved = await Promise.all([
      group.join({ projector: projectors[0]!, row: row('test_a'), next: written.checkpoint, events }),
      group.join({ projector: projectors[2]!, row: stale('test_other'), next: written.checkpoint, events: [] }),
    ]);
    expect(moved).toEqual(['committed', 'moved']);
    expect(await labels(bed.sql, 'test_a')).toEqual(['one']);
    const after = await readRows(bed.sql, 'live', ['test_a', 'test_other']);
    expect(after.get('test_a')?.checkpoint).toEqual(written.checkpoint);
    expect(after.get('test_other')).toEqual(row('test_other'));

    // Alone, a member is told so at once and nothing is written.
    expect(await group.join({ projector: projectors[1]!, row: row('test_b'), next: written.checkpoint, events })).toBe('alone');
    expect(await labels(bed.sql, 'test_b')).toEqual([]);
  });

  it("find their own tables under the group's search path: every projector's schema holds only its declared tables", async () => {
    const bed = await openTestBed(driver, cleanups);
    const engine = bed.engine({ projectors: allProjectors });
    expect((await engine.catchUpAll()).failed).toEqual([]);
    const owner = new Map(allProjectors.map((p) => [schemaName(p.name, 1), p]));
    const relations = await bed.sql.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where starts_with(n.nspname, 'rm_') and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    );
    expect(relations.length).toBeGreaterThan(allProjectors.length);
    const strays = relations.filter(({ schema, name }) => {
      const tables = owner.get(schema)?.tables ?? [];
      return !tables.some((table) => name === table || new RegExp(`^${table}_p\\d+$`).test(name));
    });
    expect(strays).toEqual([]);
    const others = await bed.sql.query(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where starts_with(n.nspname, 'rm_')
       union all
       select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where starts_with(n.nspname, 'rm_') and t.typrelid = 0 and t.typelem = 0`,
    );
    expect(others).toEqual([]);
  });
});

import type { EventStore, ReadAllOptions } from '@fpa/write-model/event-store';
import { testDrivers, waitForHead } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  append,
  catchUpTo,
  countingProjector,
  HAPPENED,
  latest,
  OTHER,
  openTestBed,
  otherProjector,
  RENAMED,
  rows,
  runCleanups,
} from './engine.fixtures.ts';
import type { Projector } from './types.ts';

/**
 * Issue #26: projectors rebuilding at once share one ordered read of the log (shared-log.ts), and
 * each still commits its own batches, checkpoint and switch.
 */

/** Every read of the log the engine makes through this store, and how many events they answered. */
function countingReads(store: EventStore): { store: EventStore; reads: ReadAllOptions[]; events: () => number } {
  const reads: ReadAllOptions[] = [];
  let events = 0;
  return {
    reads,
    events: () => events,
    store: {
      ...store,
      readAll: async (options) => {
        reads.push(options);
        const page = await store.readAll(options);
        events += page.length;
        return page;
      },
    },
  };
}

/**
 * Keeps the label of every HAPPENED and OTHER event: a third reader of the same log, with its own
 * types. With `indexed`, its label index is a query index, and every apply notes whether it exists.
 */
function labelsProjector(version: number, indexed?: { seen: boolean[] }): Projector {
  return {
    name: 'test_labels',
    version,
    handles: [HAPPENED, OTHER],
    tables: ['test_labels'],
    ...(indexed ? { queryIndexes: ['test_labels_by_label'] } : {}),
    async init(tx) {
      await tx.exec(`create table if not exists test_labels (event_id text primary key, label text, position bigint not null);
        create index if not exists test_labels_by_label on test_labels (label)`);
    },
    async apply(tx, event) {
      if (indexed) indexed.seen.push(await hasLabelIndex(tx, null));
      await tx.query('insert into test_labels (event_id, label, position) values ($1, $2, $3)', [
        event.eventId,
        event.data.label === undefined ? null : String(event.data.label),
        event.globalPosition,
      ]);
    },
  };
}

async function hasLabelIndex(db: Parameters<typeof rows>[0], schema: string | null): Promise<boolean> {
  const found = await db.query(
    "select 1 from pg_indexes where indexname = 'test_labels_by_label' and schemaname = coalesce($1::text, current_schema())",
    [schema],
  );
  return found.length === 1;
}

const projectorsAt = (version: number, crash?: () => void): Projector[] => [
  countingProjector({ version, ...(crash ? { beforeApply: async () => crash() } : {}) }),
  { ...otherProjector, version },
  labelsProjector(version),
];

/** A log of 90 events of three types in six streams, most of them HAPPENED. */
async function writeLog(store: EventStore) {
  const written = [];
  for (let i = 0; i < 90; i++) {
    const type = i % 9 === 4 ? OTHER : i % 7 === 3 ? RENAMED : HAPPENED;
    written.push(await append(store, `thing-${i % 6}`, [`e${i}`], type));
  }
  return written;
}

async function everyModel(sql: Parameters<typeof rows>[0]) {
  return {
    counts: await rows(sql, 'test_stream_counts', 'stream_id'),
    things: await rows(sql, 'test_things', 'event_id'),
    others: await rows(sql, 'test_others', 'event_id'),
    labels: await rows(sql, 'test_labels', 'event_id'),
  };
}

describe.each(testDrivers())('a shared rebuild on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  /** The log written and the three projectors built from it at version 1. */
  async function builtAtVersion1() {
    const bed = await openTestBed(driver, cleanups);
    const written = await writeLog(bed.store);
    const v1 = bed.engine({ projectors: projectorsAt(1), batchSize: 10 });
    await catchUpTo(v1, latest(written));
    await v1.stop();
    return { bed, written };
  }

  it('gives the rows rebuilding each projector alone gives, reading the log about once', async () => {
    const { bed, written } = await builtAtVersion1();

    // Three versions bumped at once: the three rebuilds walk the log together.
    const shared = countingReads(bed.store);
    const v2 = bed.engine({ store: shared.store, projectors: projectorsAt(2), batchSize: 10 });
    expect(await catchUpTo(v2, latest(written))).toMatchObject({ failed: [] });
    const together = await everyModel(bed.sql);
    const status = await v2.status();
    expect(status.map((s) => [s.name, s.generation, s.activeVersion, s.rebuilding])).toEqual([
      ['test_counts', 2, 2, null],
      ['test_other', 2, 2, null],
      ['test_labels', 2, 2, null],
    ]);
    await v2.stop();

    // Each alone, one after the other.
    const solo = countingReads(bed.store);
    const alone = bed.engine({ store: solo.store, projectors: projectorsAt(2), batchSize: 10 });
    for (const projector of projectorsAt(2)) await alone.rebuild(projector.name);
    expect(await everyModel(bed.sql)).toEqual(together);
    expect((await alone.status()).map((s) => s.generation)).toEqual([3, 3, 3]);
    expect(together.labels).toHaveLength(written.length - written.filter((_, i) => i % 9 !== 4 && i % 7 === 3).length);

    // 90 events in pages of 10: alone, each projector reads its own pages (17 reads, 170 events: each its
    // own types); together, the log is read about once (a first page each before they know of one
    // another): 9 to 12 reads on PGlite. On a PostgreSQL server shared with other tests the head each step
    // reads to moves with the server's transaction horizon, which cuts pages at different places: the
    // reads can number as many as alone (seen: 17 and 17), but the events they answer stay about the log
    // once and fewer than alone (108 to 130 seen, against 170).
    expect(solo.reads.length).toBeGreaterThanOrEqual(17);
    expect(solo.events()).toBeGreaterThanOrEqual(160);
    expect(shared.events()).toBeLessThan(solo.events());
    if (driver.name === 'pglite') expect(shared.reads.length).toBeLessThanOrEqual(written.length / 10 + 3);
  });

  it('a crash half way leaves each projector at its own checkpoint, and a restart resumes each from there', async () => {
    const { bed, written } = await builtAtVersion1();

    // test_counts dies in its fourth batch; the other two rebuild beside it and switch.
    let applied = 0;
    const shared = countingReads(bed.store);
    const crashing = bed.engine({
      store: shared.store,
      projectors: projectorsAt(2, () => {
        applied += 1;
        if (applied > 35) throw new Error('runner killed');
      }),
      batchSize: 10,
    });
    const crashed = await catchUpTo(crashing, latest(written));
    await crashing.stop();
    expect(crashed.failed.map((f) => f.name)).toEqual(['test_counts']);
    // A shared rebuild: the three walked the log together (alone they read it in 17 pages; see above).
    expect(shared.reads.length).toBeLessThan(17);
    if (driver.name === 'pglite') expect(shared.reads.length).toBeLessThanOrEqual(written.length / 10 + 3);
    const afterCrash = await crashing.status();
    const counts = afterCrash.find((s) => s.name === 'test_counts')!;
    expect(counts).toMatchObject({ activeVersion: 1, generation: 1, rebuilding: { generation: 2 } });
    expect(counts.lastError).toContain('runner killed');
    const stoppedAt = counts.rebuilding!.checkpoint!;
    expect(stoppedAt.globalPosition).toBeLessThan(latest(written).globalPosition);
    // What the new generation holds is exactly the events up to its own checkpoint: 30 handled events.
    const [built] = await bed.sql.query<{ n: number }>('select sum(events)::int as n from rm_test_counts_g2.test_stream_counts');
    expect(built?.n).toBe(30);
    for (const name of ['test_other', 'test_labels']) {
      expect(afterCrash.find((s) => s.name === name)).toMatchObject({ activeVersion: 2, generation: 2, rebuilding: null, eventsBehind: 0 });
    }

    // The restart carries on test_counts from its checkpoint, not from the start of the log.
    const resumed = countingReads(bed.store);
    const restarted = bed.engine({ store: resumed.store, projectors: projectorsAt(2), batchSize: 10 });
    expect(await catchUpTo(restarted, latest(written))).toMatchObject({ failed: [] });
    expect(resumed.reads.some((read) => read.after === null)).toBe(false);
    expect(resumed.reads.filter((read) => read.types?.includes(HAPPENED))[0]?.after).toEqual(stoppedAt);
    const recovered = await everyModel(bed.sql);
    expect((await restarted.status()).map((s) => [s.name, s.generation, s.rebuilding])).toEqual([
      ['test_counts', 2, null],
      ['test_other', 2, null],
      ['test_labels', 2, null],
    ]);

    // Equal to a from-scratch rebuild.
    await restarted.rebuild('test_counts');
    expect(await everyModel(bed.sql)).toEqual(recovered);
  });

  it('projectors following the log read (and decrypt) what an append wrote once between them', async () => {
    const bed = await openTestBed(driver, cleanups);
    const written = await writeLog(bed.store);
    const counted = countingReads(bed.store);
    const engine = bed.engine({ store: counted.store, projectors: projectorsAt(1), batchSize: 10 });
    await engine.start();
    expect((await engine.waitFor(latest(written))).reached).toBe(true);
    const before = counted.reads.length;
    const next = await append(bed.store, 'thing-1', ['one', 'two']);
    expect((await engine.waitFor(next.checkpoint)).reached).toBe(true);
    // Alone, each of the three would read the tail with its own types: three reads.
    expect(counted.reads.slice(before).filter((read) => read.after !== null)).toHaveLength(1);
    expect((await rows(bed.sql, 'test_labels', 'event_id')).map((r) => r.label)).toContain('two');
  });

  it('loads a fresh generation without its query indexes and builds them before it serves', async () => {
    const bed = await openTestBed(driver, cleanups);
    const written = await writeLog(bed.store);
    // On a shared server the head can trail the last append (the cluster-wide horizon): a generation
    // that caught up to an earlier head builds its index there, correctly, but this test counts what
    // came before it, so it starts once the whole log is readable.
    await waitForHead(bed.store, latest(written));
    const first = { seen: [] as boolean[] };
    const v1 = bed.engine({ projectors: [labelsProjector(1, first)], batchSize: 10 });
    await catchUpTo(v1, latest(written));
    // The first generation of a new database loaded without it, and has it once caught up.
    expect(first.seen.length).toBeGreaterThan(70);
    expect(first.seen.every((exists) => !exists)).toBe(true);
    expect(await hasLabelIndex(bed.sql, 'rm_test_labels_g1')).toBe(true);
    await v1.stop();

    const second = { seen: [] as boolean[] };
    const v2 = bed.engine({ projectors: [labelsProjector(2, second)], batchSize: 10 });
    await catchUpTo(v2, latest(written));
    expect(second.seen.length).toBe(first.seen.length);
    // All but the last batch, which is applied with the switch after the index is built.
    expect(second.seen.slice(0, -10).every((exists) => !exists)).toBe(true);
    expect((await v2.status())[0]).toMatchObject({ generation: 2, rebuilding: null });
    expect(await hasLabelIndex(bed.sql, 'rm_test_labels_g2')).toBe(true);
    // Later events are applied with it in place.
    const later = await append(bed.store, 'thing-0', ['later']);
    await catchUpTo(v2, later.checkpoint);
    expect(second.seen.at(-1)).toBe(true);
  });

  it('refuses a query index that init does not create', async () => {
    const bed = await openTestBed(driver, cleanups);
    const wrong = { ...labelsProjector(1), queryIndexes: ['test_labels_by_nothing'] };
    const result = await bed.engine({ projectors: [wrong] }).catchUpAll();
    expect(result.failed).toEqual([
      { name: 'test_labels', error: expect.stringContaining('init creates no index test_labels_by_nothing') },
    ]);
  });
});

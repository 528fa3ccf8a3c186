import { createPostgresClient, type EventStore, type SqlClient } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createProjectionEngine } from './engine.ts';
import {
  append,
  countingProjector,
  latest,
  openStore,
  openTestBed,
  otherProjector,
  quietLogger,
  rows,
  runCleanups,
} from './engine.fixtures.ts';
import type { ProjectionEngine } from './types.ts';

/** Several runners of the same projectors: each event reaches each read model exactly once. */
describe.each(testDrivers())('concurrent projection engines on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openTestBed(driver, cleanups);

  // On PGlite both engines share one session, where advisory locks are re-entrant: the CAS decides alone.
  it('never applies an event twice with two engines sharing one client', async () => {
    const { sql, store } = await setup();
    const engines = [0, 1].map(() =>
      createProjectionEngine({ sql, store, projectors: [countingProjector()], batchSize: 2, logger: quietLogger() }),
    );
    for (const engine of engines) cleanups.push(() => engine.stop());
    await Promise.all(engines.map((engine) => engine.start()));

    const results = [];
    for (let i = 0; i < 20; i++) results.push(await append(store, `s${i % 4}`, [`v${i}`]));
    await Promise.all([...engines, ...engines].map((engine) => engine.catchUpAll()));
    for (const engine of engines) expect((await engine.waitFor(latest(results))).reached).toBe(true);

    expect((await rows(sql, 'test_stream_counts', 'stream_id')).map((r) => r.events)).toEqual([5, 5, 5, 5]);
  });

  it.skipIf(driver.name !== 'postgres')('never applies an event twice with two engines on one database', async () => {
    const { db, store, masterKey } = await setup();
    const engines: { sql: SqlClient; store: EventStore; engine: ProjectionEngine }[] = [];
    for (let i = 0; i < 2; i++) {
      const sql = await createPostgresClient({ url: db.url!, max: 4 });
      const ownStore = await openStore(sql, masterKey);
      const engine = createProjectionEngine({
        sql,
        store: ownStore,
        projectors: [countingProjector(), otherProjector],
        batchSize: 3,
        logger: quietLogger(),
      });
      engines.push({ sql, store: ownStore, engine });
      cleanups.push(async () => {
        await engine.stop();
        await ownStore.close();
        await sql.close();
      });
    }
    await Promise.all(engines.map((e) => e.engine.start()));

    const streams = ['s0', 's1', 's2', 's3', 's4', 's5'];
    const results = (
      await Promise.all(
        streams.map(async (stream) => {
          const mine = [];
          for (let i = 0; i < 10; i++) mine.push(await append(store, stream, [`${stream}-${i}`]));
          return mine;
        }),
      )
    ).flat();
    await Promise.all(engines.map((e) => e.engine.catchUpAll()));
    for (const { engine } of engines) expect((await engine.waitFor(latest(results))).reached).toBe(true);

    const counts = await rows(db.sql, 'test_stream_counts', 'stream_id');
    expect(counts.map((r) => [r.stream_id, r.events])).toEqual(streams.map((s) => [s, 10]));
    expect(await rows(db.sql, 'test_things', 'event_id')).toHaveLength(60);

    // One process rebuilds while the other follows the log; the switch waits for the live lock.
    const rebuilding = engines[1]!.engine.rebuild('test_counts');
    const during = [];
    for (const stream of streams) during.push(await append(store, stream, [`${stream}-late`]));
    await rebuilding;
    for (const { engine } of engines) expect((await engine.waitFor(latest(during))).reached).toBe(true);
    const rebuilt = await rows(db.sql, 'test_stream_counts', 'stream_id');
    expect(rebuilt.map((r) => [r.stream_id, r.events])).toEqual(streams.map((s) => [s, 11]));
    expect(await rows(db.sql, 'test_things', 'event_id')).toHaveLength(66);
  });
});

import { randomBytes } from 'node:crypto';
import { compareCheckpoints, createPostgresClient, type SqlClient } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { describe, expect, it } from 'vitest';
import { createProjectionEngine } from './engine.ts';
import { append, catchUpTo, countingProjector, latest, openStore, quietLogger, readModel, rows } from './engine.fixtures.ts';

/**
 * A runner dies in the middle of a batch, after some of the batch's writes: its transaction rolls
 * back, and a restarted runner must end with exactly the read model a from-scratch rebuild gives.
 * On the server the dying runner has its own connections, like another process. (It throws rather
 * than having its backend terminated: postgres.js 3.4.9 then throws an uncatchable TypeError from
 * nextWrite, porsager/postgres#1154, which would take the test process down.)
 */
describe.each(testDrivers())('a runner crashing mid-batch on $name', (driver) => {
  it('leaves nothing half-applied, and a restart equals a from-scratch rebuild', async () => {
    const db = await driver.create();
    const masterKey = randomBytes(32);
    const store = await openStore(db.sql, masterKey);
    // The crashing runner has its own connections on the server, like another process would.
    const crashSql: SqlClient = db.url ? await createPostgresClient({ url: db.url, max: 2 }) : db.sql;
    const crashStore = db.url ? await openStore(crashSql, masterKey) : store;
    try {
      const streams = ['m1', 'm2', 'm3', 'm4', 'm5'];
      const written = [];
      for (let i = 0; i < 50; i++) written.push(await append(store, streams[i % 5]!, [`e${i}`]));

      let applied = 0;
      let rowsWhenKilled = 0;
      const crashing = createProjectionEngine({
        sql: crashSql,
        store: crashStore,
        batchSize: 10,
        logger: quietLogger(),
        projectors: [
          countingProjector({
            async beforeApply(tx) {
              applied += 1;
              if (applied < 25) return;
              rowsWhenKilled = (await tx.query('select 1 from test_things')).length;
              throw new Error('runner killed');
            },
          }),
        ],
      });
      const crashed = await catchUpTo(crashing, latest(written));
      await crashing.stop();
      if (db.url) {
        await crashStore.close();
        await crashSql.close();
      }

      expect(crashed.failed.map((f) => f.name)).toEqual(['test_counts']);
      // What stands is exactly the events up to the checkpoint: the dying batch's writes (there were
      // some when it died) rolled back with it. With a head that keeps up, that is two batches of ten.
      const [status] = await createProjectionEngine({ sql: db.sql, store, projectors: [countingProjector()] }).status();
      const committed = written.filter((w) => compareCheckpoints(w.checkpoint, status!.checkpoint!) <= 0).length;
      expect(committed).toBeLessThan(25);
      expect(rowsWhenKilled).toBeGreaterThan(committed);
      const afterCrash = await rows(db.sql, 'test_stream_counts', 'stream_id');
      expect(afterCrash.reduce((sum, r) => sum + Number(r.events), 0)).toBe(committed);
      expect(await rows(db.sql, 'test_things', 'event_id')).toHaveLength(committed);
      const visible = written.filter((w) => compareCheckpoints(w.checkpoint, status!.head!) <= 0).length;
      expect(status).toMatchObject({ eventsBehind: visible - committed });
      expect(status?.lastError).toContain('runner killed');

      const restarted = createProjectionEngine({
        sql: db.sql,
        store,
        batchSize: 10,
        logger: quietLogger(),
        projectors: [countingProjector()],
      });
      await restarted.start();
      try {
        for (let i = 50; i < 55; i++) written.push(await append(store, streams[i % 5]!, [`e${i}`]));
        expect((await restarted.waitFor(latest(written))).reached).toBe(true);
        const recovered = await readModel(db.sql);
        expect(recovered.counts.map((r) => [r.stream_id, r.events])).toEqual(streams.map((s) => [s, 11]));

        await restarted.rebuild('test_counts');
        const fromScratch = await readModel(db.sql);
        expect(fromScratch).toEqual(recovered);
        expect((await restarted.status())[0]).toMatchObject({ generation: 2, lastError: null, eventsBehind: 0 });
      } finally {
        await restarted.stop();
      }
    } finally {
      await store.close();
      await db.dispose();
    }
  });
});

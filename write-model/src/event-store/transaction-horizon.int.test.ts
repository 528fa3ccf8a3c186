import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDriver, type TestDatabase } from '../testing/databases.ts';
import { appendOptions, event, EVENT_LOG_LAYOUTS, sleep, storeOnLayout, waitForHead } from './conformance/fixture.ts';
import type { EventStore } from './types.ts';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const driver = serverDriver();
const suite = driver ? describe : describe.skip;

// Needs real concurrent connections: PGlite runs one transaction at a time.
suite.each(EVENT_LOG_LAYOUTS)(
  driver
    ? 'transaction horizon on the PostgreSQL server, $layout'
    : 'transaction horizon, $layout (needs TEST_DATABASE_URL: a PostgreSQL server)',
  ({ partitions }) => {
    let db: TestDatabase;
    let store: EventStore;
    beforeAll(async () => {
      db = await driver!.create();
      store = await storeOnLayout(db.sql, partitions, 20);
    });
    afterAll(async () => {
      await store?.close();
      await db?.dispose();
    });

    it('holds back an event whose transaction commits before an older one, and delivers both in order', async () => {
      const start = await store.headCheckpoint();
      const inside = gate();
      const release = gate();
      const slow = store.append([{ streamId: 'slow', expectedVersion: 'any', events: [event('Slow')] }], {
        ...appendOptions(),
        inTransaction: async () => {
          inside.open();
          await release.opened;
        },
      });
      await inside.opened;
      // Commits first, with a greater position than the slow append's, which is inserted but not committed.
      const fast = await store.append([{ streamId: 'fast', expectedVersion: 'any', events: [event('Fast')] }], appendOptions());
      await sleep(100);
      expect(await store.readAll({ after: start, limit: 10 })).toEqual([]);
      expect(await store.headCheckpoint()).toEqual(start);

      release.open();
      const slowResult = await slow;
      expect(slowResult.firstPosition).toBeLessThan(fast.firstPosition);
      expect(BigInt(slowResult.checkpoint.txId)).toBeLessThan(BigInt(fast.checkpoint.txId));
      await waitForHead(store, fast.checkpoint);
      expect((await store.readAll({ after: start, limit: 10 })).map((e) => e.type)).toEqual(['Slow', 'Fast']);
    });

    it('wakes subscribers by polling when the horizon moves without a NOTIFY', async () => {
      const start = await store.headCheckpoint();
      const inside = gate();
      const release = gate();
      // An unrelated transaction that holds a transaction id and never notifies.
      const unrelated = db.sql.transaction(async (tx) => {
        await tx.query('select pg_current_xact_id()');
        inside.open();
        await release.opened;
      });
      await inside.opened;
      const fast = await store.append([{ streamId: 'woken', expectedVersion: 'any', events: [event('Fast')] }], appendOptions());
      await sleep(200); // the NOTIFY of `fast` has come and gone; nothing was readable then
      expect(await store.readAll({ after: start, limit: 10 })).toEqual([]);

      const woken = new Promise<number>((resolve) => {
        const startedAt = Date.now();
        const unsubscribe = store.onAppended(() => {
          void store.readAll({ after: start, limit: 10 }).then((events) => {
            if (events.length === 0) return;
            unsubscribe();
            resolve(Date.now() - startedAt);
          });
        });
      });
      await sleep(100);
      release.open();
      await unrelated;
      expect(await woken).toBeLessThan(5_000);
      await waitForHead(store, fast.checkpoint);
    });
  },
);

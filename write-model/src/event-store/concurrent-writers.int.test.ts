import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDriver, type TestDatabase } from '../testing/databases.ts';
import { compareSeen, NO_DIFFERENCES, runWriters, startSubscriber } from './concurrent-writers.fixture.ts';
import { EVENT_LOG_LAYOUTS, storeOnLayout, waitForHead } from './conformance/fixture.ts';
import { compareCheckpoints, type Checkpoint, type EventStore } from './types.ts';

const WRITERS = 20;
const ROUNDS = 4;
const APPENDS_PER_WRITER = 15;
const STREAMS = 6;

const driver = serverDriver();
const suite = driver ? describe : describe.skip;

suite.each(EVENT_LOG_LAYOUTS)(
  driver
    ? 'concurrent writers on the PostgreSQL server, $layout'
    : 'concurrent writers, $layout (needs TEST_DATABASE_URL: a PostgreSQL server)',
  ({ partitions }) => {
    let db: TestDatabase;
    let store: EventStore;
    beforeAll(async () => {
      db = await driver!.create();
      store = await storeOnLayout(db.sql, partitions, 50);
    });
    afterAll(async () => {
      await store?.close();
      await db?.dispose();
    });
    /** Until one es_append waits on a lock (a row another append's open transaction holds). */
    const oneAppendWaitingOnALock = () =>
      expect
        .poll(
          async () =>
            (
              await db.sql.query(
                `select 1 from pg_stat_activity where datname = current_database() and query like '%es_append%' and wait_event_type = 'Lock'`,
              )
            ).length,
        )
        .toBe(1);

    it(`${WRITERS} writers on overlapping streams with rollbacks and late commits: subscribers see each committed event once, in stream order`, async () => {
      const streams = Array.from({ length: STREAMS }, (_, i) => `account-${i}-${randomUUID()}`);
      const committed = new Set<string>();
      const failed = new Set<string>();
      const stats = { rolledBack: 0, conflicts: 0, duplicates: 0, badRetries: 0 };
      let last: Checkpoint | null = null;
      const subscribers = [startSubscriber(store), startSubscriber(store)];

      try {
        for (let round = 0; round < ROUNDS; round++) {
          const outcome = await runWriters(store, {
            streams,
            writers: WRITERS,
            appendsPerWriter: APPENDS_PER_WRITER,
            rollbackRate: 0.15,
            multiStreamRate: 0.3,
            maxDelaySeconds: 0.05,
            tokenPrefix: String(round),
          });
          outcome.committed.forEach((t) => committed.add(t));
          outcome.failed.forEach((t) => failed.add(t));
          for (const key of Object.keys(stats) as (keyof typeof stats)[]) stats[key] += outcome.stats[key];
          if (outcome.last && (!last || compareCheckpoints(outcome.last, last) > 0)) last = outcome.last;
          // Every writer is done, so the head can reach the last commit; the subscribers must follow it.
          await waitForHead(store, last!);
          for (const subscriber of subscribers) await subscriber.reached(last!);
          for (const { seen } of subscribers) expect(compareSeen(seen, committed, failed, streams)).toEqual(NO_DIFFERENCES);
        }
      } finally {
        // allSettled: a failed round must not leave a subscriber reading from a database being dropped.
        await Promise.allSettled(subscribers.map((s) => s.stop()));
      }

      const [{ count } = { count: -1 }] = await db.sql.query<{ count: number }>(
        `select count(*)::int as count from es_events where type = 'Deposited'`,
      );
      expect(count).toBe(committed.size);
      expect(stats.badRetries).toBe(0);
      expect(stats.rolledBack).toBeGreaterThan(0);
      expect(stats.conflicts).toBeGreaterThan(0);
      expect(stats.duplicates).toBeGreaterThan(0);
    });

    it('a command id another append has claimed but not committed, on another stream: the second append waits and answers its result', async () => {
      const commandId = randomUUID();
      const [first, second] = [`claim-a-${randomUUID()}`, `claim-b-${randomUUID()}`];
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const claimed = new Promise<void>((resolve) => (reached = resolve));
      const options = { commandId, companyId: null, actorUserId: null };
      const holding = store.append([{ streamId: first, expectedVersion: 'no_stream', events: [{ type: 'Deposited', data: { n: 1 } }] }], {
        ...options,
        inTransaction: () => {
          reached(); // appended, the command recorded, not committed until the gate opens
          return gate;
        },
      });
      await claimed;
      const waiting = store.append(
        [{ streamId: second, expectedVersion: 'no_stream', events: [{ type: 'Deposited', data: { n: 2 } }] }],
        options,
      );
      await oneAppendWaitingOnALock();
      release();
      const [original, answer] = await Promise.all([holding, waiting]);
      expect(original.duplicate).toBe(false);
      expect(answer).toEqual({ ...original, duplicate: true });
      expect((await store.readStream(second)).version).toBe(0);
    });

    it.each([
      ['one stream', 1],
      ['two streams', 2],
    ])(
      "a new data subject's key another append has written but not committed: the second append (%s) waits, then writes under that key",
      async (_, streams) => {
        const subject = `subject-${randomUUID()}`;
        const [first, second] = [`keyed-a-${randomUUID()}`, `keyed-b-${randomUUID()}`];
        const registered = (name: string) => ({
          type: 'Registered',
          data: { name, plan: 'gold' },
          pii: [{ subjectId: subject, fields: ['name'] }],
        });
        let release!: () => void;
        let reached!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        const keyed = new Promise<void>((resolve) => (reached = resolve));
        const options = { companyId: null, actorUserId: null };
        const holding = store.append([{ streamId: first, expectedVersion: 'no_stream', events: [registered('Thandi')] }], {
          ...options,
          commandId: randomUUID(),
          inTransaction: () => {
            reached(); // appended with a fresh key for the subject, not committed until the gate opens
            return gate;
          },
        });
        await keyed;
        // The subject's key is not committed, so this append makes its own and finds the other's row at its insert.
        const others = [second, `keyed-c-${randomUUID()}`].slice(0, streams);
        const waiting = store.append(
          others.map((streamId) => ({ streamId, expectedVersion: 'no_stream' as const, events: [registered('Thandiwe')] })),
          {
            ...options,
            commandId: randomUUID(),
          },
        );
        await oneAppendWaitingOnALock();
        release();
        await Promise.all([holding, waiting]);
        const keys = await db.sql.query('select 1 from es_subject_keys where subject_id = $1', [subject]);
        expect(keys).toHaveLength(1);
        expect((await store.readStream(first)).events.map((e) => e.data.name)).toEqual(['Thandi']);
        for (const other of others) expect((await store.readStream(other)).events.map((e) => e.data.name)).toEqual(['Thandiwe']);
      },
    );
  },
);

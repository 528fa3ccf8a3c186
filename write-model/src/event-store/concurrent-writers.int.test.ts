import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../errors.ts';
import { serverDriver, type TestDatabase } from '../testing/databases.ts';
import { appendOptions, sleep, waitForHead } from './conformance/fixture.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';
import { createKeyring } from './pii.ts';
import { compareCheckpoints, type Checkpoint, type EventStore, type ExpectedVersion, type RecordedEvent, type StreamAppend } from './types.ts';

const WRITERS = 20;
const ROUNDS = 4;
const APPENDS_PER_WRITER = 15;
const STREAMS = 6;

class PlannedRollback extends Error {}

const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Reads the global order from its own checkpoint, woken by the store or by a short sleep. */
function startSubscriber(store: EventStore) {
  const seen: RecordedEvent[] = [];
  let after: Checkpoint | null = null;
  let stopped = false;
  let wake: () => void = () => {};
  const unsubscribe = store.onAppended(() => wake());
  const loop = (async () => {
    while (!stopped) {
      const page = await store.readAll({ after, limit: 37 });
      seen.push(...page);
      const last = page[page.length - 1];
      if (last) after = { txId: last.txId, globalPosition: last.globalPosition };
      else {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 25);
        });
      }
    }
  })();
  return {
    seen,
    async reached(target: Checkpoint, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!after || compareCheckpoints(after, target) < 0) {
        if (Date.now() > deadline) throw new Error(`subscriber stuck at ${JSON.stringify(after)}`);
        await sleep(10);
      }
    },
    async stop() {
      stopped = true;
      wake();
      unsubscribe();
      await loop;
    },
  };
}

const driver = serverDriver();
const suite = driver ? describe : describe.skip;

suite(driver ? 'concurrent writers on the PostgreSQL server' : 'concurrent writers (needs TEST_DATABASE_URL: a PostgreSQL server)', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await driver!.create();
    store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)), pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await store?.close();
    await db?.dispose();
  });

  it(`${WRITERS} writers on overlapping streams with rollbacks and late commits: subscribers see each committed event once, in stream order`, async () => {
    const streams = Array.from({ length: STREAMS }, (_, i) => `account-${i}-${randomUUID()}`);
    const committed = new Set<string>();
    const failed = new Set<string>();
    const stats = { rolledBack: 0, conflicts: 0, duplicates: 0 };
    let last: Checkpoint | null = null;
    const subscribers = [startSubscriber(store), startSubscriber(store)];

    const writer = async (round: number, writerId: number) => {
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const token = `${round}.${writerId}.${i}`;
        const first = pick(streams);
        const second = Math.random() < 0.3 ? pick(streams.filter((s) => s !== first)) : null;
        const expected: ExpectedVersion = Math.random() < 0.5 ? 'any' : (await store.readStream(first)).version;
        const plan: StreamAppend[] = [
          { streamId: first, expectedVersion: expected, events: [{ type: 'Deposited', data: { token: `${token}.a` } }] },
        ];
        if (Math.random() < 0.3) plan[0]!.events.push({ type: 'Deposited', data: { token: `${token}.b` } });
        if (second) plan.push({ streamId: second, expectedVersion: 'any', events: [{ type: 'Deposited', data: { token: `${token}.c` } }] });
        const tokens = plan.flatMap((p) => p.events.map((e) => e.data.token as string));
        const rollBack = Math.random() < 0.15;
        // Half carry a command id: its write comes before the events, another chance to get the order wrong.
        const commandId = Math.random() < 0.5 ? `cmd-${token}` : undefined;
        try {
          const attempt = () =>
            store.append(plan, {
              ...appendOptions({ commandId }),
              inTransaction: async (tx) => {
                await tx.query('select pg_sleep(random() * 0.05)');
                if (rollBack) throw new PlannedRollback();
              },
            });
          const result = await attempt();
          if (commandId && Math.random() < 0.2) {
            const retry = await attempt();
            expect(retry).toEqual({ ...result, duplicate: true });
            stats.duplicates += 1;
          }
          tokens.forEach((t) => committed.add(t));
          if (!last || compareCheckpoints(result.checkpoint, last) > 0) last = result.checkpoint;
        } catch (error) {
          if (error instanceof PlannedRollback) stats.rolledBack += 1;
          else if (error instanceof ConcurrencyError) stats.conflicts += 1;
          else throw error;
          tokens.forEach((t) => failed.add(t));
        }
      }
    };

    try {
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(round, w)));
        // Every writer is done, so the head can reach the last commit; the subscribers must follow it.
        await waitForHead(store, last!);
        for (const subscriber of subscribers) await subscriber.reached(last!);

        for (const { seen } of subscribers) {
          const tokens = seen.map((e) => e.data.token as string);
          expect(tokens.length).toBe(new Set(tokens).size);
          expect(new Set(tokens)).toEqual(committed);
          expect(tokens.filter((t) => failed.has(t))).toEqual([]);
          for (let i = 1; i < seen.length; i++) {
            expect(compareCheckpoints(seen[i - 1]!, seen[i]!)).toBeLessThan(0);
          }
          for (const streamId of streams) {
            const versions = seen.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
            expect(versions).toEqual(versions.map((_, i) => i + 1));
          }
        }
      }
    } finally {
      // allSettled: a failed round must not leave a subscriber reading from a database being dropped.
      await Promise.allSettled(subscribers.map((s) => s.stop()));
    }

    const [{ count } = { count: -1 }] = await db.sql.query<{ count: number }>(`select count(*)::int as count from es_events where type = 'Deposited'`);
    expect(count).toBe(committed.size);
    expect(stats.rolledBack).toBeGreaterThan(0);
    expect(stats.conflicts).toBeGreaterThan(0);
    expect(stats.duplicates).toBeGreaterThan(0);
  });
});

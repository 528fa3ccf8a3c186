import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDrivers, type TestDriver } from '../testing/databases.ts';
import { eventStoreConformance, type FixtureVariant } from './event-store.conformance.ts';
import { createPostgresEventStore, migrateEventStore } from './postgres-event-store.ts';
import { createKeyring } from './pii.ts';
import type { SqlClient, SqlExecutor } from './sql.ts';

/** The same client with LISTEN turned into a no-op: the store must then rely on polling. */
function withoutNotifications(sql: SqlClient): SqlClient {
  return { ...sql, listen: async () => async () => {} };
}

function makeStore(driver: TestDriver) {
  return async (variant: FixtureVariant = {}) => {
    const db = await driver.create();
    const keyring = await createKeyring(db.sql, randomBytes(32));
    const client = variant.notifications === false ? withoutNotifications(db.sql) : db.sql;
    const store = await createPostgresEventStore(client, { keyring, pollIntervalMs: variant.pollIntervalMs ?? 50 });
    return {
      store,
      sql: db.sql,
      keyring,
      hooksSeeEvents: true,
      startsEmpty: true,
      storedEvents: (streamId: string, on: SqlExecutor = db.sql) =>
        on.query<{ text: string; data: Record<string, unknown> }>(
          `select e::text as text, e.data from es_events e where stream_id = $1 order by stream_version`,
          [streamId],
        ),
      async dispose() {
        await store.close();
        await db.dispose();
      },
    };
  };
}

describe.each(testDrivers())('PostgreSQL event store on $name', (driver) => {
  eventStoreConformance(driver.name, makeStore(driver));

  it('migrates idempotently, keeping what is stored', async () => {
    const { store, sql, dispose } = await makeStore(driver)();
    try {
      await store.append([{ streamId: 'kept', expectedVersion: 'no_stream', events: [{ type: 'A', data: {} }] }], {
        companyId: null,
        actorUserId: null,
      });
      await migrateEventStore(sql);
      await Promise.all([migrateEventStore(sql), migrateEventStore(sql)]);
      expect((await store.readStream('kept')).version).toBe(1);
    } finally {
      await dispose();
    }
  });

  // es_append takes the events by column; a client sending rows in another shape (an older process during an
  // upgrade) or columns of another length must fail loudly and write nothing, not append fewer events.
  it('refuses events whose columns do not match the streams, writing nothing', async () => {
    const { sql, dispose } = await makeStore(driver)();
    try {
      const streams = JSON.stringify([{ streamId: 'shape', expected: 'no_stream', tail: 0, count: 2 }]);
      const column = (n: number) => ({
        s: Array(n).fill('shape'),
        v: [1, 2].slice(0, n),
        e: [randomUUID(), randomUUID()].slice(0, n),
        t: Array(n).fill('A'),
      });
      const shapes = [
        [{ streamId: 'shape', streamVersion: 1, eventId: randomUUID(), type: 'A', data: {}, metadata: {}, hash: 'h' }],
        { ...column(2), d: [{}, {}], m: [{}], i: [0, 0], h: ['h'] },
        { ...column(1), d: [{}], m: [{}], i: [0], h: ['h'] },
      ];
      for (const events of shapes) {
        await expect(
          sql.query(`select es_append($1::text::jsonb, $2::text::jsonb, null, $3, '[]'::jsonb)`, [
            streams,
            JSON.stringify(events),
            randomUUID(),
          ]),
        ).rejects.toThrow("the events' columns do not match the streams' counts");
      }
      expect(
        await sql.query(`select 1 from es_events where stream_id = 'shape' union all select 1 from es_streams where stream_id = 'shape'`),
      ).toEqual([]);
    } finally {
      await dispose();
    }
  });

  // A result file of 50,000 lines appends a payment stream per line: one lock per stream overflowed the
  // server's shared lock table (64 x 100 slots by default) with "out of shared memory".
  it('appends 50,000 streams at once, within the lock table, and again to each of them', async () => {
    const { store, sql, dispose } = await makeStore(driver)();
    try {
      const [{ slots } = { slots: 0 }] = await sql.query<{ slots: number }>(
        `select current_setting('max_locks_per_transaction')::int * (current_setting('max_connections')::int
                + current_setting('max_prepared_transactions')::int) as slots`,
      );
      const count = Math.max(50_000, Number(slots) * 5);
      const ids = Array.from({ length: count }, (_, i) => `many-${i}`);
      const options = { companyId: null, actorUserId: null };
      const first = await store.append(
        ids.map((streamId) => ({ streamId, expectedVersion: 'no_stream' as const, events: [{ type: 'A', data: {} }] })),
        options,
      );
      expect(first.streams).toHaveLength(count);
      await store.append(
        ids.map((streamId) => ({ streamId, expectedVersion: 1, events: [{ type: 'B', data: {} }] })),
        options,
      );
      const read = await store.readStreams([ids[0]!, ids[count - 1]!]);
      expect([...read.values()].map((s) => s.events.map((e) => e.type))).toEqual([
        ['A', 'B'],
        ['A', 'B'],
      ]);
    } finally {
      await dispose();
    }
  }, 120_000);

  it('readAll walks the (transaction_id, global_position) index', async () => {
    const { sql, dispose } = await makeStore(driver)();
    try {
      // An empty table would be scanned sequentially; forbid that to see which index the planner can use.
      const plan = await sql.transaction(async (tx) => {
        await tx.exec('set local enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': string }>(
          `explain select global_position from es_events
            where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              and (transaction_id, global_position) > ($1::xid8, $2::bigint)
            order by transaction_id, global_position limit 10`,
          ['0', 0],
        );
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('es_events_transaction_position');
    } finally {
      await dispose();
    }
  });
});

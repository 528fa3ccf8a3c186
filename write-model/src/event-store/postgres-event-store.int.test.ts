import { randomBytes } from 'node:crypto';
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

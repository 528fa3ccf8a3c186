import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serverDriver, type TestDriver } from '../testing/databases.ts';
import { appendOptions, event, waitForHead } from './conformance/fixture.ts';
import { eventStoreConformance, type FixtureVariant } from './event-store.conformance.ts';
import { eventPartitions, partitionEventLog } from './partition.ts';
import { createPostgresEventStore, migrateEventStore } from './postgres-event-store.ts';
import { createKeyring } from './pii.ts';
import type { SqlClient, SqlExecutor } from './sql.ts';
import type { AppendResult } from './types.ts';
import { verifyEventChains } from './verify-chains.ts';

const PARTITIONS = 4;

/** A fresh database whose es_events is hash-partitioned on company_id (converted while empty). */
async function partitionedStore(driver: TestDriver, variant: FixtureVariant = {}) {
  const db = await driver.create();
  await migrateEventStore(db.sql);
  await partitionEventLog(db.sql, { partitions: PARTITIONS });
  const keyring = await createKeyring(db.sql, randomBytes(32));
  const client: SqlClient = variant.notifications === false ? { ...db.sql, listen: async () => async () => {} } : db.sql;
  const store = await createPostgresEventStore(client, { keyring, pollIntervalMs: variant.pollIntervalMs ?? 50 });
  return {
    store,
    sql: db.sql,
    keyring,
    hooksSeeEvents: true,
    startsEmpty: true,
    storedEvents: (streamId: string, on: SqlExecutor = db.sql) =>
      on.query<{ text: string; data: Record<string, unknown> }>(
        // The column list of an unpartitioned table, so the text is the same as there.
        `select row(global_position, transaction_id, stream_id, stream_version, event_id, type, data, metadata, company_id,
                    recorded_at, hash)::text as text, data
           from es_events where stream_id = $1 order by stream_version`,
        [streamId],
      ),
    async dispose() {
      await store.close();
      await db.dispose();
    },
  };
}

const driver = serverDriver();
const suite = driver ? describe : describe.skip;

// Partitions are a PostgreSQL-server option (npm run partition, DATABASE_URL); PGlite keeps the one table.
suite(
  driver ? 'partitioned event store on the PostgreSQL server' : 'partitioned event store (needs TEST_DATABASE_URL: a PostgreSQL server)',
  () => {
    eventStoreConformance(`hash-partitioned on company_id (${PARTITIONS} partitions)`, (variant) => partitionedStore(driver!, variant));

    it('converts a log with events: the same events, positions and transaction ids, chains that hold, appends going on after them', async () => {
      const db = await driver!.create();
      try {
        const store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)), pollIntervalMs: 50 });
        const companies = [null, randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
        let last: AppendResult | undefined;
        for (let round = 0; round < 3; round++) {
          for (const companyId of companies) {
            last = await store.append(
              [
                {
                  streamId: `member-${companyId}-${round}`,
                  expectedVersion: 'no_stream',
                  events: [event('Registered', { round }), event('Issued')],
                },
                { streamId: `company-${companyId}`, expectedVersion: 'any', events: [event('Counted', { round })] },
              ],
              appendOptions({ companyId }),
            );
          }
        }
        await waitForHead(store, last!.checkpoint);
        const before = await store.readAll({ after: null, limit: 1000 });
        expect(before).toHaveLength(3 * companies.length * 3);

        const outcome = await partitionEventLog(db.sql, { partitions: 3 });
        expect(outcome).toMatchObject({ converted: true, partitions: 3, events: before.length, keptAs: null });
        expect(await eventPartitions(db.sql)).toBe(3);
        expect(await store.readAll({ after: null, limit: 1000 })).toEqual(before);
        expect(await store.headCheckpoint()).toEqual(last!.checkpoint);
        // Every company's events are in one partition, and the platform's (null) too.
        const spread = await db.sql.query<{ company: string | null; partitions: number }>(
          `select company_id::text as company, count(distinct tableoid)::int as partitions from es_events group by company_id`,
        );
        expect(spread.map((row) => row.partitions)).toEqual(companies.map(() => 1));

        // Appends continue the order and the chains; versions are still checked.
        const next = await store.append(
          [{ streamId: `company-${companies[1]}`, expectedVersion: 3, events: [event('Counted', { round: 3 })] }],
          appendOptions({ companyId: companies[1]! }),
        );
        expect(next.firstPosition).toBeGreaterThan(last!.lastPosition);
        await expect(
          store.append(
            [{ streamId: `company-${companies[1]}`, expectedVersion: 3, events: [event('Late')] }],
            appendOptions({ companyId: companies[1]! }),
          ),
        ).rejects.toMatchObject({ code: 'CONCURRENCY_CONFLICT' });
        await waitForHead(store, next.checkpoint);
        expect((await store.readAll({ after: last!.checkpoint, limit: 10 })).map((e) => e.globalPosition)).toEqual([next.firstPosition]);
        expect(await verifyEventChains(db.sql)).toMatchObject({ ok: true, eventsChecked: before.length + 1 });

        // Again: nothing to do, nothing changed. And the event-store migration leaves the partitions as they are.
        expect(await partitionEventLog(db.sql, { partitions: 8 })).toMatchObject({ converted: false, partitions: 3 });
        await migrateEventStore(db.sql);
        expect(await eventPartitions(db.sql)).toBe(3);
        await store.close();
      } finally {
        await db.dispose();
      }
    });

    it("readAll merges the partitions' (transaction_id, global_position) indexes in order; a company's read prunes to its partition", async () => {
      const { sql, dispose } = await partitionedStore(driver!);
      try {
        const plan = (query: string, params: unknown[]) =>
          sql.transaction(async (tx) => {
            // An empty table would be scanned sequentially; forbid that to see which indexes the planner can use.
            await tx.exec('set local enable_seqscan = off');
            const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${query}`, params);
            return rows.map((row) => row['QUERY PLAN']).join('\n');
          });
        const all = await plan(
          `select global_position from es_events
          where transaction_id < pg_snapshot_xmin(pg_current_snapshot()) and (transaction_id, global_position) > ($1::xid8, $2::bigint)
          order by transaction_id, global_position limit 10`,
          ['0', 0],
        );
        expect(all).toContain('Merge Append');
        expect(all.match(/Index (Only )?Scan using es_events_p\d+_transaction_id_global_position_idx/g)).toHaveLength(PARTITIONS);
        // No Sort node: the partitions' indexes give the order (a Merge Append's "Sort Key" is not a sort).
        expect(all).not.toMatch(/(^|-> +)Sort +\(/m);
        const company = await plan(
          `select global_position from es_events where company_id = $1::uuid order by transaction_id, global_position`,
          [randomUUID()],
        );
        expect(company.match(/es_events_p\d+/g)?.length).toBeGreaterThan(0);
        expect(new Set(company.match(/es_events_p\d+/g))).toHaveProperty('size', 1);
      } finally {
        await dispose();
      }
    });

    it('refuses a bad partition count with a clear message and changes nothing', async () => {
      const db = await driver!.create();
      try {
        await migrateEventStore(db.sql);
        for (const partitions of [0, 1, 2.5, 257, Number.NaN]) {
          await expect(partitionEventLog(db.sql, { partitions })).rejects.toThrow(/Partitions must be a whole number from 2 to 256/);
        }
        expect(await eventPartitions(db.sql)).toBe(0);
      } finally {
        await db.dispose();
      }
    });

    it('keeps the old table when asked, and rolls back a copy that does not check out', async () => {
      const db = await driver!.create();
      try {
        const store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)) });
        await store.append([{ streamId: 'kept-1', expectedVersion: 'no_stream', events: [event('A'), event('B')] }], appendOptions());
        // A broken chain (an edited event) fails the check after the copy: the conversion rolls back.
        await db.sql.exec(`update es_events set data = '{"edited": true}' where stream_id = 'kept-1' and stream_version = 1`);
        await expect(partitionEventLog(db.sql, { partitions: 2 })).rejects.toThrow(
          /hash chain does not hold after the copy.*nothing changed/,
        );
        expect(await eventPartitions(db.sql)).toBe(0);
        expect(await db.sql.query(`select 1 from pg_class where relname = 'es_events_partitioned'`)).toEqual([]);

        await db.sql.exec(`update es_events set data = '{}' where stream_id = 'kept-1' and stream_version = 1`);
        expect(await partitionEventLog(db.sql, { partitions: 2, keepOld: true })).toMatchObject({
          converted: true,
          events: 2,
          keptAs: 'es_events_unpartitioned',
        });
        const [{ n } = { n: 0 }] = await db.sql.query<{ n: number }>(`select count(*)::int as n from es_events_unpartitioned`);
        expect(n).toBe(2);
        await store.append([{ streamId: 'kept-1', expectedVersion: 2, events: [event('C')] }], appendOptions());
        expect((await store.readStream('kept-1')).events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
        await store.close();
      } finally {
        await db.dispose();
      }
    });
  },
);

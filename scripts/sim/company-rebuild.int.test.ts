import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrateWriteModel } from '@fpa/write-model';
import {
  createKeyring,
  createPostgresEventStore,
  migrateEventStore,
  partitionEventLog,
  readCompanyEvents,
} from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { allProjectors, catchUpTo, committedHead, createProjectionEngine, rebuildCompanyInScratch } from '@fpa/projections';
import { generate } from './generator.ts';

/*
 * A company's read models rebuilt from its own events alone (issue #28 step 3, what `simulate.ts
 * --company-rebuilds` measures) equal the whole rebuild's rows of that company, in every read-model
 * table with a company_id. On the server the log is hash-partitioned, so each company's events come
 * from one partition; PGlite keeps the one table (partitions are a server option).
 */
describe.each(testDrivers())('per-company rebuild on $name', (driver) => {
  it("rebuilds each company from its own events, equal to the whole rebuild's rows, and sees a live row that differs", async () => {
    const db = await driver.create();
    try {
      await migrateWriteModel(db.sql);
      if (driver.name !== 'pglite') {
        await migrateEventStore(db.sql);
        await partitionEventLog(db.sql, { partitions: 4 });
      }
      const keyring = await createKeyring(db.sql, randomBytes(32));
      const store = await createPostgresEventStore(db.sql, { keyring, pollIntervalMs: 50 });
      const companies = await generate({
        store,
        sql: db.sql,
        companies: 3,
        membersPerCompany: 6,
        paymentsPerPolicy: 2,
        claimEvery: 2,
        log: () => {},
      });
      const head = (await committedHead(db.sql))!;
      const engine = createProjectionEngine({ sql: db.sql, store, projectors: allProjectors });
      expect((await catchUpTo(engine, head, { timeoutMs: 120_000 })).failed).toEqual([]);

      const read = (companyId: string, options: Parameters<typeof readCompanyEvents>[3]) =>
        readCompanyEvents(db.sql, keyring, companyId, options);
      const ids = (await db.sql.query<{ id: string }>(`select id from companies order by id`)).map((row) => row.id);
      expect(ids).toHaveLength(companies.length);
      for (const companyId of ids) {
        // A small page, so the read pages through the company's events.
        const rebuilt = await rebuildCompanyInScratch(db.sql, read, allProjectors, companyId, {
          schema: 'test_company_rebuild',
          until: head,
          batchSize: 7,
        });
        const [{ n } = { n: 0 }] = await db.sql.query<{ n: number }>(`select count(*)::int as n from es_events where company_id = $1`, [
          companyId,
        ]);
        expect(rebuilt.events).toBe(n);
        expect(rebuilt.tables.filter((t) => t.differences > 0)).toEqual([]);
        expect(rebuilt.tables.find((t) => t.table === 'members')?.rows).toBe(6);
        expect(rebuilt.tables.find((t) => t.table === 'claims')?.rows).toBe(3);
      }

      // A live row of one company changed behind the projector's back: the comparison finds it, and only it.
      await db.sql.query(`update members set last_name = 'Tampered' where id = (select id from members where company_id = $1 limit 1)`, [
        ids[0],
      ]);
      const tampered = await rebuildCompanyInScratch(db.sql, read, allProjectors, ids[0]!, { schema: 'test_company_rebuild', until: head });
      expect(tampered.tables.filter((t) => t.differences > 0).map((t) => [t.table, t.differences])).toEqual([['members', 2]]);
      await engine.stop();
      await store.close();
    } finally {
      await db.dispose();
    }
  }, 180_000);
});

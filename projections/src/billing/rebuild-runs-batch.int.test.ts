import type { SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { expectBatchesMatchApply, inSchema, schemaRows } from '../engine/apply-batch.fixtures.ts';
import { memberLog } from './member-log.fixtures.ts';
import { COLLECTIONS_TABLES, collectionsProjection } from '../collections/collections.projection.ts';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { BILLING_TABLES, billingProjection } from './billing.projection.ts';

/**
 * Issue #26: a rebuild's log interleaves each member's registration, policy and payments, and the billing and
 * collections projectors applied it a statement per event. Their applyBatch gathers it into runs of one type;
 * it must leave exactly what apply leaves event by event, wherever the engine cuts the log: members registered
 * twice (the company of the first, the contact of the last), family members, erased and blank contacts, updates,
 * policies issued twice, group and repeated payments, status changes, and policy events that stay in place
 * (lapses, status changes, a holder's succession). Every row of every table is compared.
 */
type Projector = {
  handles: readonly string[];
  init(tx: SqlExecutor): Promise<void>;
  apply(tx: SqlExecutor, event: never): Promise<void>;
  applyBatch?(tx: SqlExecutor, events: readonly never[]): Promise<void>;
};

const projectors = [
  { name: 'billing', projector: billingProjection as unknown as Projector, tables: BILLING_TABLES },
  { name: 'collections', projector: collectionsProjection as unknown as Projector, tables: COLLECTIONS_TABLES },
];

describe.each(testDrivers())('a rebuild-shaped log through applyBatch and through apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, 2, Date.now() % 1_000_000])('gives the same rows in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const log = memberLog(random, 150);
    for (const { name, projector, tables } of projectors) {
      // As the engine hands them: the projector's own types.
      const events = log.filter((event) => projector.handles.includes(event.type));
      const each = `cmp_${name}_each`;
      await inSchema(db.sql, projector, each, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      const expected = await schemaRows(db.sql, each, tables);
      const sql = db.sql;
      await expectBatchesMatchApply(sql, projector, events, {
        random,
        expected,
        rows: (schema) => schemaRows(sql, schema, tables),
        label: `${name}, seed ${seed}`,
        prefix: `cmp_${name}`,
        maxSize: 201,
      });
    }
    const members = (await schemaRows(db.sql, 'cmp_billing_each', ['billing_members'])).billing_members!;
    expect(members.length).toBeGreaterThan(150);
  });

  it('applies 500 events of members, policies and payments in a handful of statements, not one per event', async () => {
    db = await driver.create();
    const log = memberLog(seededRandom(5), 400, { quiet: true }).slice(0, 500);
    for (const { name, projector, tables } of projectors) {
      const events = log.filter((event) => projector.handles.includes(event.type));
      let statements = 0;
      const counting = (tx: SqlExecutor): SqlExecutor => ({
        exec: (text) => tx.exec(text),
        query: (text, params) => ((statements += 1), tx.query(text, params)),
      });
      await inSchema(db.sql, projector, `count_${name}`, (tx) => projector.applyBatch!(counting(tx), events as never[]));
      await inSchema(db.sql, projector, `each_${name}`, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      expect(await schemaRows(db.sql, `count_${name}`, tables)).toEqual(await schemaRows(db.sql, `each_${name}`, tables));
      expect(statements, name).toBeLessThan(10);
    }
  });
});

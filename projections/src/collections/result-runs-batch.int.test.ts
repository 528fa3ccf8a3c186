import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { expectBatchesMatchApply, inSchema, loggedEvent, schemaRows } from '../engine/apply-batch.fixtures.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_TABLES, billingProjection } from '../billing/billing.projection.ts';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { COLLECTIONS_TABLES, collectionsProjection } from './collections.projection.ts';

/**
 * A result file's events (issue #21) through the billing and collections projectors' applyBatch must
 * leave exactly what apply leaves event by event, wherever the engine cuts the log: batches of debits,
 * outcomes collected and unpaid (an item's outcome changed by a later file, the same outcome twice),
 * the files' records, payments recorded (group payments among them, one recorded twice) and their
 * status changes. Every row of every table is compared.
 */
type Projector = {
  init(tx: SqlExecutor): Promise<void>;
  apply(tx: SqlExecutor, event: never): Promise<void>;
  applyBatch?(tx: SqlExecutor, events: readonly never[]): Promise<void>;
};

const projectors = [
  { name: 'billing', projector: billingProjection as unknown as Projector, tables: BILLING_TABLES },
  { name: 'collections', projector: collectionsProjection as unknown as Projector, tables: COLLECTIONS_TABLES },
];

describe.each(testDrivers())('a result file through applyBatch and through apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, 2, Date.now() % 1_000_000])('gives the same rows in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const events = resultLog(random);
    for (const { name, projector, tables } of projectors) {
      const each = `cmp_${name}_each`;
      await build(db.sql, projector, each, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      const expected = await rows(db.sql, each, tables);
      const sql = db.sql;
      await expectBatchesMatchApply(sql, projector, events, {
        random,
        expected,
        rows: (schema) => rows(sql, schema, tables),
        label: `${name}, seed ${seed}`,
        prefix: `cmp_${name}`,
        maxSize: 151,
      });
    }
    const collected = (await rows(db.sql, 'cmp_collections_each', ['collection_items'])).collection_items!;
    expect(collected.filter((r) => r.outcome === 'collected').length).toBeGreaterThan(20);
    expect(collected.filter((r) => r.outcome === 'unpaid').length).toBeGreaterThan(0);
  });

  it('takes a result file of 300 collected debits in a handful of statements, not one per debit', async () => {
    db = await driver.create();
    const events = resultLog(seededRandom(7)).filter((e) => e.type !== 'PremiumUnpaid');
    const collected = events.filter((e) => e.type === 'PremiumCollected').length;
    const payments = events.filter((e) => e.type === 'PaymentRecorded').length;
    expect(collected).toBeGreaterThan(100);
    for (const { name, projector, tables } of projectors) {
      let statements = 0;
      const counting = (tx: SqlExecutor): SqlExecutor => ({
        exec: (text) => tx.exec(text),
        query: (text, params) => ((statements += 1), tx.query(text, params)),
      });
      await build(db.sql, projector, `count_${name}`, (tx) => projector.applyBatch!(counting(tx), events as never[]));
      await build(db.sql, projector, `each_${name}`, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      expect(await rows(db.sql, `count_${name}`, tables)).toEqual(await rows(db.sql, `each_${name}`, tables));
      expect(statements, name).toBeLessThan((name === 'billing' ? payments : collected) / 4);
    }
  });
});

function resultLog(random: () => number): RecordedEvent[] {
  const companyId = randomUUID();
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const events: RecordedEvent[] = [];
  const push = (type: string, data: Record<string, unknown>) =>
    events.push(loggedEvent(events.length, type, data, { startMs: Date.UTC(2026, 0, 1), stepMs: 60_000 }));
  const payments: string[] = [];
  for (let b = 0; b < 2; b++) {
    const batchId = randomUUID();
    const items = Array.from({ length: 90 + Math.floor(random() * 80) }, (_, i) => ({
      policyId: randomUUID(),
      policyNumber: `POL-${b}-${i}`,
      mandateReference: `MR${b}${i}`,
      periods: ['2026-02'],
      amount: `${100 + Math.floor(random() * 300)}.00`,
    }));
    push('CollectionBatchCreated', {
      batchId,
      companyId,
      debitDate: `2026-0${2 + b}-01`,
      createdOn: '2026-01-28',
      generationNumber: b + 1,
      includeArrears: false,
      items,
      count: items.length,
      total: '0.00',
    });
    // Two result files for the batch: the second changes some outcomes and repeats others.
    for (let file = 0; file < 2; file++) {
      const fileId = randomUUID();
      const lines = file === 0 ? items : items.filter(() => random() < 0.15);
      lines.forEach((item, line) => {
        const base = { batchId, companyId, policyId: item.policyId, policyNumber: item.policyNumber, amount: item.amount, fileId, line };
        if (random() < 0.1) {
          push('PremiumUnpaid', {
            ...base,
            unpaidOn: `2026-0${2 + b}-0${3 + file}`,
            unpaidCode: pick(['02', '04', '18']),
            meaning: 'Not provided for',
            effect: pick(['retry', 'mandate', 'deceased']),
            reversedPaymentId: null,
          });
        } else {
          const paymentId = randomUUID();
          payments.push(paymentId);
          push('PremiumCollected', { ...base, collectedOn: `2026-0${2 + b}-0${3 + file}`, paymentId });
        }
      });
      push('CollectionResultsImported', {
        fileId,
        companyId,
        fileName: `results-${b}-${file}.csv`,
        importedOn: `2026-0${2 + b}-0${3 + file}`,
        lines: lines.length,
        collected: 0,
        unpaid: 0,
        duplicates: 0,
        unmatched: [],
      });
      // The payments of the collected debits, as the import appends them after the batch's outcomes.
      for (const paymentId of payments.splice(0)) {
        const again = random() < 0.02 && events.length > 0;
        push('PaymentRecorded', {
          paymentId,
          companyId,
          policyId: randomUUID(),
          policyNumber: 'POL',
          memberId: randomUUID(),
          memberName: 'Thandi Nkosi',
          amount: `${100 + Math.floor(random() * 300)}.00`,
          paymentDate: `2026-0${2 + b}-0${3 + file}`,
          paymentMethod: 'debit_order',
          reference: null,
          notes: null,
          status: 'completed',
          ...(random() < 0.05 ? { groupSchemeId: randomUUID() } : {}),
        });
        if (again) push('PaymentRecorded', { ...events.at(-1)!.data, amount: '1.00' });
        if (random() < 0.03) push('PaymentStatusChanged', { paymentId, companyId, from: 'completed', to: 'failed' });
      }
    }
  }
  return events;
}

const build = inSchema;

const rows = schemaRows;

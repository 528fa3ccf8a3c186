import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { PAYMENT_STATUSES } from '@fpa/write-model/validation';
import { expectBatchesMatchApply, inSchema, loggedEvent, schemaRows } from '../engine/apply-batch.fixtures.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { paymentsProjection } from './payments.projection.ts';
import { PAYMENTS_TABLES } from './payments.schema.ts';

/**
 * applyBatch must leave exactly what apply leaves event by event, wherever the engine cuts the log.
 * A random log (two companies, policies issued and suspended, payments in every status and month,
 * status changes, the same payment recorded twice) is applied one event at a time into one schema and
 * through applyBatch in random batch sizes into others; every row of every table is compared.
 */
describe.each(testDrivers())('payments applyBatch against apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, 2, Date.now() % 1_000_000])('gives the same rows for a random log in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const events = randomLog(random);
    await build(db.sql, 'cmp_each', async (tx) => {
      for (const event of events) await paymentsProjection.apply(tx, event);
    });
    const expected = await rows(db.sql, 'cmp_each');
    expect(expected.payment_stats!.length).toBe(2);
    expect(expected.premium_months!.length).toBeGreaterThan(4);
    expect(expected.policy_arrears!.some((r) => r.last_payment_date !== null)).toBe(true);
    const sql = db.sql;
    await expectBatchesMatchApply(sql, paymentsProjection, events, {
      random,
      expected,
      rows: (schema) => rows(sql, schema),
      label: `seed ${seed}`,
    });
  });

  it('applies a log that goes policy by policy (a policy, then its payments) in a statement per type', async () => {
    db = await driver.create();
    const companyId = randomUUID();
    const events: RecordedEvent[] = [];
    for (let p = 0; p < 30; p++) {
      const policy = { policyId: randomUUID(), companyId, memberId: randomUUID(), policyNumber: `POL-${p}` };
      events.push(recorded(events.length, 'PolicyIssued', { ...policy, startDate: '2025-01-01' }));
      for (let m = 1; m <= 6; m++) {
        events.push(
          recorded(events.length, 'PaymentRecorded', {
            paymentId: randomUUID(),
            ...policy,
            memberName: 'Thandi Nkosi',
            amount: '120.00',
            paymentDate: `2025-0${m}-0${1 + (p % 9)}`,
            paymentMethod: 'debit_order',
            reference: null,
            notes: null,
            status: m % 5 === 0 ? 'pending' : 'completed',
          }),
        );
      }
    }
    let statements = 0;
    await build(db.sql, 'counted', (tx) =>
      paymentsProjection.applyBatch!(
        { exec: (text) => tx.exec(text), query: (text, params) => ((statements += 1), tx.query(text, params)) },
        events,
      ),
    );
    expect(statements).toBe(2);
    await build(db.sql, 'each', async (tx) => {
      for (const event of events) await paymentsProjection.apply(tx, event);
    });
    expect(await rows(db.sql, 'counted')).toEqual(await rows(db.sql, 'each'));
  });
});

const MINUTELY = { startMs: Date.UTC(2025, 0, 1), stepMs: 60_000 };
const recorded = (index: number, type: string, data: Record<string, unknown>) => loggedEvent(index, type, data, MINUTELY);

function randomLog(random: () => number): RecordedEvent[] {
  const companies = [randomUUID(), randomUUID()];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const policies: { policyId: string; companyId: string; memberId: string; policyNumber: string }[] = [];
  const payments: { paymentId: string; companyId: string; status: string }[] = [];
  const events: RecordedEvent[] = [];
  const push = (type: string, data: Record<string, unknown>) => events.push(recorded(events.length, type, data));
  for (let i = 0; i < 400; i++) {
    const roll = random();
    if (policies.length < 3 || roll < 0.08) {
      const policy = { policyId: randomUUID(), companyId: pick(companies), memberId: randomUUID(), policyNumber: `POL-${i}` };
      policies.push(policy);
      push('PolicyIssued', { ...policy, startDate: `2024-0${1 + Math.floor(random() * 9)}-01` });
    } else if (roll < 0.12) {
      push('PolicyStatusChanged', { ...pick(policies), to: pick(['active', 'suspended', 'lapsed']) });
    } else if (roll < 0.14) {
      // The calendar's lapse and reinstatement (issue #20) move the arrears row like staff's switch.
      const { policyId, companyId } = pick(policies);
      if (random() < 0.6) push('PolicyLapsed', { policyId, companyId, lapsedOn: '2025-02-16', reason: 'non_payment', graceDays: 15 });
      else push('PolicyReinstated', { policyId, companyId, reinstatedOn: '2025-03-02', lapsedOn: '2025-02-16', reason: 'arrears_paid' });
    } else if (roll < 0.2 && payments.length > 0) {
      const payment = pick(payments);
      const to = pick(PAYMENT_STATUSES);
      push('PaymentStatusChanged', { paymentId: payment.paymentId, companyId: payment.companyId, from: payment.status, to });
      payment.status = to;
    } else {
      const policy = pick(policies);
      // Now and then a payment recorded again (a replayed log): the first one stands.
      const again = payments.length > 0 && random() < 0.03 ? payments.find((p) => p.companyId === policy.companyId) : undefined;
      const payment = again ?? {
        paymentId: randomUUID(),
        companyId: policy.companyId,
        status: pick([...PAYMENT_STATUSES, 'completed', 'completed']),
      };
      if (!again) payments.push(payment);
      push('PaymentRecorded', {
        paymentId: payment.paymentId,
        companyId: policy.companyId,
        policyId: policy.policyId,
        policyNumber: policy.policyNumber,
        memberId: policy.memberId,
        memberName: 'Thandi Nkosi',
        amount: `${100 + Math.floor(random() * 400)}.${random() < 0.5 ? '50' : '00'}`,
        paymentDate: `2025-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
        paymentMethod: 'debit_order',
        reference: random() < 0.5 ? `REF${i}` : null,
        notes: null,
        status: payment.status,
      });
    }
  }
  return events;
}

const build = (sql: SqlClient, schema: string, fn: (tx: SqlExecutor) => Promise<void>, keep = false) =>
  inSchema(sql, paymentsProjection, schema, fn, keep);

const rows = (sql: SqlClient, schema: string) => schemaRows(sql, schema, PAYMENTS_TABLES);

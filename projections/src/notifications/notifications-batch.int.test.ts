import { randomUUID } from 'node:crypto';
import { compareCheckpoints, type NewEvent, type RecordedEvent, type SqlClient, type SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDriver } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaRows } from '../engine/apply-batch.fixtures.ts';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { openPortfolioBed } from '../portfolio/portfolio.fixtures.ts';
import { memberLog } from '../billing/member-log.fixtures.ts';
import { policyholderLife } from './notifications.fixtures.ts';
import { notificationsProjection } from './notifications.projection.ts';
import { createNotifyTables, migrateOutbox, NOTIFY_TABLES, OUTBOX } from './outbox.schema.ts';

/**
 * The outbox projector's applyBatch (a run of payments reads what its receipts need once, issue #21) must
 * write exactly what apply writes event by event, wherever the engine cuts the log: the same notify tables
 * and the same outbox rows — receipts with the paid-up-to date each payment had at its event (payments of
 * one policy in one run, dated out of order, pending ones, one recorded twice, group payments, a status
 * change, the company's own template set half way).
 */
type Applier = (tx: SqlExecutor, events: readonly RecordedEvent[]) => Promise<void>;
const applyEach: Applier = async (tx, events) => {
  for (const event of events) await notificationsProjection.apply(tx, event);
};
const applyBatch: Applier = (tx, events) => notificationsProjection.applyBatch!(tx, events);

describe.each(testDrivers())('notifications applyBatch against apply on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it.each([1, 2, Date.now() % 1_000_000])(
    'writes the same rows and messages for a run of payments in random batches (seed %i)',
    async (seed) => {
      const events = await paymentLog(driver, cleanups, seededRandom(seed));
      const random = seededRandom(seed + 1);
      const each = await project(driver, cleanups, [events], applyEach);
      const cuts = randomCuts(events, random, 60);
      const batched = await project(driver, cleanups, cuts, applyBatch);
      expect(batched, `seed ${seed}, batch sizes ${cuts.map((c) => c.length).join(',')}`).toEqual(each);
      const receipts = each.outbox.filter((r) => r.type === 'premium_received');
      expect(receipts.length).toBeGreaterThan(40);
      // The fold is exercised: the receipts name many different paid-up-to dates.
      expect(new Set(receipts.map((r) => String(r.body).replace(/.*paid up to ([^.]*)\..*/s, '$1'))).size).toBeGreaterThan(5);
    },
  );

  it.each([3, 4, Date.now() % 1_000_000])(
    'writes the same rows and messages for a rebuild-shaped log in random batches (seed %i)',
    async (seed) => {
      // Issue #26: registrations, policies and payments member after member, gathered into runs of one type.
      const handled = new Set<string>(notificationsProjection.handles);
      const events = memberLog(seededRandom(seed), 150).filter((e) => handled.has(e.type));
      const random = seededRandom(seed + 1);
      const each = await project(driver, cleanups, [events], applyEach);
      const cuts = randomCuts(events, random, 200);
      const batched = await project(driver, cleanups, cuts, applyBatch);
      expect(batched, `seed ${seed}, batch sizes ${cuts.map((c) => c.length).join(',')}`).toEqual(each);
      expect(each.outbox.filter((r) => r.type === 'policy_issued').length).toBeGreaterThan(100);
      expect(each.outbox.filter((r) => r.type === 'premium_received').length).toBeGreaterThan(100);
    },
  );

  it.each([6, Date.now() % 1_000_000])(
    'writes the same rows and messages when the companies move between the free tier and a paying one (seed %i)',
    async (seed) => {
      // The free tier sends no receipt: its runs of payments read nothing for receipts, and write the payments all the same.
      const handled = new Set<string>(notificationsProjection.handles);
      const events = memberLog(seededRandom(seed), 150, { tiers: true }).filter((e) => handled.has(e.type));
      const random = seededRandom(seed + 1);
      const each = await project(driver, cleanups, [events], applyEach);
      const cuts = randomCuts(events, random, 200);
      const batched = await project(driver, cleanups, cuts, applyBatch);
      expect(batched, `seed ${seed}, batch sizes ${cuts.map((c) => c.length).join(',')}`).toEqual(each);
      const paid = events.filter((e) => e.type === 'PaymentRecorded' && e.data.status === 'completed' && !e.data.groupSchemeId).length;
      const receipts = each.outbox.filter((r) => r.type === 'premium_received').length;
      // Some payments were made on the free tier (no receipt), some on the paying one.
      expect(receipts).toBeGreaterThan(20);
      expect(receipts).toBeLessThan(paid);
    },
  );

  it('applied again over the outbox it wrote (a rebuild), looks a long run’s receipts up once and writes only the messages the outbox lacks', async () => {
    const handled = new Set<string>(notificationsProjection.handles);
    const events = memberLog(seededRandom(11), 150, { quiet: true }).filter((e) => handled.has(e.type));
    const sql = await fresh(driver, cleanups);
    await sql.transaction((tx) => applyBatch(tx, events));
    const outboxRows = () =>
      sql.query<Record<string, unknown>>(
        `select id, source_event_id, type, recipient, channel, to_address, subject, body, status, reason, parts from ${OUTBOX} order by id`,
      );
    const first = await outboxRows();
    const receipts = first.filter((r) => r.type === 'premium_received');
    expect(receipts.length).toBeGreaterThan(100);
    // One message the outbox lost (say, restored from a backup without it), and the notify tables as a new generation has them.
    const lost = receipts[Math.floor(receipts.length / 2)]!;
    await sql.query(`delete from ${OUTBOX} where id = $1`, [lost.id]);
    await sql.exec(`drop table ${NOTIFY_TABLES.join(', ')} cascade`);
    await sql.transaction((tx) => createNotifyTables(tx));
    let lookups = 0;
    await sql.transaction((tx) =>
      applyBatch(
        {
          exec: (text) => tx.exec(text),
          query: (text, params) => {
            if (text.includes('source_event_id = any')) lookups += 1;
            return tx.query(text, params);
          },
        },
        events,
      ),
    );
    expect(await outboxRows()).toEqual(first);
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThan(10);
  });

  it('applies 500 events of members, policies and payments in a few statements, a run’s messages in one', async () => {
    const handled = new Set<string>(notificationsProjection.handles);
    const events = memberLog(seededRandom(5), 400, { quiet: true })
      .filter((e) => handled.has(e.type))
      .slice(0, 500);
    const sql = await fresh(driver, cleanups);
    let writes = 0;
    let others = 0;
    await sql.transaction((tx) =>
      applyBatch(
        {
          exec: (text) => tx.exec(text),
          query: (text, params) => {
            if (text.includes('notification_outbox')) writes += 1;
            else others += 1;
            return tx.query(text, params);
          },
        },
        events,
      ),
    );
    const [written] = await sql.query<{ n: number }>(`select count(*)::int as n from ${OUTBOX}`);
    expect(written!.n).toBeGreaterThan(100);
    // One outbox statement a run of policies or payments (36 for 372 messages), not one a message.
    expect(writes).toBeLessThan(written!.n / 5);
    expect(others).toBeLessThan(30);
  });

  it('reads what a run of 80 payments needs in a handful of statements, not six per receipt', async () => {
    const events = await paymentLog(driver, cleanups, seededRandom(9));
    const run = events.filter((e) => e.type === 'PaymentRecorded' && !e.data.groupSchemeId);
    const first = events.indexOf(run[0]!);
    const db = await fresh(driver, cleanups);
    await db.transaction((tx) => applyEach(tx, events.slice(0, first)));
    let reads = 0;
    let writes = 0;
    await db.transaction((tx) =>
      applyBatch(
        {
          exec: (text) => tx.exec(text),
          query: (text, params) => {
            if (/^\s*select/i.test(text)) reads += 1;
            else writes += 1;
            return tx.query(text, params);
          },
        },
        events.slice(first, first + 80).filter((e) => e.type === 'PaymentRecorded'),
      ),
    );
    expect(reads).toBeLessThan(10);
    expect(writes).toBeLessThanOrEqual(81);
  });
});

/** The events cut into batches of random sizes (one in five a single event, the others 2 to maxSize + 1). */
function randomCuts(events: RecordedEvent[], random: () => number, maxSize: number): RecordedEvent[][] {
  const cuts: RecordedEvent[][] = [];
  for (let start = 0; start < events.length; ) {
    const size = random() < 0.2 ? 1 : 2 + Math.floor(random() * maxSize);
    cuts.push(events.slice(start, start + size));
    start += size;
  }
  return cuts;
}

async function fresh(driver: TestDriver, cleanups: (() => Promise<void>)[]): Promise<SqlClient> {
  const db = await driver.create();
  cleanups.push(() => db.dispose());
  await migrateOutbox(db.sql);
  await db.sql.transaction((tx) => createNotifyTables(tx));
  return db.sql;
}

/** The events applied in the given cuts (one transaction each) into a database of their own; its rows. */
async function project(driver: TestDriver, cleanups: (() => Promise<void>)[], cuts: RecordedEvent[][], applier: Applier) {
  const sql = await fresh(driver, cleanups);
  for (const cut of cuts) await sql.transaction((tx) => applier(tx, cut));
  const tables = await schemaRows(sql, 'public', NOTIFY_TABLES);
  const outbox = await sql.query<Record<string, unknown>>(
    `select id, company_id, source_event_id, source_position, type, recipient, member_id, channel, to_address, subject, body,
            legally_required, status, reason, created_at, parts
       from ${OUTBOX} order by source_position, recipient, channel`,
  );
  return { tables, outbox };
}

/** policyholderLife's events, then a run of payments for its two policies as a result file appends them. */
async function paymentLog(driver: TestDriver, cleanups: (() => Promise<void>)[], random: () => number): Promise<RecordedEvent[]> {
  const bed = await openPortfolioBed(driver, cleanups, []);
  const life = await policyholderLife(bed, 'premium');
  const [policy] = await bed.sql.query<{ policy_id: string }>(
    `select stream_id as policy_id from es_events where type = 'PolicyIssued' and data->>'policyId' <> $1 and data->>'companyId' = $2`,
    [life.policyId, life.companyId],
  );
  const migrated = policy!.policy_id.replace(/^policy-/, '');
  const streams: { streamId: string; events: NewEvent[] }[] = [];
  const paid: string[] = [];
  for (let i = 0; i < 90; i++) {
    const again = paid.length > 0 && random() < 0.04;
    const paymentId = again ? paid[Math.floor(random() * paid.length)]! : randomUUID();
    paid.push(paymentId);
    const policyId = random() < 0.7 ? life.policyId : migrated;
    const events: NewEvent[] = [
      {
        type: 'PaymentRecorded',
        data: {
          paymentId,
          companyId: life.companyId,
          policyId,
          policyNumber: policyId === life.policyId ? life.policyNumber : 'OLD-77',
          memberId: life.memberId,
          memberName: 'Thandi Nkosi',
          amount: random() < 0.8 ? (policyId === life.policyId ? '150' : '50.00') : `${10 + Math.floor(random() * 300)}.5`,
          paymentDate: `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
          paymentMethod: 'debit_order',
          reference: null,
          notes: null,
          status: random() < 0.9 ? 'completed' : 'pending',
          groupSchemeId: random() < 0.05 ? randomUUID() : null,
          groupPaymentId: null,
        },
      },
    ];
    streams.push({ streamId: `payment-${randomUUID()}`, events });
    if (i === 45)
      streams.push({
        streamId: `notification-templates-${life.companyId}`,
        events: [
          {
            type: 'NotificationTemplateSet',
            data: {
              companyId: life.companyId,
              messageType: 'premium_received',
              subject: 'Premium received',
              sms: '{companyName}: R{amount} in for {policyNumber}; paid up to {paidUpTo}.',
              email: 'Dear {firstName}, we received {amount} for {policyNumber} on {paidOn}; paid up to {paidUpTo}.',
              setAt: '2026-06-01T08:00:00.000Z',
            },
          },
        ],
      });
    if (i === 60) {
      const pending = paid[paid.length - 2]!;
      streams.push({
        streamId: `payment-status-${randomUUID()}`,
        events: [
          { type: 'PaymentStatusChanged', data: { paymentId: pending, companyId: life.companyId, from: 'pending', to: 'completed' } },
        ],
      });
    }
  }
  const appended = await bed.append(life.companyId, streams);
  // readAll stops at the server's transaction horizon, which another test's open transaction can hold back.
  // expect.poll's 1 s default is less than a busy shared server's longest transaction (seen in a full run).
  await expect
    .poll(
      async () => {
        const head = await bed.store.headCheckpoint();
        return head !== null && compareCheckpoints(head, appended.checkpoint) >= 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const handled = new Set<string>(notificationsProjection.handles);
  return (await bed.store.readAll({ after: null, limit: 100_000 })).filter(
    (e) => handled.has(e.type) && e.metadata.companyId === life.companyId,
  );
}

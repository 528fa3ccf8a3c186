import { commandContext } from '@fpa/write-model';
import type { EventStore, SqlExecutor } from '@fpa/write-model/event-store';
import { serverDriver, testDrivers, type TestDriver } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUpTo, quietLogger, runCleanups } from '../engine/engine.fixtures.ts';
import { recordingSql } from '../engine/explain.fixtures.ts';
import { openBillingBed, type BillingBed } from './billing.fixtures.ts';
import { billingBook, billingBookPages, type BillingPolicy } from './billing.queries.ts';
import { daysToRun, runDailyBilling, type DailyRunDeps } from './daily-run.ts';

/** The run's clock: noon in South Africa on the day. */
const at = (day: string) => new Date(`${day}T10:00:00Z`);
const ctxOn = (companyId: string, day: string) => ({ ...commandContext({ userId: null, role: null, companyId }), now: at(day) });

async function calendarEvents(sql: SqlExecutor, companyId: string): Promise<string[]> {
  const rows = await sql.query<{ type: string; stream_id: string; day: string }>(
    `select type, stream_id, coalesce(data->>'issuedOn', data->>'reinstatedOn', data->>'lapsedOn', data->>'day') as day from es_events
      where type in ('NonPaymentNoticeIssued', 'PolicyLapsed', 'PolicyReinstated', 'DailyBillingRunCompleted') and (data->>'companyId') = $1
      order by global_position`,
    [companyId],
  );
  return rows.map((r) => `${r.type} ${r.stream_id.slice(0, 15)} ${r.day}`);
}

function depsOf(
  bed: BillingBed,
  store: EventStore = bed.store,
  logger: DailyRunDeps['logger'] = quietLogger(),
  more: Partial<DailyRunDeps> = {},
): DailyRunDeps {
  return { store, sql: bed.sql, logger, waitForBilling: async (target) => void (await catchUpTo(bed.engine, target)), ...more };
}

it('runs the days after the last one done, in order; a first run is its day alone; catch-up is capped', () => {
  expect(daysToRun(null, '2026-03-05')).toEqual(['2026-03-05']);
  expect(daysToRun('2026-03-02', '2026-03-05')).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
  expect(daysToRun('2026-03-05', '2026-03-05')).toEqual([]);
  expect(daysToRun('2026-03-06', '2026-03-05')).toEqual([]);
  expect(daysToRun('2024-01-01', '2026-03-05')).toHaveLength(366);
  expect(daysToRun('2024-01-01', '2026-03-05').at(-1)).toBe('2026-03-05');
});

describe.each(testDrivers())('the daily run on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('notices, lapses after grace, catches up missed days in order, reinstates when paid; a day run twice changes nothing', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    const p = await a.policy(await a.policyType(), { startDate: '2026-01-01' });
    const paid = await a.policy(await a.policyType(), { startDate: '2026-01-01' });
    await a.pay(p.policyId, '120', '2026-01-01');
    await a.pay(paid.policyId, '360', '2026-01-01');
    await bed.project();
    const run = (asOf: string) => runDailyBilling(depsOf(bed), { companyId: a.companyId, asOf, ctx: ctxOn(a.companyId, asOf) });

    expect(await run('2026-02-01')).toMatchObject({ days: ['2026-02-01'], premiumsFallenDue: 2, noticesIssued: 0 });
    expect(await run('2026-02-02')).toMatchObject({ days: ['2026-02-02'], noticesIssued: 1, policiesLapsed: 0 });
    const again = await run('2026-02-02');
    expect(again).toMatchObject({ days: [], daysRun: 0, noticesIssued: 0, lastDay: '2026-02-02' });
    // Down for three weeks: the days are run in order, and the lapse comes on the day after grace ended.
    const caughtUp = await run('2026-02-23');
    expect(caughtUp).toMatchObject({ daysRun: 21, noticesIssued: 0, policiesLapsed: 1, failed: 0 });
    await a.pay(p.policyId, '120', '2026-02-25');
    await bed.project();
    // Caught up, the day of the payment's date reinstates it: the money was there that day.
    expect(await run('2026-02-26')).toMatchObject({ daysRun: 3, policiesReinstated: 1 });
    const events = await calendarEvents(bed.sql, a.companyId);
    const calendar = events.filter((e) => !e.startsWith('Daily'));
    expect(calendar).toEqual([
      `NonPaymentNoticeIssued policy-${p.policyId.slice(0, 8)} 2026-02-02`,
      `PolicyLapsed policy-${p.policyId.slice(0, 8)} 2026-02-17`,
      `PolicyReinstated policy-${p.policyId.slice(0, 8)} 2026-02-25`,
    ]);
    const days = events.filter((e) => e.startsWith('Daily')).map((e) => e.split(' ')[2]);
    expect(days).toHaveLength(26);
    expect(new Set(days).size).toBe(26);
    expect(days).toEqual([...days].sort());
  });

  it('refuses a day after today', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    await expect(
      runDailyBilling(depsOf(bed), { companyId: a.companyId, asOf: '2026-02-03', ctx: ctxOn(a.companyId, '2026-02-02') }),
    ).rejects.toThrow('asOf cannot be after today (2026-02-02)');
  });

  it('one bad policy never stops the others: it is logged and reported, the day is done, the next day tries it again', async () => {
    let broken = '';
    const bed = await openBillingBed(driver, cleanups, {
      store: (store) => ({
        ...store,
        append: (streams, options) =>
          streams.some((s) => s.streamId === broken) ? Promise.reject(new Error('disk on fire')) : store.append(streams, options),
      }),
    });
    const a = await bed.company();
    const type = await a.policyType();
    const policies = [];
    for (let i = 0; i < 3; i++) policies.push(await a.policy(type, { startDate: '2026-01-01' }));
    broken = `policy-${policies[1]!.policyId}`;
    await bed.project();
    const logged: unknown[] = [];
    const logger = {
      ...quietLogger(),
      error: (message: string, fields?: Record<string, unknown>) => void logged.push({ message, ...fields }),
    };
    const summary = await runDailyBilling(depsOf(bed, bed.store, logger), {
      companyId: a.companyId,
      asOf: '2026-01-02',
      ctx: ctxOn(a.companyId, '2026-01-02'),
    });
    expect(summary).toMatchObject({ noticesIssued: 2, failed: 1, failedPolicyIds: [policies[1]!.policyId] });
    expect(logged).toEqual([expect.objectContaining({ policyId: policies[1]!.policyId, error: 'disk on fire', day: '2026-01-02' })]);
    broken = '';
    expect(
      await runDailyBilling(depsOf(bed), { companyId: a.companyId, asOf: '2026-01-03', ctx: ctxOn(a.companyId, '2026-01-03') }),
    ).toMatchObject({
      noticesIssued: 1,
      failed: 0,
    });
    expect((await calendarEvents(bed.sql, a.companyId)).filter((e) => e.startsWith('NonPayment'))).toHaveLength(3);
  });

  // A step at a time (each its own command under its derived id), and in batches (one append per batch, exactly
  // once by the versions read): a crash after the first appends, then a run again, leaves each event once.
  it.each([
    { batchSize: 1, appended: 3, events: 3 },
    { batchSize: 2, appended: 1, events: 2 },
  ])(
    'a run that crashes half way and runs again appends each event once (batches of $batchSize)',
    async ({ batchSize, appended, events: before }) => {
      let appendsLeft = Number.POSITIVE_INFINITY;
      const bed = await openBillingBed(driver, cleanups, {
        store: (store) => ({
          ...store,
          append: (streams, options) =>
            appendsLeft-- <= 0 ? Promise.reject(new Error('connection lost')) : store.append(streams, options),
        }),
      });
      const a = await bed.company();
      const type = await a.policyType();
      for (let i = 0; i < 6; i++) await a.policy(type, { startDate: '2026-01-01' });
      await bed.project();
      appendsLeft = appended;
      const deps = depsOf(bed, bed.store, quietLogger(), { batchSize, concurrency: 1 });
      const crashing = runDailyBilling(deps, { companyId: a.companyId, asOf: '2026-01-02', ctx: ctxOn(a.companyId, '2026-01-02') });
      await expect(crashing).rejects.toThrow('connection lost');
      expect(await calendarEvents(bed.sql, a.companyId)).toHaveLength(before);
      appendsLeft = Number.POSITIVE_INFINITY;
      const rerun = await runDailyBilling(deps, { companyId: a.companyId, asOf: '2026-01-02', ctx: ctxOn(a.companyId, '2026-01-02') });
      expect(rerun).toMatchObject({ days: ['2026-01-02'], noticesIssued: 6 - before, failed: 0 });
      const events = await calendarEvents(bed.sql, a.companyId);
      expect(events.filter((e) => e.startsWith('NonPayment'))).toHaveLength(6);
      expect(new Set(events).size).toBe(events.length);
      expect(events.filter((e) => e.startsWith('Daily'))).toHaveLength(1);
    },
  );

  it('reads the book a page at a time, each page with its own payments: every policy decided once', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    const type = await a.policyType();
    const paid: string[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await a.policy(type, { startDate: '2026-01-01' });
      await a.pay(p.policyId, i % 2 === 0 ? '240' : '120', '2026-01-01');
      if (i % 2 === 0) paid.push(p.policyId);
    }
    await bed.project();
    const pages: BillingPolicy[][] = [];
    for await (const page of billingBookPages(bed.sql, a.companyId, 3)) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(await billingBook(bed.sql, a.companyId));

    const recorder = recordingSql(bed.sql);
    const deps = { ...depsOf(bed, bed.store, quietLogger(), { batchSize: 2, pageSize: 2 }), sql: recorder.sql };
    const summary = await runDailyBilling(deps, { companyId: a.companyId, asOf: '2026-02-02', ctx: ctxOn(a.companyId, '2026-02-02') });
    expect(summary).toMatchObject({ noticesIssued: 3, failed: 0 });
    expect(recorder.sent.filter(({ text }) => text.includes('policy_id = any('))).toHaveLength(4);
    const noticed = (await calendarEvents(bed.sql, a.companyId)).filter((e) => e.startsWith('NonPayment'));
    expect(noticed).toHaveLength(3);
    for (const id of paid) expect(noticed.join()).not.toContain(id.slice(0, 8));
  });

  it('a batch that another writer moved after its read appends nothing; its policies are then taken a step at a time', async () => {
    let race: (() => Promise<unknown>) | null = null;
    const bed = await openBillingBed(driver, cleanups, {
      store: (store) => ({
        ...store,
        // Between the batch's read and its append, another run notices one of its policies.
        readStreams: async (ids) => {
          const read = await store.readStreams(ids);
          const first = race;
          race = null;
          await first?.();
          return read;
        },
      }),
    });
    const a = await bed.company();
    const type = await a.policyType();
    const policies = [];
    for (let i = 0; i < 4; i++) policies.push(await a.policy(type, { startDate: '2026-01-01' }));
    await bed.project();
    const warnings: unknown[] = [];
    const logger = { ...quietLogger(), warn: (message: string) => void warnings.push(message) };
    race = () =>
      runDailyBilling(
        { ...depsOf(bed), batchSize: 1 },
        { companyId: a.companyId, asOf: '2026-01-02', ctx: ctxOn(a.companyId, '2026-01-02') },
      );
    const summary = await runDailyBilling(depsOf(bed, bed.store, logger, { batchSize: 4 }), {
      companyId: a.companyId,
      asOf: '2026-01-02',
      ctx: ctxOn(a.companyId, '2026-01-02'),
    });
    expect(summary).toMatchObject({ noticesIssued: 4, failed: 0 });
    expect(warnings).toEqual([expect.stringContaining('taken one at a time')]);
    const events = await calendarEvents(bed.sql, a.companyId);
    expect(events.filter((e) => e.startsWith('NonPayment'))).toHaveLength(4);
    expect(new Set(events).size).toBe(events.length);
  });
});

const server = serverDriver();
(server ? describe : describe.skip)('two daily runs at once on PostgreSQL (TEST_DATABASE_URL)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('append each event once', async () => {
    const bed = await openBillingBed(server as TestDriver, cleanups);
    const a = await bed.company();
    const type = await a.policyType();
    for (let i = 0; i < 12; i++) {
      const p = await a.policy(type, { startDate: '2026-01-01' });
      if (i % 3 === 0) await a.pay(p.policyId, '240', '2026-01-01');
    }
    await bed.project();
    const run = (asOf: string) => runDailyBilling(depsOf(bed), { companyId: a.companyId, asOf, ctx: ctxOn(a.companyId, asOf) });
    await run('2026-02-01');
    const both = await Promise.all([run('2026-02-02'), run('2026-02-02'), run('2026-02-02')]);
    for (const summary of both) expect(summary.failed).toBe(0);
    const later = await Promise.all([run('2026-02-20'), run('2026-02-20')]);
    for (const summary of later) expect(summary.failed).toBe(0);
    const events = await calendarEvents(bed.sql, a.companyId);
    expect(events.filter((e) => e.startsWith('NonPayment'))).toHaveLength(16);
    expect(events.filter((e) => e.startsWith('PolicyLapsed'))).toHaveLength(8);
    const days = events.filter((e) => e.startsWith('Daily'));
    expect(days).toHaveLength(20);
    expect(new Set(days).size).toBe(20);
  });
});

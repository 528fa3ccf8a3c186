import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUpTo, quietLogger, runCleanups } from '../engine/engine.fixtures.ts';
import { startWorker } from '../worker/worker.ts';
import { billingProjection } from './billing.projection.ts';
import { openBillingBed } from './billing.fixtures.ts';
import { createDailySchedule } from './daily-schedule.ts';

describe.each(testDrivers())('the daily run by itself on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('runs the due day for every active company as the clock passes DAILY_RUN_AT, once', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company('A');
    const b = await bed.company('B');
    const suspended = await bed.company('C');
    await suspended.suspend();
    await a.policy(await a.policyType(), { startDate: '2026-03-01' });
    await bed.project();
    let now = new Date('2026-03-04T23:59:00Z'); // 01:59 on 5 March in South Africa
    let allowed = true;
    const schedule = createDailySchedule({
      sql: bed.sql,
      store: bed.store,
      logger: quietLogger(),
      at: '02:00',
      now: () => now,
      mayRun: () => allowed,
      waitForBilling: async (target) => void (await catchUpTo(bed.engine, target)),
    });
    cleanups.push(() => schedule.stop());

    const before = await schedule.tick();
    expect(before.map((s) => [s.companyId, s.days])).toEqual(
      [
        [a.companyId, ['2026-03-04']],
        [b.companyId, ['2026-03-04']],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    // The first premium (due at the start, 1 March) was missed: the first run tells of it.
    expect(before.find((s) => s.companyId === a.companyId)).toMatchObject({ noticesIssued: 1 });
    expect(await schedule.tick()).toEqual([]);
    now = new Date('2026-03-05T00:00:00Z'); // 02:00
    allowed = false;
    expect(await schedule.tick()).toEqual([]);
    allowed = true;
    const due = await schedule.tick();
    expect(due.map((s) => s.days)).toEqual([['2026-03-05'], ['2026-03-05']]);
    // Three days later (the process was down): the missed days, in order.
    now = new Date('2026-03-08T06:00:00Z');
    expect((await schedule.tick()).map((s) => s.days)).toEqual([
      ['2026-03-06', '2026-03-07', '2026-03-08'],
      ['2026-03-06', '2026-03-07', '2026-03-08'],
    ]);
  });

  it('waits for the billing read model before it lists the companies (a worker just started, a rebuild)', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    await a.policy(await a.policyType(), { startDate: '2026-03-01' });
    // Not projected: billing_companies does not know the company yet.
    const schedule = createDailySchedule({
      sql: bed.sql,
      store: bed.store,
      logger: quietLogger(),
      at: '02:00',
      now: () => new Date('2026-03-05T08:00:00Z'),
      waitForBilling: async (target) => void (await catchUpTo(bed.engine, target)),
    });
    cleanups.push(() => schedule.stop());
    expect((await schedule.tick()).map((s) => [s.companyId, s.days])).toEqual([[a.companyId, ['2026-03-05']]]);
  });

  it('in the worker, runs only in the worker holding the billing lease', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    await a.policy(await a.policyType(), { startDate: '2026-03-01' });
    const now = () => new Date('2026-03-05T08:00:00Z');
    const start = (owner: string) =>
      startWorker({
        sql: bed.sql,
        store: bed.realStore,
        projectors: [billingProjection],
        logger: quietLogger(),
        lease: { owner, ttlMs: 60_000, renewMs: 30_000 },
        dailyRun: { at: '02:00', now },
      });
    const first = await start('worker-1');
    cleanups.push(() => first.close());
    const second = await start('worker-2');
    cleanups.push(() => second.close());
    expect(first.engine.leases().held).toEqual(['billing']);
    expect(second.engine.leases().held).toEqual([]);
    expect(await second.dailySchedule!.tick()).toEqual([]);
    expect((await first.dailySchedule!.tick()).map((s) => [s.companyId, s.days, s.noticesIssued])).toEqual([
      [a.companyId, ['2026-03-05'], 1],
    ]);
  });
});

import type { EventStore, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { flakyProjector, HAPPENED, openTestBed, otherProjector, OTHER, rows, runCleanups } from './engine.fixtures.ts';
import { formatProjectionMetrics } from './metrics.ts';
import type { ProjectionLogger, Projector } from './types.ts';

/**
 * One bad event never stops a projector (issue #27): an event whose value PostgreSQL refuses (a date
 * in year 0000, as a payment once carried) is tried a few times, parked for that projector, and the
 * projector goes on with every other company's events; the operator sees it and, after a fix, a retry
 * gives what a from-scratch build gives.
 */
const DATED = 'TestDatedThing';

/** Keeps each event's day in a date column; `fixed` is the fix a developer ships (an unusable day kept as null). */
function datedProjector(control: { fixed: boolean }, version = 1): Projector {
  return {
    name: 'test_dated',
    version,
    handles: [DATED],
    tables: ['test_dated_rows'],
    async init(tx) {
      await tx.exec('create table if not exists test_dated_rows (event_id text primary key, company text, day date)');
    },
    async apply(tx, event) {
      const day = String(event.data.day);
      const usable = !control.fixed || !day.startsWith('0000');
      await tx.query('insert into test_dated_rows (event_id, company, day) values ($1, $2, $3::date)', [
        event.eventId,
        event.metadata.companyId,
        usable ? day : null,
      ]);
    },
  };
}

function dated(store: EventStore, company: string, streamId: string, day: string) {
  return store.append([{ streamId, expectedVersion: 'any', events: [{ type: DATED, data: { day } }] }], {
    companyId: company,
    actorUserId: null,
  });
}

function capturingLogger(): ProjectionLogger & { lines: { message: string; fields: Record<string, unknown> }[] } {
  const lines: { message: string; fields: Record<string, unknown> }[] = [];
  const push = (message: string, fields: Record<string, unknown> = {}) => lines.push({ message, fields });
  return { lines, info: push, warn: push, error: push };
}

const COMPANY_A = '00000000-0000-4000-8000-00000000000a';
const COMPANY_B = '00000000-0000-4000-8000-00000000000b';

const datedRows = (sql: SqlExecutor) => rows(sql, 'test_dated_rows', 'event_id');

describe.each(testDrivers())('parked events on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openTestBed(driver, cleanups);

  it('parks the event a projector cannot apply and goes on with every other company', async () => {
    const { sql, store, engine } = await setup();
    const control = { fixed: false };
    const logger = capturingLogger();
    const projections = engine({
      projectors: [datedProjector(control), otherProjector],
      logger,
      park: { attempts: 3, initialMs: 10 },
    });
    await projections.start();

    const before = await dated(store, COMPANY_A, 'pay-1', '2026-11-01');
    const poison = await dated(store, COMPANY_A, 'pay-2', '0000-01-01');
    const after = await dated(store, COMPANY_B, 'pay-3', '2026-11-02');
    const other = await store.append([{ streamId: 'other-1', expectedVersion: 'any', events: [{ type: OTHER, data: {} }] }], {
      companyId: COMPANY_B,
      actorUserId: null,
    });

    // Every later write becomes readable, the other company's included.
    expect(await projections.waitFor(after.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    expect(await projections.waitFor(other.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    expect((await datedRows(sql)).map((r) => r.company)).toHaveLength(2);

    const parked = await projections.parked();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({
      projector: 'test_dated',
      generation: 1,
      track: 'live',
      globalPosition: poison.firstPosition,
      streamId: 'pay-2',
      eventType: DATED,
      companyId: COMPANY_A,
      attempts: 3,
      resolvedAt: null,
    });
    expect(parked[0]!.error).toMatch(/TestDatedThing at position \d+ \(stream pay-2\): .*out of range/);
    expect(parked[0]!.stack).toBeTruthy();

    // A command is told that its own event was parked; the others are not.
    expect(await projections.parkedFor(poison)).toHaveLength(1);
    expect(await projections.parkedFor(before)).toEqual([]);
    expect(await projections.parkedFor(after)).toEqual([]);

    // The figures: status, metrics, the log line naming projector, position, stream, company, type and error.
    const status = await projections.status();
    expect(status.find((s) => s.name === 'test_dated')).toMatchObject({ parked: 1, eventsBehind: 0 });
    expect(status.find((s) => s.name === 'test_other')).toMatchObject({ parked: 0 });
    expect(formatProjectionMetrics(status)).toContain('projection_parked_events{projector="test_dated"} 1\n');
    expect(await projections.parkedCount()).toBe(1);
    const line = logger.lines.find((l) => l.message === 'projection parked an event');
    expect(line?.fields).toMatchObject({
      projector: 'test_dated',
      position: poison.firstPosition,
      stream: 'pay-2',
      company: COMPANY_A,
      eventType: DATED,
      error: expect.stringMatching(/out of range/),
    });
    expect(logger.lines.filter((l) => l.message === 'projection failed').every((l) => l.fields.position === poison.firstPosition)).toBe(
      true,
    );

    // Writes after the parking go on as usual.
    const later = await dated(store, COMPANY_A, 'pay-4', '2026-11-03');
    expect(await projections.waitFor(later.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    expect(await datedRows(sql)).toHaveLength(3);

    // The fix ships; the operator retries: the result is what a from-scratch build gives.
    control.fixed = true;
    const retried = await projections.retryParked();
    expect(retried).toEqual({ rebuilt: ['test_dated'], stillParked: [] });
    const afterRetry = await datedRows(sql);
    expect(afterRetry).toHaveLength(4);
    expect(afterRetry.find((r) => r.event_id === parked[0]!.eventId)).toMatchObject({ company: COMPANY_A, day: null });
    await projections.rebuild('test_dated');
    expect(await datedRows(sql)).toEqual(afterRetry);

    expect(await projections.parked()).toEqual([]);
    const history = await projections.parked({ includeResolved: true });
    expect(history).toHaveLength(1);
    expect(history[0]!.resolvedAt).toBeInstanceOf(Date);
    expect((await projections.status()).find((s) => s.name === 'test_dated')).toMatchObject({ parked: 0 });
  });

  it('parks again in a rebuilt generation while the fix is not there, and the old row closes', async () => {
    const { sql, store, engine } = await setup();
    const control = { fixed: false };
    const first = engine({ projectors: [datedProjector(control)], park: { attempts: 2, initialMs: 5 } });
    await first.start();
    const poison = await dated(store, COMPANY_A, 'pay-1', '0000-01-01');
    const good = await dated(store, COMPANY_A, 'pay-2', '2026-01-01');
    expect(await first.waitFor(good.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    await first.stop();

    // New code (version 2) with the bug still in it: the rebuild parks the event in its generation.
    const second = engine({ projectors: [datedProjector(control, 2)], park: { attempts: 2, initialMs: 5 } });
    await second.start();
    await expect.poll(async () => (await second.status())[0]?.activeVersion, { timeout: 20_000 }).toBe(2);
    const open = await second.parked();
    expect(open.map((p) => [p.globalPosition, p.generation, p.track])).toEqual([[poison.firstPosition, 2, 'rebuild']]);
    expect((await second.parked({ includeResolved: true })).filter((p) => p.resolvedAt !== null).map((p) => p.generation)).toEqual([1]);
    expect(await datedRows(sql)).toHaveLength(1);
  });

  it('never parks while the database is failing: it retries until the projector recovers', async () => {
    const { sql, store, engine } = await setup();
    const control = { failing: true };
    const projections = engine({
      projectors: [flakyProjector(control)],
      backoff: { initialMs: 5, maxMs: 20 },
      park: { attempts: 2, initialMs: 5 },
    });
    await projections.start();
    const written = await store.append(
      [{ streamId: 'thing-1', expectedVersion: 'any', events: [{ type: HAPPENED, data: { label: 'x' } }] }],
      { companyId: COMPANY_A, actorUserId: null },
    );
    expect(await projections.waitFor(written.checkpoint, { timeoutMs: 300 })).toMatchObject({ reached: false });
    control.failing = false;
    expect(await projections.waitFor(written.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    expect(await projections.parked({ includeResolved: true })).toEqual([]);
    expect(await rows(sql, 'test_flaky_rows', 'event_id')).toHaveLength(1);
  });
});

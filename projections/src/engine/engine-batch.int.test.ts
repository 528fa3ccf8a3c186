import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { append, catchUpTo, countingProjector, latest, openTestBed, quietLogger, readModel, runCleanups } from './engine.fixtures.ts';
import { CUSTOM_PLANS_FROM } from './apply.ts';
import { createProjectionEngine } from './engine.ts';
import type { Projector } from './types.ts';

type BatchControl = {
  /** Sizes of the batches applyBatch was given. */
  calls: number[];
  /** applyBatch writes part of the batch, then a statement fails (a bug only the set-based path has). */
  batchBug?: boolean;
  /** Both paths fail on an event with this label (bad data), in SQL: the transaction is aborted. */
  badLabel?: string;
};

/** The counting projector with an applyBatch that writes the same rows, recording its batches. */
function batchingProjector(control: BatchControl): Projector {
  const base = countingProjector({
    async beforeApply(tx, event) {
      if (event.data.label === control.badLabel) await tx.query('select 1 / 0');
    },
  });
  return {
    ...base,
    async applyBatch(tx: SqlExecutor, events: readonly RecordedEvent[]) {
      control.calls.push(events.length);
      for (const [i, event] of events.entries()) {
        if (control.batchBug && i === Math.floor(events.length / 2)) await tx.query("select 'applyBatch bug'::int");
        await base.apply(tx, event);
      }
    },
  };
}

describe.each(testDrivers())('projectors with applyBatch on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openTestBed(driver, cleanups);

  it('get each batch in one call, live and in a rebuild, and every event exactly once', async () => {
    const { sql, store, engine } = await setup();
    const control: BatchControl = { calls: [] };
    const projections = engine({ projectors: [batchingProjector(control)], batchSize: 3 });
    const written = [await append(store, 'thing-1', ['a', 'b', 'c', 'd']), await append(store, 'thing-2', ['e', 'f', 'g'])];

    await catchUpTo(projections, latest(written));
    expect(control.calls.reduce((a, b) => a + b, 0)).toBe(7);
    expect(control.calls.every((size) => size <= 3)).toBe(true);
    const live = await readModel(sql);
    expect(live.counts).toMatchObject([
      { stream_id: 'thing-1', events: 4 },
      { stream_id: 'thing-2', events: 3 },
    ]);

    control.calls.length = 0;
    await projections.rebuild('test_counts');
    expect(control.calls).toEqual([3, 3, 1]);
    expect(await readModel(sql)).toEqual(live);
  });

  it('make a batch of several pages of the log when the batch is larger than a page', async () => {
    const { sql, store, engine } = await setup();
    const control: BatchControl = { calls: [] };
    const projections = engine({ projectors: [batchingProjector(control)], batchSize: 5, pageSize: 2 });
    const written = [await append(store, 'thing-1', ['a', 'b', 'c', 'd', 'e', 'f']), await append(store, 'thing-2', ['g', 'h'])];

    await catchUpTo(projections, latest(written));
    expect(control.calls.reduce((a, b) => a + b, 0)).toBe(8);
    const live = await readModel(sql);
    control.calls.length = 0;
    await projections.rebuild('test_counts');
    expect(control.calls).toEqual([5, 3]);
    expect(await readModel(sql)).toEqual(live);
  });

  it('when an event fails, name it from apply and commit nothing of its batch', async () => {
    const { sql, store, engine } = await setup();
    const control: BatchControl = { calls: [], badLabel: 'bad' };
    const projections = engine({ projectors: [batchingProjector(control)], batchSize: 10 });
    const written = await append(store, 'thing-x', ['ok1', 'ok2', 'bad', 'ok3']);

    const result = await catchUpTo(projections, written.checkpoint, { timeoutMs: 2_000 });

    expect(result.failed).toHaveLength(1);
    const [status] = await projections.status();
    const bad = written.firstPosition + 2;
    expect(status?.lastError).toContain(`TestThingHappened at position ${bad} (stream thing-x): division by zero`);
    expect(status).toMatchObject({ checkpoint: null, eventsBehind: 4 });
    expect(await readModel(sql)).toEqual({ counts: [], things: [] });
  });

  it('when only applyBatch fails, apply the batch event by event, exactly once, and log it', async () => {
    const { sql, store, engine } = await setup();
    const control: BatchControl = { calls: [], batchBug: true };
    const logger = quietLogger();
    const projections = engine({ projectors: [batchingProjector(control)], batchSize: 10, logger });
    const written = await append(store, 'thing-y', ['p', 'q', 'r', 's']);

    expect((await catchUpTo(projections, written.checkpoint)).failed).toEqual([]);

    // applyBatch wrote p and q before its statement failed: rolled back with its transaction, then applied once by apply.
    expect((await readModel(sql)).counts).toMatchObject([{ stream_id: 'thing-y', events: 4 }]);
    expect((await readModel(sql)).things.map((t) => t.label).sort()).toEqual(['p', 'q', 'r', 's']);
    expect(logger.errors).toEqual(['invalid input syntax for type integer: "applyBatch bug"']);
    expect((await projections.status())[0]).toMatchObject({ lastError: null, eventsBehind: 0 });
  });

  it('land a batch exactly once when two engines race and every applyBatch fails over to apply', async () => {
    const { sql, store } = await setup();
    const controls: BatchControl[] = [0, 1].map(() => ({ calls: [], batchBug: true }));
    const engines = controls.map((control) =>
      createProjectionEngine({ sql, store, projectors: [batchingProjector(control)], batchSize: 3, logger: quietLogger() }),
    );
    for (const projections of engines) cleanups.push(() => projections.stop());
    await Promise.all(engines.map((projections) => projections.start()));

    const written = [];
    for (let i = 0; i < 20; i++) written.push(await append(store, `s${i % 4}`, [`v${i}`]));
    await Promise.all([...engines, ...engines].map((projections) => projections.catchUpAll()));
    for (const projections of engines) expect((await projections.waitFor(latest(written))).reached).toBe(true);

    expect((await readModel(sql)).counts.map((r) => r.events)).toEqual([5, 5, 5, 5]);
    expect((await readModel(sql)).things).toHaveLength(20);
  });

  it(`plan a big batch's statements for each execution (a plan cached on a fresh generation's empty tables scans them whole later)`, async () => {
    const { store, engine } = await setup();
    const modes: [number, string][] = [];
    const base = batchingProjector({ calls: [] });
    const projector: Projector = {
      ...base,
      async applyBatch(tx, events) {
        const [row] = await tx.query<{ mode: string }>(`select current_setting('plan_cache_mode') as mode`);
        modes.push([events.length, row!.mode]);
        await base.applyBatch!(tx, events);
      },
    };
    const projections = engine({ projectors: [projector], batchSize: CUSTOM_PLANS_FROM });
    const labels = Array.from({ length: CUSTOM_PLANS_FROM + 2 }, (_, i) => `e${i}`);
    await catchUpTo(projections, latest([await append(store, 'thing-1', labels)]));
    expect(modes).toEqual([
      [CUSTOM_PLANS_FROM, 'force_custom_plan'],
      [2, 'auto'],
    ]);
  });
});

import { compareCheckpoints } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  append,
  catchUpTo,
  countingProjector,
  flakyProjector,
  gatedProjector,
  HAPPENED,
  latest,
  OTHER,
  openTestBed,
  otherProjector,
  readModel,
  RENAMED,
  rows,
  runCleanups,
  schemas,
  viewSource,
} from './engine.fixtures.ts';
import { formatProjectionMetrics } from './metrics.ts';

describe.each(testDrivers())('projection engine on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openTestBed(driver, cleanups);

  it('catches up from zero, in batches, and reports no lag', async () => {
    const { sql, store, engine } = await setup();
    await append(store, 'thing-a', ['a1', 'a2', 'a3']);
    await append(store, 'thing-b', ['b1']);
    await append(store, 'thing-a', ['a4', 'a5']);
    const last = await append(store, 'thing-b', ['B'], RENAMED);
    const projections = engine({ projectors: [countingProjector(), otherProjector], batchSize: 2 });

    expect(await catchUpTo(projections, last.checkpoint)).toEqual({ caughtUp: ['test_counts', 'test_other'], failed: [] });

    const model = await readModel(sql);
    expect(model.counts.map((r) => [r.stream_id, r.events])).toEqual([
      ['thing-a', 5],
      ['thing-b', 2],
    ]);
    expect(model.things.map((r) => r.label).sort()).toEqual(['B', 'a1', 'a2', 'a3', 'a4', 'a5']);
    const status = await projections.status();
    const head = await store.headCheckpoint();
    for (const s of status) {
      expect(s).toMatchObject({ generation: 1, checkpoint: head, head, eventsBehind: 0, lastError: null, rebuilding: null });
    }
    expect(formatProjectionMetrics(status)).toContain('projection_lag_events{projector="test_counts"} 0\n');
  });

  it('follows the log after start: waitFor resolves once the write is readable', async () => {
    const { sql, store, engine } = await setup();
    const projections = engine({ projectors: [countingProjector(), otherProjector] });
    await projections.start();

    const written = await append(store, 'thing-live', ['x', 'y']);
    const wait = await projections.waitFor(written.checkpoint);

    expect(wait).toMatchObject({ reached: true, lagging: [] });
    expect((await rows(sql, 'test_stream_counts', 'stream_id')).map((r) => r.events)).toEqual([2]);
    const renamed = await append(store, 'thing-live', ['z'], RENAMED);
    expect((await projections.waitFor(renamed.checkpoint, { timeoutMs: 5_000 })).reached).toBe(true);
    expect((await rows(sql, 'test_things', 'event_id')).map((r) => r.label)).toEqual(['z', 'z']);
  });

  // Issue #26: gateways with PROJECTIONS=off and workers are other processes; PGlite has one connection,
  // which the gated batch below would hold.
  it.runIf(driver.name === 'postgres')(
    "a wait on another engine's projectors wakes when that engine announces its commit, not at its next poll",
    async () => {
      const { sql, store, engine } = await setup();
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const worker = engine({ projectors: [gatedProjector(gate)], progress: { announce: true } });
      await worker.start();
      const written = await append(store, 'thing-gated', ['g']);
      // Two gateways' engines that poll once a minute: one listens for the announcements, one does not.
      const polls = { listening: 0, deaf: 0 };
      const counted = (key: keyof typeof polls): typeof sql => ({
        ...sql,
        query: (async (text: string, params?: readonly unknown[]) => {
          const result = await sql.query(text, params);
          if (text.includes('projection_checkpoints')) polls[key]++;
          return result;
        }) as typeof sql.query,
      });
      const listening = engine({
        sql: counted('listening'),
        projectors: [gatedProjector(gate)],
        progress: { listen: true },
        pollIntervalMs: 60_000,
      });
      const deaf = engine({ sql: counted('deaf'), projectors: [gatedProjector(gate)], pollIntervalMs: 60_000 });
      const listeningWait = listening.waitFor(written.checkpoint, { timeoutMs: 20_000 });
      const deafWait = deaf.waitFor(written.checkpoint, { timeoutMs: 2_000 });
      // Both have read the checkpoints once (the batch is held at the gate), and now wait.
      await expect.poll(() => polls.listening > 0 && polls.deaf > 0, { timeout: 10_000 }).toBe(true);
      open();
      const [heard, unheard] = await Promise.all([listeningWait, deafWait]);
      expect(heard).toMatchObject({ reached: true, lagging: [] });
      // The deaf one sees the write only at its last look, when its 2 s are up.
      expect(unheard.waitedMs).toBeGreaterThanOrEqual(1_900);
      expect(heard.waitedMs).toBeLessThan(unheard.waitedMs - 500);
    },
  );

  it('waitFor gives up with reached:false, naming the projector that is stuck', async () => {
    const { store, engine } = await setup();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const projections = engine({ projectors: [gatedProjector(gate)] });
    const written = await append(store, 'thing-stuck', ['s']);
    const catchingUp = catchUpTo(projections, written.checkpoint);

    const wait = await projections.waitFor(written.checkpoint, { timeoutMs: 300 });

    expect(wait.reached).toBe(false);
    expect(wait.lagging).toEqual(['test_gated']);
    expect(wait.waitedMs).toBeGreaterThanOrEqual(290);
    expect(wait.waitedMs).toBeLessThan(1_500);
    open();
    await catchingUp;
    expect(await projections.waitFor(written.checkpoint, { timeoutMs: 2_000 })).toMatchObject({ reached: true });
  });

  it("waitFor with the write's event types waits only for the projectors handling them", async () => {
    const { store, engine } = await setup();
    const control = { failing: true };
    const projections = engine({ projectors: [flakyProjector(control), otherProjector], backoff: { initialMs: 20, maxMs: 100 } });
    await projections.start();
    const stuck = await append(store, 'thing-stuck', ['s']);
    const other = await append(store, 'other', ['o'], OTHER);
    expect(stuck.eventTypes).toEqual([HAPPENED]);
    expect(other.eventTypes).toEqual([OTHER]);

    // test_flaky (HAPPENED) cannot pass the first write; the OTHER write does not concern it.
    expect(await projections.waitFor(other.checkpoint, { types: other.eventTypes!, timeoutMs: 5_000 })).toMatchObject({
      reached: true,
      lagging: [],
    });
    expect(await projections.waitFor(other.checkpoint, { timeoutMs: 300 })).toMatchObject({ reached: false, lagging: ['test_flaky'] });
    expect(await projections.waitFor(stuck.checkpoint, { types: stuck.eventTypes!, timeoutMs: 300 })).toMatchObject({
      reached: false,
      lagging: ['test_flaky'],
    });
    control.failing = false;
    expect(await projections.waitFor(other.checkpoint, { timeoutMs: 5_000 })).toMatchObject({ reached: true });
  });

  it('moves the checkpoint of a projector that handles none of the new events', async () => {
    const { store, engine } = await setup();
    const projections = engine({ projectors: [countingProjector(), otherProjector] });
    await projections.start();
    await append(store, 'other', ['o'], OTHER);
    const written = await append(store, 'thing-1', ['t1', 't2']);

    const wait = await projections.waitFor(written.checkpoint, { projectors: ['test_other'] });

    expect(wait.reached).toBe(true);
    const other = (await projections.status()).find((s) => s.name === 'test_other');
    expect(compareCheckpoints(other!.checkpoint!, written.checkpoint)).toBeGreaterThanOrEqual(0);
  });

  it('keeps the others going while one projector fails, reports it, and recovers', async () => {
    const { sql, store, engine } = await setup();
    const control = { failing: true };
    const projections = engine({
      projectors: [countingProjector(), flakyProjector(control)],
      backoff: { initialMs: 20, maxMs: 100 },
    });
    await projections.start();
    const written = await append(store, 'thing-f', ['f1', 'f2']);

    expect(await projections.waitFor(written.checkpoint, { projectors: ['test_counts'] })).toMatchObject({ reached: true });
    const stuck = await projections.waitFor(written.checkpoint, { timeoutMs: 200 });
    expect(stuck).toMatchObject({ reached: false, lagging: ['test_flaky'] });
    const flaky = (await projections.status()).find((s) => s.name === 'test_flaky')!;
    expect(flaky.lastError).toContain('flaky projector is down');
    expect(flaky.lastError).toContain('TestThingHappened at position');
    expect(flaky.eventsBehind).toBe(2);
    expect(formatProjectionMetrics([flaky])).toContain('projection_failing{projector="test_flaky"} 1');

    control.failing = false;
    expect(await projections.waitFor(written.checkpoint, { timeoutMs: 5_000 })).toMatchObject({ reached: true });
    expect(await rows(sql, 'test_flaky_rows', 'event_id')).toHaveLength(2);
    expect((await projections.status()).every((s) => s.lastError === null && s.eventsBehind === 0)).toBe(true);
  });

  it('rebuilds at start when the projector version changes', async () => {
    const { sql, store, engine } = await setup();
    const first = await append(store, 'thing-v', ['low', 'lower']);
    const v1 = engine({ projectors: [countingProjector({ version: 1 }), otherProjector] });
    await catchUpTo(v1, first.checkpoint);
    await v1.stop();
    const viewOid = async (view: string) => (await sql.query<{ oid: number }>('select $1::regclass::oid as oid', [view]))[0]?.oid;
    const [thingsView, othersView] = [await viewOid('public.test_things'), await viewOid('public.test_others')];

    const v2 = engine({ projectors: [countingProjector({ version: 2, upper: true }), otherProjector] });
    await v2.start();
    expect((await v2.waitFor(first.checkpoint)).reached).toBe(true);

    expect((await rows(sql, 'test_things', 'event_id')).map((r) => r.label).sort()).toEqual(['LOW', 'LOWER']);
    const status = await v2.status();
    expect(status.find((s) => s.name === 'test_counts')).toMatchObject({
      version: 2,
      activeVersion: 2,
      generation: 2,
      rebuilding: null,
    });
    expect(status.find((s) => s.name === 'test_other')).toMatchObject({ generation: 1 });
    expect(await schemas(sql, 'rm_test_counts_')).toEqual(['rm_test_counts_g2']);
    expect(await viewSource(sql, 'test_things')).toContain('rm_test_counts_g2');
    // A restart leaves views that are already right alone (no exclusive locks for queries to queue behind).
    expect(await viewOid('public.test_others')).toBe(othersView);
    expect(await viewOid('public.test_things')).not.toBe(thingsView);
    const later = await append(store, 'thing-v', ['new']);
    expect((await v2.waitFor(later.checkpoint)).reached).toBe(true);
    expect((await rows(sql, 'test_things', 'event_id')).map((r) => r.label).sort()).toEqual(['LOW', 'LOWER', 'NEW']);
  });

  it('rebuild replays into a new generation beside the live one and switches the views', async () => {
    const { sql, store, engine } = await setup();
    const appended = [];
    for (let i = 0; i < 12; i++) appended.push(await append(store, `thing-${i % 3}`, [`r${i}`]));
    const projections = engine({ projectors: [countingProjector(), otherProjector], batchSize: 5 });
    await projections.start();
    await projections.waitFor(latest(appended));
    const before = await readModel(sql);

    const rebuilding = projections.rebuild('test_counts');
    // Writes during the rebuild keep reaching the live generation, and the new one catches them up.
    const during = await append(store, 'thing-0', ['during']);
    expect((await projections.waitFor(during.checkpoint)).reached).toBe(true);
    await rebuilding;
    const after = await readModel(sql);

    expect(after.things.filter((r) => r.label !== 'during')).toEqual(before.things);
    expect(after.counts.find((r) => r.stream_id === 'thing-0')).toMatchObject({ events: 5 });
    const counts = (await projections.status()).find((s) => s.name === 'test_counts');
    expect(counts).toMatchObject({ generation: 2, rebuilding: null });
    expect(await viewSource(sql, 'test_stream_counts')).toContain('rm_test_counts_g2');
    expect(await schemas(sql, 'rm_test_counts_')).toEqual(['rm_test_counts_g2']);
    await projections.rebuild('test_counts');
    expect(await readModel(sql)).toEqual(after);
    expect(await schemas(sql, 'rm_test_counts_')).toEqual(['rm_test_counts_g3']);
  });

  it('refuses to hide a public table that is not its view', async () => {
    const { sql, engine } = await setup();
    await sql.exec('create table public.test_others (id int)');
    const projections = engine({ projectors: [countingProjector(), otherProjector] });

    const result = await projections.catchUpAll();

    expect(result.caughtUp).toEqual(['test_counts']);
    expect(result.failed).toEqual([{ name: 'test_other', error: expect.stringContaining('public.test_others exists and is not a view') }]);
  });
});

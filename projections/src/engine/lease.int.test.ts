import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { append, countingProjector, flakyProjector, latest, openTestBed, otherProjector, runCleanups } from './engine.fixtures.ts';
import type { ProjectionEngine } from './types.ts';

const LEASE = { ttlMs: 1_500, renewMs: 150 };

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

describe.each(testDrivers())('projection leases on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('two workers split the projectors between them, and one stopping hands its share to the other at once', async () => {
    const bed = await openTestBed(driver, cleanups);
    const projectors = [countingProjector(), otherProjector, flakyProjector({ failing: false })];
    const a: ProjectionEngine = bed.engine({ projectors, lease: { owner: 'worker-a', ...LEASE } });
    await a.start();
    expect(a.leases().held.sort()).toEqual(['test_counts', 'test_flaky', 'test_other']);

    const b: ProjectionEngine = bed.engine({ projectors, lease: { owner: 'worker-b', ...LEASE } });
    await b.start();
    // Two live workers: a fair share is two of three; a gives back one within a renewal, b takes it.
    await until(() => a.leases().held.length === 2 && b.leases().held.length === 1, 5_000, 'the split');
    expect([...a.leases().held, ...b.leases().held].sort()).toEqual(['test_counts', 'test_flaky', 'test_other']);
    const owners = await bed.sql.query<{ projector: string; owner: string }>(
      'select projector, owner from projection_leases order by projector',
    );
    expect(owners.filter((o) => o.owner === 'worker-b').map((o) => o.projector)).toEqual(b.leases().held);

    const written = [await append(bed.store, 's1', ['x', 'y']), await append(bed.store, 's2', ['z'])];
    expect((await a.waitFor(latest(written), { timeoutMs: 10_000 })).reached).toBe(true);
    const [counts] = await bed.sql.query<{ n: number }>('select count(*)::int as n from test_things');
    expect(counts?.n).toBe(3);

    await a.stop();
    expect(await bed.sql.query(`select 1 from projection_leases where owner = 'worker-a'`)).toEqual([]);
    const tookOver = await until(() => b.leases().held.length === 3, 5_000, 'the take-over');
    // Handed back on stop: the other takes over at its next renewal, without waiting for the ttl.
    expect(tookOver).toBeLessThan(LEASE.ttlMs);
    const more = await append(bed.store, 's1', ['w']);
    expect((await b.waitFor(more.checkpoint, { timeoutMs: 10_000 })).reached).toBe(true);
    const [after] = await bed.sql.query<{ n: number }>('select count(*)::int as n from test_things');
    expect(after?.n).toBe(4);
  });

  it('a never-started engine (the gateway with PROJECTIONS=off) waits on the checkpoints a worker moves, and times out when none runs', async () => {
    const bed = await openTestBed(driver, cleanups);
    const projectors = [countingProjector()];
    const worker = bed.engine({ projectors, lease: { owner: 'only', ...LEASE } });
    await worker.start();
    // The gateway with PROJECTIONS=off: an engine never started, its progress board empty.
    const gateway = bed.engine({ projectors });
    const written = await append(bed.store, 's1', ['a']);
    const waited = await gateway.waitFor(written.checkpoint, { timeoutMs: 10_000 });
    expect(waited).toMatchObject({ reached: true, lagging: [] });
    await worker.stop();
    const later = await append(bed.store, 's1', ['b']);
    const timedOut = await gateway.waitFor(later.checkpoint, { timeoutMs: 300 });
    expect(timedOut).toMatchObject({ reached: false, lagging: ['test_counts'] });
  });
});

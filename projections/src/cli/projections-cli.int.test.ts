import type { EventStore } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestBed, rows, runCleanups } from '../engine/engine.fixtures.ts';
import type { Projector } from '../engine/types.ts';
import { runProjectionsCli } from './projections-cli.ts';

/** The operator's commands: list what was parked, and retry it after a fix (issue #27). */
const TYPE = 'TestAmountRecorded';
const COMPANY = '00000000-0000-4000-8000-0000000000c1';

/** Keeps amounts in numeric(8,2); the fix keeps an amount it cannot hold as null instead of failing. */
function amountsProjector(control: { fixed: boolean }): Projector {
  return {
    name: 'test_amounts',
    version: 1,
    handles: [TYPE],
    tables: ['test_amounts'],
    async init(tx) {
      await tx.exec('create table if not exists test_amounts (event_id text primary key, amount numeric(8,2))');
    },
    async apply(tx, event) {
      const amount = Number(event.data.amount);
      const kept = control.fixed && Math.abs(amount) >= 1e6 ? null : String(amount);
      await tx.query('insert into test_amounts (event_id, amount) values ($1, $2::numeric)', [event.eventId, kept]);
    },
  };
}

const record = (store: EventStore, stream: string, amount: number) =>
  store.append([{ streamId: stream, expectedVersion: 'any', events: [{ type: TYPE, data: { amount } }] }], {
    companyId: COMPANY,
    actorUserId: null,
  });

describe.each(testDrivers())('npm run projections on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('lists parked events and retries them after the fix: a rebuild that applies them', async () => {
    const { sql, store, engine } = await openTestBed(driver, cleanups);
    const control = { fixed: false };
    const projectors = [amountsProjector(control)];
    const running = engine({ projectors, park: { attempts: 2, initialMs: 5 } });
    await running.start();
    await record(store, 'a-1', 10);
    const overflow = await record(store, 'a-2', 1e20);
    const last = await record(store, 'a-3', 30);
    expect(await running.waitFor(last.checkpoint, { timeoutMs: 10_000 })).toMatchObject({ reached: true });
    await running.stop();

    const lines: string[] = [];
    const cli = (...args: string[]) => runProjectionsCli(args, { sql, store, projectors, out: (line) => lines.push(line) });

    expect(await cli('parked')).toBe(0);
    const listed = lines.join('\n');
    expect(listed).toContain(`test_amounts (generation 1, live) position ${overflow.firstPosition}: ${TYPE}`);
    expect(listed).toContain(`stream a-2 v1, company ${COMPANY}`);
    expect(listed).toMatch(/numeric field overflow/);
    lines.length = 0;
    expect(await cli('status')).toBe(0);
    expect(lines[0]).toMatch(/^test_amounts: version 1\/1, generation 1, 0 behind, 1 parked/);

    // Not fixed yet: the retry parks it again and says so.
    lines.length = 0;
    expect(await cli('retry-parked')).toBe(1);
    expect(lines.join('\n')).toMatch(/1 event\(s\) still cannot be applied/);

    control.fixed = true;
    lines.length = 0;
    expect(await cli('retry-parked', 'test_amounts')).toBe(0);
    expect(lines).toContain('Every parked event is applied now.');
    expect((await rows(sql, 'test_amounts', 'event_id')).map((r) => r.amount)).toEqual(expect.arrayContaining(['10.00', null, '30.00']));
    lines.length = 0;
    expect(await cli('parked')).toBe(0);
    expect(lines).toEqual(['No parked events.']);
    expect(await cli('retry-parked', 'nope')).toBe(2);
  });
});

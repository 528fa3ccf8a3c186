import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openBillingBed } from '../billing/billing.fixtures.ts';
import { runDailyCli } from './daily-cli.ts';

describe.each(testDrivers())('npm run daily on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('runs every active company or the one named, catching its read model up itself; exit codes 0, 1, 2', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company('Ubuntu');
    const b = await bed.company('Other');
    await a.policy(await a.policyType(), { startDate: '2026-03-01' });
    const lines: string[] = [];
    const deps = {
      sql: bed.sql as never,
      store: bed.store,
      out: (line: string) => void lines.push(line),
      now: () => new Date('2026-03-06T08:00:00Z'),
    };

    expect(await runDailyCli(['--as-of', '2026-03-05', '--company', a.companyId], deps)).toBe(0);
    expect(lines).toEqual([
      `Ubuntu (${a.companyId}): 1 day(s) 2026-03-05..2026-03-05; premiums fallen due 0, notices 1, lapsed 0, reinstated 0, failed 0`,
    ]);
    lines.length = 0;
    expect(await runDailyCli([], deps)).toBe(0);
    expect(lines.sort()).toEqual(
      [
        `Ubuntu (${a.companyId}): 1 day(s) 2026-03-06..2026-03-06; premiums fallen due 0, notices 0, lapsed 0, reinstated 0, failed 0`,
        `Other (${b.companyId}): 1 day(s) 2026-03-06..2026-03-06; premiums fallen due 0, notices 0, lapsed 0, reinstated 0, failed 0`,
      ].sort(),
    );
    lines.length = 0;
    expect(await runDailyCli(['--as-of', '2026-03-06', '--company', a.companyId], deps)).toBe(0);
    expect(lines[0]).toContain('already done up to 2026-03-06');

    lines.length = 0;
    expect(await runDailyCli(['--as-of', '2026-03-07'], deps)).toBe(2);
    expect(lines).toEqual(['--as-of cannot be after today (2026-03-06).']);
    lines.length = 0;
    expect(await runDailyCli(['--as-of', '06/03/2026'], deps)).toBe(2);
    expect(await runDailyCli(['--as-of'], deps)).toBe(2);
    expect(await runDailyCli(['--asof', '2026-03-01'], deps)).toBe(2);
    expect(await runDailyCli(['--company', '00000000-0000-4000-8000-000000000000'], deps)).toBe(1);
  });
});

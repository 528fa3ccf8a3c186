import { describe, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { scenario } from '../command-handling/given-when-then.ts';
import { decideDailyRunCompleted, evolveBillingRun, initialBillingRunState, type DailyBillingRunCompleted } from './daily-run.ts';

const ctx: CommandContext = {
  now: new Date('2026-11-02T00:00:00Z'),
  newId: () => 'id',
  actor: { userId: null, role: null, companyId: 'c1' },
  commandId: 'run',
};
const run = scenario(
  { initialState: initialBillingRunState, evolve: evolveBillingRun },
  (c: DailyBillingRunCompleted['data'], s) => decideDailyRunCompleted(s, c),
  ctx,
);
const day = (d: string): DailyBillingRunCompleted['data'] => ({
  companyId: 'c1',
  day: d,
  premiumsFallenDue: 1,
  noticesIssued: 0,
  policiesLapsed: 0,
  policiesReinstated: 0,
  failed: 0,
  failedPolicyIds: [],
});
const done = (d: string): DailyBillingRunCompleted => ({ type: 'DailyBillingRunCompleted', data: day(d) });

describe('the record of a day run', () => {
  it('records the first day and each later day', () => {
    run
      .given([])
      .when(day('2026-11-02'))
      .then([done('2026-11-02')]);
    run
      .given([done('2026-11-02')])
      .when(day('2026-11-03'))
      .then([done('2026-11-03')]);
  });

  it('records nothing for a day done already, or before the last day done (another run got there first)', () => {
    run
      .given([done('2026-11-02')])
      .when(day('2026-11-02'))
      .then([]);
    run
      .given([done('2026-11-03')])
      .when(day('2026-11-02'))
      .then([]);
  });
});

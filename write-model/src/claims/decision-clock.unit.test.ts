import { describe, expect, it } from 'vitest';
import { decisionClock } from './decision-clock.ts';

describe('where a claim decision clock stands', () => {
  const sa = (local: string) => new Date(`${local}+02:00`);
  const started = sa('2026-11-26T10:00:00'); // a Thursday
  const due = sa('2026-11-30T10:00:00'); // the Monday after
  const clock = (decidedAt: Date | null = null) => ({ clockStartedAt: started, decisionDueAt: due, decidedAt });

  it('waits for the documents, then runs, is due soon within 4 business hours, and is overdue after its deadline', () => {
    expect(decisionClock({ clockStartedAt: null, decisionDueAt: null, decidedAt: null }, started).state).toBe('not_started');
    // Friday 10:00: Friday's 14 hours and Monday's 10 are left; the weekend does not count.
    expect(decisionClock(clock(), sa('2026-11-27T10:00:00'))).toMatchObject({ state: 'running', businessMinutesLeft: 24 * 60 });
    expect(decisionClock(clock(), sa('2026-11-29T12:00:00'))).toMatchObject({ state: 'running', businessMinutesLeft: 10 * 60 });
    expect(decisionClock(clock(), sa('2026-11-30T06:00:00'))).toMatchObject({ state: 'due_soon', businessMinutesLeft: 4 * 60 });
    expect(decisionClock(clock(), sa('2026-11-30T13:30:00'))).toMatchObject({ state: 'overdue', businessMinutesLeft: -210 });
  });

  it('stops at the decision: on time or late, with the business time taken', () => {
    expect(decisionClock(clock(sa('2026-11-27T16:00:00')), sa('2026-12-10T00:00:00'))).toMatchObject({
      state: 'on_time',
      businessMinutesTaken: 30 * 60,
      businessMinutesLeft: null,
    });
    expect(decisionClock(clock(sa('2026-12-01T09:00:00')), sa('2026-12-10T00:00:00'))).toMatchObject({ state: 'late' });
    expect(decisionClock({ clockStartedAt: null, decisionDueAt: null, decidedAt: started }, started).state).toBe('none');
  });
});

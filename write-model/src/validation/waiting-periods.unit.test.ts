import { describe, expect, it } from 'vitest';
import { lifeJoinedOn, lifeWaiting, priorCoverCredit, priorCoverOf } from './waiting-periods.ts';

const terms = { startDate: '2026-03-31', waitingPeriod: 6, suicideWaitingMonths: 24 };

describe('a life’s waiting period (rule 2A.6)', () => {
  it('runs from the later of the policy start and the day the life was added', () => {
    expect(lifeJoinedOn('2026-03-31', null)).toBe('2026-03-31');
    expect(lifeJoinedOn('2026-03-31', '2026-01-01')).toBe('2026-03-31');
    expect(lifeJoinedOn('2026-03-31', '2026-04-02')).toBe('2026-04-02');
  });

  it('ends on the month-end when the start day is past the target month’s end', () => {
    expect(lifeWaiting(terms, { addedOn: null, priorCover: null }, 'natural')).toEqual({
      rule: 'natural',
      joinedOn: '2026-03-31',
      months: 6,
      endsOn: '2026-09-30',
      priorCoverMonths: 0,
    });
    expect(lifeWaiting(terms, { addedOn: null, priorCover: null }, 'suicide').endsOn).toBe('2028-03-31');
  });

  it('caps a natural wait at 6 months, whatever the type says; none for an accident', () => {
    expect(lifeWaiting({ ...terms, waitingPeriod: 24 }, { addedOn: null, priorCover: null }, 'natural').months).toBe(6);
    expect(lifeWaiting({ ...terms, waitingPeriod: 3 }, { addedOn: null, priorCover: null }, 'natural').months).toBe(3);
    expect(lifeWaiting(terms, { addedOn: '2026-05-05', priorCover: null }, 'accidental')).toMatchObject({
      rule: 'accidental_none',
      months: 0,
      endsOn: '2026-05-05',
    });
  });

  it('counts prior cover that ended up to 31 days before joining, whole months only', () => {
    expect(priorCoverCredit('2026-03-31', { months: 5, endedOn: '2026-02-28' })).toBe(5); // 31 days
    expect(priorCoverCredit('2026-03-31', { months: 5, endedOn: '2026-02-27' })).toBe(0); // 32 days
    expect(priorCoverCredit('2026-03-31', { months: 5, endedOn: '2026-04-30' })).toBe(5); // still running when joined
    expect(priorCoverCredit('2026-03-31', null)).toBe(0);
  });

  it('reads only a well-formed prior cover (an erased one reads as none)', () => {
    expect(priorCoverOf({ months: 3, endedOn: '2026-01-01' })).toEqual({ months: 3, endedOn: '2026-01-01' });
    expect(priorCoverOf('[erased]')).toBeNull();
    expect(priorCoverOf(undefined)).toBeNull();
  });
});

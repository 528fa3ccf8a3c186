import { describe, expect, it } from 'vitest';
import { monthsServed, waitingPeriodFor, type LapsedPolicy } from './waiting-carry-over.ts';

const old = (over: Partial<LapsedPolicy> = {}): LapsedPolicy => ({
  policyId: 'p-old',
  policyNumber: 'POL-2026-000001',
  startDate: '2026-01-15',
  waitingPeriod: 6,
  lapsedOn: '2026-04-20',
  ...over,
});

describe('monthsServed', () => {
  it('counts whole months from the start, a month ending on the same day of the month', () => {
    expect(monthsServed('2026-01-15', '2026-01-15')).toBe(0);
    expect(monthsServed('2026-01-15', '2026-02-14')).toBe(0);
    expect(monthsServed('2026-01-15', '2026-02-15')).toBe(1);
    expect(monthsServed('2026-01-15', '2026-04-20')).toBe(3);
    // A month-end start: 31 January + 1 month is 28 February.
    expect(monthsServed('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsServed('2026-03-01', '2026-02-01')).toBe(0);
  });
});

describe('waitingPeriodFor (rule 2A.9: a new policy within 2 months of a lapse)', () => {
  it('carries over only the unexpired part of the old waiting period', () => {
    // 6 months' waiting from 15 January, lapsed 20 April after 3 whole months: 3 left.
    expect(waitingPeriodFor(6, [old()], '2026-05-10')).toEqual({
      months: 3,
      carriedOver: { fromPolicyId: 'p-old', fromPolicyNumber: 'POL-2026-000001', lapsedOn: '2026-04-20', unexpiredMonths: 3 },
    });
  });

  it('the 2 months include their last day; a day later the new type’s full period applies', () => {
    expect(waitingPeriodFor(6, [old()], '2026-06-20').months).toBe(3);
    expect(waitingPeriodFor(6, [old()], '2026-06-21')).toEqual({ months: 6, carriedOver: null });
  });

  it('never more than the new type’s own period; a fully served period carries nothing left', () => {
    expect(waitingPeriodFor(2, [old()], '2026-05-10').months).toBe(2);
    expect(waitingPeriodFor(6, [old({ startDate: '2025-01-01' })], '2026-05-10')).toMatchObject({
      months: 0,
      carriedOver: { unexpiredMonths: 0 },
    });
  });

  it('the latest lapse decides; no lapse leaves the type’s period', () => {
    const earlier = old({ policyId: 'p-a', lapsedOn: '2026-04-01', startDate: '2026-03-01' });
    const later = old({ policyId: 'p-b', lapsedOn: '2026-05-01', startDate: '2025-12-01' });
    expect(waitingPeriodFor(6, [earlier, later], '2026-05-10')).toMatchObject({ months: 1, carriedOver: { fromPolicyId: 'p-b' } });
    expect(waitingPeriodFor(6, [], '2026-05-10')).toEqual({ months: 6, carriedOver: null });
  });
});

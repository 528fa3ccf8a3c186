import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDaysBetween,
  businessDeadline,
  businessMillisBetween,
  isBusinessDay,
  publicHolidays,
} from './business-days.ts';

describe('South African business days (the claims clock, rule 2A.8)', () => {
  it("knows 2026's public holidays, the Monday after a Sunday holiday included", () => {
    expect([...publicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-03-21',
      '2026-04-03',
      '2026-04-06',
      '2026-04-27',
      '2026-05-01',
      '2026-06-16',
      '2026-08-09',
      '2026-08-10',
      '2026-09-24',
      '2026-12-16',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('skips weekends and holidays', () => {
    expect(isBusinessDay('2026-11-26')).toBe(true); // a Thursday
    expect(isBusinessDay('2026-11-28')).toBe(false); // a Saturday
    expect(isBusinessDay('2026-04-06')).toBe(false); // Family Day
    expect(addBusinessDays('2026-11-26', 2)).toBe('2026-11-30'); // Thursday + 2: Friday, Monday
    expect(addBusinessDays('2026-04-02', 2)).toBe('2026-04-08'); // over Good Friday, the weekend and Family Day
    expect(addBusinessDays('2026-12-24', 2)).toBe('2026-12-29'); // Christmas, Day of Goodwill (a Saturday), Sunday
    expect(addBusinessDays('2026-08-07', 1)).toBe('2026-08-11'); // Women's Day on a Sunday: the Monday off
  });

  it('counts every business day of a year: 365 days less weekends less the holidays on weekdays', () => {
    expect(businessDaysBetween('2025-12-31', '2026-12-31')).toBe(261 - 10);
    expect(businessDaysBetween('2026-11-30', '2026-11-26')).toBe(0);
  });
});

describe('deadlines and business time, in South African time', () => {
  const sa = (local: string) => new Date(`${local}+02:00`);
  it('keeps the time of day from a business day and runs from the next business day after a weekend or holiday', () => {
    expect(businessDeadline(sa('2026-11-27T15:00:00'), 2)).toEqual(sa('2026-12-01T15:00:00')); // Friday → Tuesday
    expect(businessDeadline(sa('2026-11-28T11:00:00'), 2)).toEqual(sa('2026-12-02T00:00:00')); // Saturday: Monday and Tuesday
    expect(businessDeadline(sa('2026-12-24T09:30:00'), 2)).toEqual(sa('2026-12-29T09:30:00')); // over Christmas
    expect(businessDeadline(sa('2026-12-16T09:00:00'), 2)).toEqual(sa('2026-12-19T00:00:00')); // a holiday: Thursday and Friday
  });

  it('counts only business hours between two instants, negative backwards', () => {
    expect(businessMillisBetween(sa('2026-11-27T15:00:00'), sa('2026-11-30T15:00:00'))).toBe(24 * 3600_000); // Fri → Mon
    expect(businessMillisBetween(sa('2026-11-30T15:00:00'), sa('2026-11-27T15:00:00'))).toBe(-24 * 3600_000);
    expect(businessMillisBetween(sa('2026-11-28T00:00:00'), sa('2026-11-29T23:00:00'))).toBe(0); // a weekend
    expect(businessMillisBetween(sa('2026-11-26T10:00:00'), sa('2026-11-26T14:00:00'))).toBe(4 * 3600_000);
  });
});

import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, isBusinessDay, publicHolidays } from './business-days.ts';

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

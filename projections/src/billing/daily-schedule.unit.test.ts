import { describe, expect, it } from 'vitest';
import { dueDay, parseDailyRunAt } from './daily-schedule.ts';

describe('DAILY_RUN_AT', () => {
  it('is 02:00 by default, HH:MM or off, and refuses anything else', () => {
    expect(parseDailyRunAt(undefined)).toBe('02:00');
    expect(parseDailyRunAt(' ')).toBe('02:00');
    expect(parseDailyRunAt('23:30')).toBe('23:30');
    expect(parseDailyRunAt('OFF')).toBeNull();
    expect(() => parseDailyRunAt('2am')).toThrow('DAILY_RUN_AT must be a time of day as HH:MM (South African time) or off, not "2am"');
    expect(() => parseDailyRunAt('24:00')).toThrow();
  });

  it('makes the South African day due from that time on, and the day before until then', () => {
    // 01:59 and 02:00 in South Africa on 5 March are 23:59 and 00:00 UTC.
    expect(dueDay(new Date('2026-03-04T23:59:00Z'), '02:00')).toBe('2026-03-04');
    expect(dueDay(new Date('2026-03-05T00:00:00Z'), '02:00')).toBe('2026-03-05');
    // 22:00 UTC on 4 March is already 5 March at midnight there.
    expect(dueDay(new Date('2026-03-04T22:00:00Z'), '00:00')).toBe('2026-03-05');
  });
});

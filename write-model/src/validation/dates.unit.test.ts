import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries both ways', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-15', 0)).toBe('2026-01-15');
    expect(addDays('2026-01-15', 400)).toBe('2027-02-19');
  });
});

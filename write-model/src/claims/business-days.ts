import Holidays from 'date-holidays';
import { addDays, southAfricanDate, startOfSouthAfricanDay } from '../validation/dates.ts';

/*
 * South African business days (issue #23, the claims clock of Policyholder Protection Rule 2A.8): Monday
 * to Friday, not a public holiday. The holidays come from date-holidays' South African data, which
 * follows the Public Holidays Act (a holiday on a Sunday moves to the Monday) and knows the one-off days
 * the President declares once they are in its data. Dates are YYYY-MM-DD calendar days in South Africa.
 */

const southAfrica = new Holidays('ZA');
const holidaysByYear = new Map<number, Set<string>>();

/** The public holidays of a year (observances such as Mother's Day are not days off). */
export function publicHolidays(year: number): Set<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(
      southAfrica
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !publicHolidays(Number(day.slice(0, 4))).has(day);
}

/** The business day `count` business days after `day` (day itself not counted): Friday + 1 is Monday. */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count++;
  return count;
}

const DAY_MS = 86_400_000;

/**
 * The instant `count` business days after `start`. Started on a business day, the deadline keeps the time
 * of day (verified Friday 15:00, 2 business days: Tuesday 15:00). Started on a weekend or holiday, the clock
 * runs from the next business day's start, so the deadline is the end of the count-th business day.
 */
export function businessDeadline(start: Date, count: number): Date {
  const day = southAfricanDate(start);
  const target = addBusinessDays(day, count);
  if (!isBusinessDay(day)) return startOfSouthAfricanDay(addDays(target, 1));
  return new Date(startOfSouthAfricanDay(target).getTime() + (start.getTime() - startOfSouthAfricanDay(day).getTime()));
}

/** Business time from `from` to `to` in milliseconds: only the hours of business days count; negative when `to` is earlier. */
export function businessMillisBetween(from: Date, to: Date): number {
  if (to.getTime() < from.getTime()) return -businessMillisBetween(to, from);
  let total = 0;
  for (let day = southAfricanDate(from); day <= southAfricanDate(to); day = addDays(day, 1)) {
    if (!isBusinessDay(day)) continue;
    const dayStart = startOfSouthAfricanDay(day).getTime();
    total += Math.max(0, Math.min(to.getTime(), dayStart + DAY_MS) - Math.max(from.getTime(), dayStart));
  }
  return total;
}

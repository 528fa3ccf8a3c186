import Holidays from 'date-holidays';
import { addDays } from '../validation/dates.ts';

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

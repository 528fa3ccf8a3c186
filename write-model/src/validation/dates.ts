const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12) of a year; 0 for a month that does not exist. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 0;
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a calendar date written YYYY-MM-DD that exists (no 2023-02-29, no 2024-13-01). */
export function isIsoDate(value: string): boolean {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The calendar date of an instant as YYYY-MM-DD, in UTC so that server and browser agree; callers
 * pass the instant (ctx.now on the server) rather than the helpers reading the clock themselves.
 */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

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

/** South Africa keeps UTC+2 all year (no daylight saving), so its calendar day is a fixed UTC span. */
const SOUTH_AFRICA_OFFSET_MS = 2 * 3600_000;

/**
 * The calendar date in South Africa (YYYY-MM-DD) of an instant: the product's one "today". Between
 * 00:00 and 02:00 there the UTC date is still yesterday, so nothing may take "today" from
 * toISOString(). Callers pass the instant (ctx.now on the server, the test clock in tests) rather
 * than this reading the clock itself.
 */
export function southAfricanDate(instant: Date): string {
  return new Date(instant.getTime() + SOUTH_AFRICA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first and last instants of a South African calendar day. */
export function startOfSouthAfricanDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000+02:00`);
}
export function endOfSouthAfricanDay(isoDate: string): Date {
  return new Date(`${isoDate}T23:59:59.999+02:00`);
}

/** An ISO date plus (or minus) whole days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** An ISO date plus whole years; 29 February falls on the 28th in a year without it. */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const day = Math.min(d, daysInMonth(year, m));
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar month `months` after year and month (1–12), negative for before. */
export function monthsLater(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** An ISO date plus whole months; a day past the month's end falls on its last day (31 January + 1 month = 28/29 February). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const { year, month } = monthsLater(y, m, months);
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Whole years from a date of birth to `today` (both YYYY-MM-DD); someone born on 29 February turns a year older on 1 March. */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/*
 * The ranges a date may fall in, by what it means. Every bound is a date PostgreSQL's date and
 * timestamptz hold comfortably (they refuse year 0000), and each says what a funeral-insurance
 * administration can have: nobody insured was born before 1900, nothing is paid before 1900 or
 * recorded more than a year ahead (a post-dated debit order, not a typo'd 2206), nobody is born
 * or dies tomorrow. "today" is always the South African date of the injected clock (southAfricanDate).
 */

/** No date the product stores or searches lies before this. */
export const EARLIEST_DATE = '1900-01-01';
/** Search filters (audit, reports) may look ahead, but not past what a date column means. */
export const LATEST_QUERY_DATE = '2999-12-31';
/** How far ahead a payment may be dated. */
export const PAYMENT_DATE_MAX_YEARS_AHEAD = 1;

export type DateRange = { earliest: string; latest: string };

/** Dates of birth: 1900-01-01 to today. */
export const birthDateRange = (today: string): DateRange => ({ earliest: EARLIEST_DATE, latest: today });
/** Dates of death: 1900-01-01 to today. */
export const deathDateRange = (today: string): DateRange => ({ earliest: EARLIEST_DATE, latest: today });
/** Payment dates (individual and group): 1900-01-01 to a year after today. */
export const paymentDateRange = (today: string): DateRange => ({
  earliest: EARLIEST_DATE,
  latest: addYears(today, PAYMENT_DATE_MAX_YEARS_AHEAD),
});
/** A migrated policy's inception date (issue #20): 1900-01-01 to today; a book moves in with its past. */
export const inceptionDateRange = (today: string): DateRange => ({ earliest: EARLIEST_DATE, latest: today });
/** How far ahead a migrated policy may already be paid. */
export const PAID_UP_TO_MAX_YEARS_AHEAD = 2;
/** A migrated policy's paid-up-to date: 1900-01-01 to two years after today (never before its inception: members.ts). */
export const paidUpToRange = (today: string): DateRange => ({
  earliest: EARLIEST_DATE,
  latest: addYears(today, PAID_UP_TO_MAX_YEARS_AHEAD),
});
/** Dates in search filters: 1900-01-01 to 2999-12-31 (no "today" needed: a filter may look ahead). */
export const QUERY_DATE_RANGE: DateRange = { earliest: EARLIEST_DATE, latest: LATEST_QUERY_DATE };

export type DateProblem = 'invalid' | 'tooEarly' | 'tooLate';

/** What is wrong with a date for a range, or null: not a real YYYY-MM-DD date, before or after it. */
export function dateProblem(value: string, range: DateRange): DateProblem | null {
  if (!isIsoDate(value)) return 'invalid';
  if (value < range.earliest) return 'tooEarly';
  if (value > range.latest) return 'tooLate';
  return null;
}

/**
 * A schema that depends on the South African date, made once per day: building a zod schema costs more
 * than parsing with it (the gateway asked for one on every request, a CSV import on every row).
 */
export function oncePerDay<S>(make: (today: string) => S): (today: string) => S {
  let made: { today: string; value: S } | null = null;
  return (today) => {
    if (made?.today !== today) made = { today, value: make(today) };
    return made.value;
  };
}

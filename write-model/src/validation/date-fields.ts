import { z } from 'zod';
import {
  birthDateRange,
  dateProblem,
  deathDateRange,
  paymentDateRange,
  QUERY_DATE_RANGE,
  type DateProblem,
  type DateRange,
} from './dates.ts';
import { nullableOf } from './fields.ts';

/*
 * The one date schema: every date a command or a query takes is parsed here, as a real YYYY-MM-DD
 * calendar date inside the range its meaning allows (dates.ts says which and why). A schema that
 * needs "today" is a factory taking it (the South African date of ctx.now on the server, of the
 * browser's clock in a form), so server and form refuse the same dates with the same words.
 */

export type DateMessages = { required: string; invalid: string; tooEarly: string; tooLate: string };

/** The default words for a field called `label` ("Payment date", "Date of birth"). */
export function dateMessages(label: string, range: DateRange, overrides: Partial<DateMessages> = {}): DateMessages {
  return {
    required: `${label} is required`,
    invalid: `${label} must be a valid date (YYYY-MM-DD)`,
    tooEarly: `${label} cannot be before ${range.earliest}`,
    tooLate: `${label} cannot be after ${range.latest}`,
    ...overrides,
  };
}

const PROBLEM_MESSAGE: Record<DateProblem, keyof DateMessages> = { invalid: 'invalid', tooEarly: 'tooEarly', tooLate: 'tooLate' };

/** A required date, YYYY-MM-DD as date inputs give it, within `range`; one message per problem. */
export function dateField(range: DateRange, messages: DateMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return void ctx.addIssue({ code: 'custom', message: messages.required });
      const problem = dateProblem(value, range);
      if (problem) ctx.addIssue({ code: 'custom', message: messages[PROBLEM_MESSAGE[problem]] });
    })
    .meta({ description: 'YYYY-MM-DD' });
}

/** An optional date: missing, null or blank become null; anything else must pass dateField. */
export function nullableDateField(range: DateRange, messages: DateMessages) {
  return nullableOf(dateField(range, messages));
}

/** A date of birth: 1900-01-01 to today (South African). */
export function birthDateField(today: string, label = 'Date of birth', overrides: Partial<DateMessages> = {}) {
  const range = birthDateRange(today);
  return dateField(range, dateMessages(label, range, { tooLate: `${label} cannot be in the future`, ...overrides }));
}

/** A date of death: 1900-01-01 to today (South African). */
export function deathDateField(today: string, label = 'Date of death', overrides: Partial<DateMessages> = {}) {
  const range = deathDateRange(today);
  return dateField(range, dateMessages(label, range, { tooLate: `${label} cannot be in the future`, ...overrides }));
}

/** A payment date: 1900-01-01 to a year after today (South African). */
export function paymentDateField(today: string, overrides: Partial<DateMessages> = {}) {
  const range = paymentDateRange(today);
  return dateField(
    range,
    dateMessages('Payment date', range, { tooLate: `Payment date cannot be more than a year ahead (after ${range.latest})`, ...overrides }),
  );
}

/** A date in a search filter (audit trail, reports): 1900-01-01 to 2999-12-31. */
export function queryDateField(label: string) {
  return dateField(QUERY_DATE_RANGE, dateMessages(label, QUERY_DATE_RANGE));
}

import { z } from 'zod';
import { nullableDateField } from './date-fields.ts';
import { EARLIEST_DATE } from './dates.ts';

/**
 * POST /api/billing/daily-run (GraphQL runDailyBilling): the South African day to run up to; absent,
 * today. Never after today: the calendar does not run ahead of the clock.
 */
export function dailyRunSchemaOn(today: string) {
  return z.object({
    asOf: nullableDateField(
      { earliest: EARLIEST_DATE, latest: today },
      {
        required: 'asOf is required',
        invalid: 'asOf must be a date (YYYY-MM-DD)',
        tooEarly: `asOf cannot be before ${EARLIEST_DATE}`,
        tooLate: `asOf cannot be after today (${today})`,
      },
    ).optional(),
  });
}
export type DailyRunInput = z.output<ReturnType<typeof dailyRunSchemaOn>>;

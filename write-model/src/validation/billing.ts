import { z } from 'zod';
import { nullableDateField } from './date-fields.ts';
import { EARLIEST_DATE, oncePerDay } from './dates.ts';

/**
 * POST /api/billing/daily-run (GraphQL runDailyBilling): the South African day to run up to; absent,
 * today. Never after today: the calendar does not run ahead of the clock.
 */
export const dailyRunSchemaOn = oncePerDay((today: string) => {
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
});
export type DailyRunInput = z.output<ReturnType<typeof dailyRunSchemaOn>>;

/**
 * The arrears worklist's states (issue #20), in the order the page shows them; write-model/src/billing/arrears.ts
 * says what each means.
 */
export const ARREARS_STATES = ['awaiting_notice', 'in_grace', 'lapsing_today', 'grace_ended', 'lapsed_this_month'] as const;
export type ArrearsState = (typeof ARREARS_STATES)[number];

/** GET /api/arrears (GraphQL arrears): one state or all, and a policy number or member name prefix. */
export const arrearsQuerySchema = z.object({
  state: z
    .enum(['all', ...ARREARS_STATES], { error: `state must be one of all, ${ARREARS_STATES.join(', ')}` })
    .nullish()
    .transform((v) => v ?? 'all'),
  search: z.string().trim().max(100, 'search must be at most 100 characters').nullish(),
});
export type ArrearsQuery = z.output<typeof arrearsQuerySchema>;

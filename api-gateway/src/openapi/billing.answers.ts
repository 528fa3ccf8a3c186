import { z } from 'zod';
import type { DailyBillingRunAnswer } from '../schema/billing-run.ts';
import { day, id, named, rowOf, type AnswerMap } from './shapes.ts';

const dailyRun = named(
  'DailyBillingRun',
  rowOf<DailyBillingRunAnswer>()(
    z.strictObject({
      companyId: id,
      days: z.array(day).meta({ description: 'The days run now, oldest first (empty when the day was done already)' }),
      daysRun: z.number().int(),
      lastDay: day.nullable().meta({ description: 'The last day done after this run' }),
      premiumsFallenDue: z.number().int(),
      noticesIssued: z.number().int(),
      policiesLapsed: z.number().int(),
      policiesReinstated: z.number().int(),
      failed: z.number().int().meta({ description: 'Policies whose step failed (logged); the others went on' }),
      failedPolicyIds: z.array(id),
    }),
  ),
);

/** Issue #20: the insurer's calendar. */
export const billingAnswers: AnswerMap = {
  'POST /api/billing/daily-run': {
    summary: 'Run the calendar up to a day: premiums due, notices, lapses, reinstatements',
    answer: dailyRun,
  },
};

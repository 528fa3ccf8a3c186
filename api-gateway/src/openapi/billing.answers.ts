import { z } from 'zod';
import type { ArrearsList, PolicyStatement } from '@fpa/projections';
import { ARREARS_STATES } from '@fpa/write-model/validation';
import type { BookSummary } from '../queries/billing.ts';
import type { DailyBillingRunAnswer } from '../schema/billing-run.ts';
import { day, id, money, named, rowOf, type AnswerMap } from './shapes.ts';

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

const period = z.string().regex(/^\d{4}-\d{2}$/);
const channel = z.enum(['sms', 'email', 'post']);
const lapseReason = z.enum(['non_payment', 'staff']);

const statement = named(
  'PolicyStatement',
  rowOf<PolicyStatement>()(
    z.strictObject({
      policyId: id,
      policyNumber: z.string(),
      status: z.enum(['active', 'lapsed', 'cancelled', 'ended']).meta({ description: 'ended: the main member died' }),
      asOf: day.meta({ description: 'Today, South African' }),
      monthlyPremium: money,
      debitDay: z.number().int().min(1).max(31),
      startDate: day,
      paidUpTo: day.nullable().meta({ description: 'The last day covered by fully paid months; null while the first is unpaid' }),
      balance: money.meta({ description: 'Fallen due and unpaid' }),
      monthsInArrears: z.number().int(),
      oldestUnpaidDueDate: day.nullable(),
      credit: money.meta({ description: 'Paid beyond the months listed in advance' }),
      periods: z.array(
        z.strictObject({
          period,
          dueDate: day,
          amountDue: money,
          amountPaid: money,
          state: z.enum(['paid', 'partial', 'unpaid', 'paid_in_advance']),
        }),
      ),
      notices: z
        .array(z.strictObject({ issuedOn: day, periods: z.array(period), graceEndsOn: day.nullable(), channel: channel.nullable() }))
        .meta({ description: 'Non-payment notices since the policy was last (re)activated' }),
      lapse: z.strictObject({ lapsedOn: day, reason: lapseReason }).nullable(),
    }),
  ),
);

const state = z.enum(ARREARS_STATES);

const arrearsList = named(
  'ArrearsList',
  rowOf<ArrearsList>()(
    z.strictObject({
      asOf: day,
      totals: z
        .array(z.strictObject({ state: z.enum(['all', ...ARREARS_STATES]), count: z.number().int(), arrears: money }))
        .meta({ description: 'Per state (and all) over the search’s matches, whatever the state filter' }),
      items: z.array(
        z.strictObject({
          policyId: id,
          policyNumber: z.string(),
          memberId: id,
          memberName: z.string(),
          memberPhone: z.string().nullable(),
          monthlyPremium: money,
          state,
          arrears: money,
          monthsInArrears: z.number().int(),
          oldestUnpaidDueDate: day.nullable(),
          paidUpTo: day.nullable(),
          graceEndsOn: day.nullable(),
          graceDaysLeft: z.number().int().nullable().meta({ description: 'Days from today to the grace end; 0 on its last day' }),
          lastNoticeOn: day.nullable(),
          lastNoticeChannel: channel.nullable(),
          lapsedOn: day.nullable(),
          lapseReason: lapseReason.nullable(),
        }),
      ),
    }),
  ),
);

const bookSummary = named(
  'BookSummary',
  rowOf<BookSummary>()(
    z.strictObject({
      asOf: day,
      month: z.string().regex(/^\d{4}-\d{2}$/),
      premiumsDue: money,
      premiumsPaid: money,
      collectionRate: z.number().min(0).max(1).nullable(),
      policiesInGrace: z.int(),
      arrearsInGrace: money,
      lapsesThisMonth: z.int(),
      lapseRatio: z.array(z.strictObject({ month: z.string(), activeAtStart: z.int(), lapsed: z.int(), ratio: z.number() })),
    }),
  ),
);

/** Issue #20: the insurer's calendar. */
export const billingAnswers: AnswerMap = {
  'POST /api/billing/daily-run': {
    summary: 'Run the calendar up to a day: premiums due, notices, lapses, reinstatements',
    answer: dailyRun,
  },
  'GET /api/policies/:id/statement.pdf': {
    summary: 'The premium statement as a PDF (issue #23), optionally for ?from=YYYY-MM&to=YYYY-MM (months included)',
    responses: { 200: { description: 'An A4 PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } } },
  },
  'GET /api/policies/:id/statement': {
    summary: "A policy's statement today: the months fallen due, paid-up-to date, balance, notices, lapse",
    answer: statement,
  },
  'GET /api/arrears': {
    summary: 'The arrears worklist today: awaiting notice, in grace (days left), lapsing today, grace ended, lapsed this month',
    answer: arrearsList,
  },
  'GET /api/billing/summary': {
    summary: 'The book this month for the dashboard: collection rate, policies in grace, lapses, lapse-ratio trend',
    answer: bookSummary,
  },
  'GET /api/arrears.csv': {
    summary: 'The arrears worklist as a CSV file (same filters)',
    responses: { 200: { description: 'A CSV file', content: { 'text/csv': z.string() } } },
  },
};

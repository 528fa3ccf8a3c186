import { commandSlice, parseInput, requireCompany, southAfricanDate, type CommandOutcome } from '@fpa/write-model';
import { dailyRunSchemaOn } from '@fpa/write-model/validation';
import { runDailyBilling, type DailyRunSummary } from './daily-run.ts';

export type RunDailyBillingOutcome = CommandOutcome & { summary: DailyRunSummary };

/**
 * POST /api/billing/daily-run, GraphQL runDailyBilling: an administrator or billing clerk runs the
 * calendar of their company up to asOf (default today, never after it). The slice lives beside the
 * run because the run reads the billing read model; its answer is the run's summary.
 */
export const runDailyBillingSlice = commandSlice<RunDailyBillingOutcome>({
  name: 'runDailyBilling',
  operation: 'billing:run',
  input: dailyRunSchemaOn,
  async handle({ store, sql }, { input }, ctx) {
    const companyId = requireCompany(ctx);
    const today = southAfricanDate(ctx.now);
    const { asOf } = parseInput(dailyRunSchemaOn(today), input ?? {});
    const summary = await runDailyBilling({ store, sql }, { companyId, asOf: asOf ?? today, ctx });
    const written = summary.written;
    // The wait that follows covers every read model the run's events touch, up to its last append.
    const append = written
      ? { duplicate: false, streams: [], firstPosition: 0, lastPosition: 0, checkpoint: written.checkpoint, eventTypes: written.eventTypes }
      : null;
    return { append, summary };
  },
});

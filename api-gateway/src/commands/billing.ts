import { runDailyBillingSlice } from '@fpa/projections';
import { DailyBillingRunType, type DailyBillingRunAnswer } from '../schema/billing-run.ts';
import { endpoint } from './expose.ts';

/** Issue #20: the calendar's daily run, started by an administrator or a billing clerk. */
export const billingEndpoints = [
  endpoint({
    slice: runDailyBillingSlice,
    rest: { method: 'POST', path: '/api/billing/daily-run' },
    graphql: {
      type: DailyBillingRunType,
      description:
        "Runs the calendar of the caller's company up to asOf (default today, never after it): premiums due, non-payment notices, lapses, reinstatements; missed days first, in order. A day done already is not run again.",
    },
    answer: (_ctx, { summary }): DailyBillingRunAnswer => {
      const { written: _written, ...answer } = summary;
      return answer;
    },
  }),
];

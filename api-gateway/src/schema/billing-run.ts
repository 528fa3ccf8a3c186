import type { DailyRunSummary } from '@fpa/projections';
import { builder } from '../builder.ts';

export type DailyBillingRunAnswer = Omit<DailyRunSummary, 'written'>;

export const DailyBillingRunType = builder.objectRef<DailyBillingRunAnswer>('DailyBillingRun').implement({
  description:
    "What the daily billing run did for the caller's company: the days it ran (the days missed before asOf, in order) and what they did.",
  fields: (t) => ({
    companyId: t.exposeID('companyId'),
    days: t.exposeStringList('days', { description: 'YYYY-MM-DD, oldest first; empty when asOf was done already.' }),
    daysRun: t.exposeInt('daysRun'),
    lastDay: t.exposeString('lastDay', { nullable: true, description: 'The last day done after this run (YYYY-MM-DD).' }),
    premiumsFallenDue: t.exposeInt('premiumsFallenDue', { description: 'Premiums whose due date was one of the days run.' }),
    noticesIssued: t.exposeInt('noticesIssued'),
    policiesLapsed: t.exposeInt('policiesLapsed'),
    policiesReinstated: t.exposeInt('policiesReinstated'),
    failed: t.exposeInt('failed', { description: 'Policies whose step failed (logged); the next day tries them again.' }),
    failedPolicyIds: t.exposeIDList('failedPolicyIds'),
  }),
});

import type { ArrearsItem, ArrearsList, ArrearsTotal, PolicyStatement } from '@fpa/projections';
import type { IssuedNotice, LedgerPeriod } from '@fpa/write-model';
import { ARREARS_STATES } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import type { BookSummary } from '../queries/billing.ts';
import { LapseMonthType } from './audit.fields.ts';
import { enumType } from '../commands/graphql-input.ts';

/** Issue #20: the policy statement and the arrears worklist (GET /api/policies/{id}/statement, GET /api/arrears). */

export const ArrearsStateEnum = enumType('ArrearsState', {
  values: ARREARS_STATES,
  description:
    'awaiting_notice: a premium missed, its notice not yet issued; in_grace: noticed, cover in force until the grace end; lapsing_today: the last day of grace; grace_ended: grace over, not lapsed (the type lapses after more missed premiums, or the run has not run); lapsed_this_month: lapsed this calendar month, by the calendar or staff.',
});
export const ArrearsFilterEnum = enumType('ArrearsFilter', { values: ['all', ...ARREARS_STATES] as const });
const PeriodStateEnum = enumType('PremiumPeriodState', { values: ['paid', 'partial', 'unpaid', 'paid_in_advance'] as const });
const NoticeChannelEnum = enumType('NoticeChannel', { values: ['sms', 'email', 'post'] as const });
const LapseReasonEnum = enumType('LapseReason', { values: ['non_payment', 'staff'] as const });

const StatementPeriodType = builder.objectRef<LedgerPeriod>('StatementPeriod').implement({
  description: 'One monthly premium of a policy: fallen due (or paid ahead), what it received.',
  fields: (t) => ({
    period: t.exposeString('period', { description: 'YYYY-MM' }),
    dueDate: t.exposeString('dueDate'),
    amountDue: t.exposeString('amountDue', { description: 'Decimal string, rand.' }),
    amountPaid: t.exposeString('amountPaid', { description: 'Decimal string, rand.' }),
    state: t.field({ type: PeriodStateEnum, resolve: (p) => p.state }),
  }),
});

const NoticeType = builder.objectRef<IssuedNotice>('NonPaymentNotice').implement({
  fields: (t) => ({
    issuedOn: t.exposeString('issuedOn'),
    periods: t.exposeStringList('periods', { description: 'The missed months it told of (YYYY-MM).' }),
    graceEndsOn: t.exposeString('graceEndsOn', { nullable: true, description: 'The last day of cover unless paid, as the notice said.' }),
    channel: t.field({ type: NoticeChannelEnum, nullable: true, resolve: (n) => n.channel }),
  }),
});

const StatementLapseType = builder.objectRef<NonNullable<PolicyStatement['lapse']>>('StatementLapse').implement({
  fields: (t) => ({
    lapsedOn: t.exposeString('lapsedOn'),
    reason: t.field({ type: LapseReasonEnum, resolve: (l) => l.reason }),
  }),
});

export const PolicyStatementType = builder.objectRef<PolicyStatement>('PolicyStatement').implement({
  description:
    "A policy's premium ledger as of today (South African): the months fallen due, what each received, and where that leaves it.",
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    status: t.exposeString('status', { description: 'active, lapsed, cancelled, or ended (the main member died).' }),
    asOf: t.exposeString('asOf'),
    monthlyPremium: t.exposeString('monthlyPremium'),
    debitDay: t.exposeInt('debitDay'),
    startDate: t.exposeString('startDate'),
    paidUpTo: t.exposeString('paidUpTo', {
      nullable: true,
      description: 'The last day covered by fully paid months; null while the first is unpaid.',
    }),
    balance: t.exposeString('balance', { description: 'Fallen due and unpaid (rand).' }),
    monthsInArrears: t.exposeInt('monthsInArrears'),
    oldestUnpaidDueDate: t.exposeString('oldestUnpaidDueDate', { nullable: true }),
    credit: t.exposeString('credit', { description: 'Paid beyond the months shown in advance (rand).' }),
    periods: t.field({ type: [StatementPeriodType], resolve: (s) => s.periods }),
    notices: t.field({
      type: [NoticeType],
      resolve: (s) => s.notices,
      description: 'Non-payment notices since the policy was last (re)activated.',
    }),
    lapse: t.field({ type: StatementLapseType, nullable: true, resolve: (s) => s.lapse }),
  }),
});

const ArrearsItemType = builder.objectRef<ArrearsItem>('ArrearsItem').implement({
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId'),
    memberName: t.exposeString('memberName'),
    memberPhone: t.exposeString('memberPhone', { nullable: true }),
    monthlyPremium: t.exposeString('monthlyPremium'),
    state: t.field({ type: ArrearsStateEnum, resolve: (i) => i.state }),
    arrears: t.exposeString('arrears', { description: 'Fallen due and unpaid (rand).' }),
    monthsInArrears: t.exposeInt('monthsInArrears'),
    oldestUnpaidDueDate: t.exposeString('oldestUnpaidDueDate', { nullable: true }),
    paidUpTo: t.exposeString('paidUpTo', { nullable: true }),
    graceEndsOn: t.exposeString('graceEndsOn', { nullable: true }),
    graceDaysLeft: t.exposeInt('graceDaysLeft', { nullable: true, description: 'Days from today to the grace end; 0 on its last day.' }),
    lastNoticeOn: t.exposeString('lastNoticeOn', { nullable: true }),
    lastNoticeChannel: t.field({ type: NoticeChannelEnum, nullable: true, resolve: (i) => i.lastNoticeChannel }),
    lapsedOn: t.exposeString('lapsedOn', { nullable: true }),
    lapseReason: t.field({ type: LapseReasonEnum, nullable: true, resolve: (i) => i.lapseReason }),
  }),
});

const ArrearsTotalType = builder.objectRef<ArrearsTotal>('ArrearsTotal').implement({
  fields: (t) => ({
    state: t.field({ type: ArrearsFilterEnum, resolve: (x) => x.state }),
    count: t.exposeInt('count'),
    arrears: t.exposeString('arrears', { description: 'The sum of their arrears (rand).' }),
  }),
});

export type ArrearsPage = ArrearsList & { itemCount: number };

export const ArrearsListType = builder.objectRef<ArrearsPage>('ArrearsList').implement({
  description: "The company's arrears worklist today: totals per state (of the search's matches) and the items, most urgent first.",
  fields: (t) => ({
    asOf: t.exposeString('asOf'),
    totals: t.field({ type: [ArrearsTotalType], resolve: (l) => l.totals }),
    items: t.field({ type: [ArrearsItemType], resolve: (l) => l.items }),
    itemCount: t.exposeInt('itemCount', { description: 'How many items match (items holds the first `first`).' }),
  }),
});

export const BookSummaryType = builder.objectRef<BookSummary>('BookSummary').implement({
  description: 'The book this month, for the dashboard: collections, policies in grace, lapses and the lapse-ratio trend.',
  fields: (t) => ({
    asOf: t.exposeString('asOf'),
    month: t.exposeString('month', { description: 'YYYY-MM' }),
    premiumsDue: t.exposeString('premiumsDue', { description: 'Premiums fallen due this month up to today (rand).' }),
    premiumsPaid: t.exposeString('premiumsPaid', { description: 'What of them is paid, payments allocated oldest month first (rand).' }),
    collectionRate: t.exposeFloat('collectionRate', {
      nullable: true,
      description: 'premiumsPaid ÷ premiumsDue (0 to 1); null while nothing is due.',
    }),
    policiesInGrace: t.exposeInt('policiesInGrace', { description: 'Policies with a missed premium still in cover.' }),
    arrearsInGrace: t.exposeString('arrearsInGrace', { description: 'Their unpaid premiums (rand).' }),
    lapsesThisMonth: t.exposeInt('lapsesThisMonth'),
    lapseRatio: t.field({
      type: [LapseMonthType],
      description: 'The last 6 months of the compliance lapse ratio.',
      resolve: (s) => s.lapseRatio,
    }),
  }),
});

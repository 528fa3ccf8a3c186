import { enumType } from '../commands/graphql-input.ts';
import {
  REPORT_TYPES,
  type MonthFigure,
  type Report,
  type ReportCard,
  type ReportCharts,
  type ReportColumn,
  type ReportStatusOption,
  type StatusFigureRow,
} from '@fpa/projections';
import { builder } from '../builder.ts';
import * as reports from '../queries/reports.ts';

const ReportTypeEnum = enumType('ReportType', { values: REPORT_TYPES, description: 'Offered when availableReportTypes lists it.' });
const ReportColumnKindEnum = enumType('ReportColumnKind', { values: ['text', 'money', 'number', 'percent', 'date', 'status'] as const });
const ReportCardKindEnum = enumType('ReportCardKind', { values: ['count', 'money'] as const });

const ReportStatusOptionType = builder.objectRef<ReportStatusOption>('ReportStatusOption').implement({
  fields: (t) => ({ value: t.exposeString('value'), label: t.exposeString('label') }),
});

const ReportTypeInfoType = builder.objectRef<reports.ReportTypeInfo>('ReportTypeInfo').implement({
  description: 'A report type this server offers, with the choices of its status filter.',
  fields: (t) => ({
    type: t.field({ type: ReportTypeEnum, resolve: (r) => r.type }),
    label: t.exposeString('label'),
    statuses: t.field({ type: [ReportStatusOptionType], resolve: (r) => [...r.statuses] }),
  }),
});

const ReportColumnType = builder.objectRef<ReportColumn>('ReportColumn').implement({
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The key of this column in the REST rows.' }),
    label: t.exposeString('label', { description: "The column's heading, in the table and the CSV." }),
    kind: t.field({ type: ReportColumnKindEnum, resolve: (c) => c.kind }),
  }),
});

type RowOf = { columns: readonly ReportColumn[]; values: Record<string, string | null> };

const ReportRowType = builder.objectRef<RowOf>('ReportRow').implement({
  fields: (t) => ({
    cells: t.field({
      type: ['String'],
      nullable: { list: false, items: true },
      description: "One value per column, in the columns' order, as the read model has it (money '150.50', dates YYYY-MM-DD).",
      resolve: (r) => r.columns.map((c) => r.values[c.key] ?? null),
    }),
  }),
});

const ReportCardType = builder.objectRef<ReportCard>('ReportCard').implement({
  description: "A stat card: its figure as text ('12', '1500.00') of the report's rows with the chosen status.",
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    value: t.exposeString('value'),
    kind: t.field({ type: ReportCardKindEnum, resolve: (c) => c.kind }),
  }),
});

const ReportType = builder.objectRef<Report>('Report').implement({
  fields: (t) => ({
    type: t.field({ type: ReportTypeEnum, resolve: (r) => r.type }),
    label: t.exposeString('label'),
    status: t.exposeString('status', { nullable: true, description: 'The canonical status filtered on; null for all.' }),
    columns: t.field({ type: [ReportColumnType], resolve: (r) => [...r.columns] }),
    rows: t.field({
      type: [ReportRowType],
      description: 'Newest first.',
      resolve: (r) => r.rows.map((values) => ({ columns: r.columns, values })),
    }),
    totalCount: t.exposeInt('totalCount', { description: 'Rows of the report with its status (rows holds the first of them).' }),
    cards: t.field({ type: [ReportCardType], resolve: (r) => r.cards }),
  }),
});

const ReportMonthType = builder.objectRef<MonthFigure>('ReportMonth').implement({
  description: 'One South African calendar month of a chart.',
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM' }),
    count: t.exposeInt('count'),
    amount: t.exposeString('amount', { nullable: true, description: 'Rand, two decimals; null where the series has no amount.' }),
  }),
});

const ReportStatusFigureType = builder.objectRef<StatusFigureRow>('ReportStatusFigure').implement({
  fields: (t) => ({ status: t.exposeString('status'), count: t.exposeInt('count'), amount: t.exposeString('amount', { nullable: true }) }),
});

const ReportChartsType = builder.objectRef<ReportCharts>('ReportCharts').implement({
  description: 'The figures behind the reports page charts, from the same counters as the report cards.',
  fields: (t) => ({
    premiumsCollected: t.field({
      type: [ReportMonthType],
      description: 'Completed payments per month (count, amount).',
      resolve: (c) => c.premiumsCollected,
    }),
    memberGrowth: t.field({ type: [ReportMonthType], description: 'Members registered per month.', resolve: (c) => c.memberGrowth }),
    policiesByStatus: t.field({
      type: [ReportStatusFigureType],
      description: "Policies per status; the active ones' amount is their monthly premiums.",
      resolve: (c) => c.policiesByStatus,
    }),
    claimsByStatus: t.field({
      type: [ReportStatusFigureType],
      description: 'Claims per status now, with the amounts claimed.',
      resolve: (c) => c.claimsByStatus,
    }),
    claimsPerMonth: t.field({
      type: [ReportMonthType],
      description: 'Claims per month of submission, with the amounts claimed.',
      resolve: (c) => c.claimsPerMonth,
    }),
  }),
});

builder.queryFields((t) => ({
  availableReportTypes: t.field({
    type: [ReportTypeInfoType],
    description: 'The report types this server offers, in the order the reports page lists them.',
    resolve: (_r, _a, ctx) => reports.availableReportTypes(ctx),
  }),
  report: t.field({
    type: ReportType,
    description:
      "A report of the caller's company: the first `first` rows (every row when first is null), the row count and the stat cards.",
    args: {
      type: t.arg({ type: ReportTypeEnum, required: true }),
      status: t.arg.string({ description: "One of the type's statuses; null or 'all' for every row." }),
      first: t.arg.int({ defaultValue: 10 }),
    },
    resolve: (_r, { type, status, first }, ctx) => reports.report(ctx, { type, status: status ?? null, first: first ?? null }),
  }),
  reportCharts: t.field({
    type: ReportChartsType,
    description: 'The charts over the last `months` months up to this one (oldest first, empty months included).',
    args: { months: t.arg.int({ defaultValue: 12 }) },
    resolve: (_r, { months }, ctx) => reports.reportCharts(ctx, months ?? undefined),
  }),
}));

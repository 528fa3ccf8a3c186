import { z } from 'zod';
import { REPORT_TYPES, type Report, type ReportCharts } from '@fpa/projections';
import { money, named, rowOf, type AnswerMap } from './shapes.ts';

const reportType = z.enum(REPORT_TYPES);
const figure = z.strictObject({ count: z.int(), amount: money.nullable() });
const monthFigure = figure.extend({ month: z.string().meta({ description: 'YYYY-MM' }) });
const statusFigure = figure.extend({ status: z.string() });

const charts = rowOf<ReportCharts>()(
  z.strictObject({
    premiumsCollected: z.array(monthFigure),
    memberGrowth: z.array(monthFigure),
    policiesByStatus: z.array(statusFigure),
    claimsByStatus: z.array(statusFigure),
    claimsPerMonth: z.array(monthFigure),
  }),
);

const report = named(
  'Report',
  rowOf<Report>()(
    z.strictObject({
      type: reportType,
      label: z.string(),
      status: z.string().nullable(),
      columns: z.array(
        z.strictObject({ key: z.string(), label: z.string(), kind: z.enum(['text', 'money', 'number', 'percent', 'date', 'status']) }),
      ),
      rows: z.array(z.record(z.string(), z.string().nullable())).meta({ description: 'Each row keyed by its columns’ keys' }),
      totalCount: z.int(),
      cards: z.array(z.strictObject({ key: z.string(), label: z.string(), value: z.string(), kind: z.enum(['count', 'money']) })),
    }),
  ),
);

/** Reports (spec part 2 §2). */
export const reportsAnswers: AnswerMap = {
  'GET /api/reports': {
    summary: 'The report types and the statuses each can be filtered by',
    answer: z.array(
      z.strictObject({ type: reportType, label: z.string(), statuses: z.array(z.strictObject({ value: z.string(), label: z.string() })) }),
    ),
  },
  'GET /api/reports/charts': { summary: 'The reports page’s charts, month by month', answer: charts },
  'GET /api/reports/:type': { summary: 'Every row of one report (what the export writes), with its cards', answer: report },
};

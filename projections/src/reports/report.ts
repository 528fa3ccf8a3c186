import { ValidationError } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { premiumsCollected } from '../payments/premiums.queries.ts';
import { REPORT_TYPES, type ReportCard, type ReportColumn, type ReportRow, type ReportSource, type ReportType } from './report-source.ts';
import { claimsPerMonth, memberGrowth, type MonthFigure, type MonthWindow } from './reports.queries.ts';
import { claimFigures } from './sources/claims.source.ts';
import { policyFigures } from './sources/policies.source.ts';
import { reportSources } from './sources/index.ts';

export type ReportArgs = {
  type: string;
  /** A status of the type, one of its aliases, or null / '' / 'all' for every row. */
  status?: string | null;
  /** Rows to answer (newest first); null for every row (the export). */
  first?: number | null;
};

export type Report = {
  type: ReportType;
  label: string;
  status: string | null;
  columns: readonly ReportColumn[];
  rows: ReportRow[];
  /** Rows of the report with its status: rows.length when first is null. */
  totalCount: number;
  cards: ReportCard[];
};

/** A report's rows (the first `first`, or all) with its row count and its cards, for one status or all. */
export async function runReport(
  sql: SqlExecutor,
  companyId: string,
  args: ReportArgs,
  sources: readonly ReportSource[] = reportSources,
): Promise<Report> {
  const source = sources.find((s) => s.type === args.type);
  if (!source) {
    const message = `Report type must be one of ${sources.map((s) => s.type).join(', ')}`;
    throw new ValidationError(message, [{ path: ['type'], message }]);
  }
  const status = canonicalStatus(source, args.status);
  const first = args.first ?? null;
  if (first !== null && (!Number.isInteger(first) || first < 0)) {
    throw new ValidationError('first must be a whole number, 0 or more', [
      { path: ['first'], message: 'first must be a whole number, 0 or more' },
    ]);
  }
  const [rows, summary] = await Promise.all([source.rows(sql, companyId, status, first), source.summary(sql, companyId, status)]);
  return { type: source.type, label: source.label, status, columns: source.columns, rows, ...summary };
}

function canonicalStatus(source: ReportSource, value: string | null | undefined): string | null {
  const given = value?.trim().toLowerCase() ?? '';
  if (given === '' || given === 'all') return null;
  const status = source.statusAliases?.[given] ?? given;
  if (source.statuses.some((s) => s.value === status)) return status;
  const message = `Status must be one of ${source.statuses.map((s) => s.value).join(', ')}`;
  throw new ValidationError(message, [{ path: ['status'], message }]);
}

export function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

export type StatusFigureRow = { status: string; count: number; amount: string | null };

export type ReportCharts = {
  /** Completed payments per month: count and amount. */
  premiumsCollected: MonthFigure[];
  /** Members registered per month. */
  memberGrowth: MonthFigure[];
  /** Policies per status; the amount of active ones is their monthly premiums. */
  policiesByStatus: StatusFigureRow[];
  /** Claims per status now, with the amounts claimed. */
  claimsByStatus: StatusFigureRow[];
  /** Claims per month of submission, with the amounts claimed. */
  claimsPerMonth: MonthFigure[];
};

/**
 * The reports page's charts over the last `months` South African months: every figure from the same
 * counters as the cards (the status charts from the very functions the cards use).
 */
export async function reportCharts(sql: SqlExecutor, companyId: string, window: MonthWindow = {}): Promise<ReportCharts> {
  const [premiums, members, policies, claims, claimMonths] = await Promise.all([
    premiumsCollected(sql, companyId, window),
    memberGrowth(sql, companyId, window),
    policyFigures(sql, companyId),
    claimFigures(sql, companyId),
    claimsPerMonth(sql, companyId, window),
  ]);
  const byStatus = (figures: Record<string, { count: number; amount: string }>) =>
    Object.entries(figures).map(([status, f]) => ({ status, count: f.count, amount: f.amount }));
  return {
    premiumsCollected: premiums.map((p) => ({ month: p.month, count: p.paymentCount, amount: p.amount })),
    memberGrowth: members,
    policiesByStatus: byStatus(policies),
    claimsByStatus: byStatus(claims),
    claimsPerMonth: claimMonths,
  };
}

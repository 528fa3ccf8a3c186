import type { SqlExecutor } from '@fpa/write-model/event-store';

/** The report types the reports page offers (spec part 2 §2); a type is available when its source is registered. */
export const REPORT_TYPES = ['members', 'policies', 'claims', 'payments', 'agents'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** How a column's values read: the web formats by it, the CSV keeps the raw value. */
export type ReportColumnKind = 'text' | 'money' | 'number' | 'percent' | 'date' | 'status';
export type ReportColumn = { key: string; label: string; kind: ReportColumnKind };

/** Every value is text as the read model gives it: money '150.50', dates 'YYYY-MM-DD', counts '3'. */
export type ReportRow = Record<string, string | null>;

export type ReportCardKind = 'count' | 'money';
/** A stat card: its figure as text ('12', '1500.00'), of the report's rows with the chosen status. */
export type ReportCard = { key: string; label: string; value: string; kind: ReportCardKind };

export type ReportStatusOption = { value: string; label: string };

export type ReportSummary = { totalCount: number; cards: ReportCard[] };

/**
 * One report type: its status filter, its columns, its rows and its cards. A source reads read
 * models only; the cards come from the same rows' counters where the read model keeps them, so a
 * card, a chart and a CSV export of one report say the same figure.
 */
export type ReportSource = {
  type: ReportType;
  label: string;
  /** The filter's choices, canonical values. */
  statuses: readonly ReportStatusOption[];
  /** Other words a client may send for a status (the spec's claim filter says 'review'). */
  statusAliases?: Readonly<Record<string, string>>;
  columns: readonly ReportColumn[];
  /** Newest first; `limit` null gives every row. `status` is canonical or null for all. */
  rows(sql: SqlExecutor, companyId: string, status: string | null, limit: number | null): Promise<ReportRow[]>;
  /** The number of rows and the cards, of the rows with `status` (all when null). */
  summary(sql: SqlExecutor, companyId: string, status: string | null): Promise<ReportSummary>;
};

/** A status's count and amount (rand, two decimals) among a report's rows. */
export type StatusFigure = { count: number; amount: string };

/** What a card adds up: the figures of some statuses (all when omitted), by count or by amount. */
export type CardRule<S extends string> = { key: string; label: string; kind: ReportCardKind; statuses?: readonly S[] };

/**
 * Cards from per-status figures: each card sums its statuses that the filter lets through, so a
 * filtered report's cards describe exactly its rows (a 'pending' payments report collects R 0).
 */
export function cardsFromFigures<S extends string>(
  figures: Readonly<Record<S, StatusFigure>>,
  filter: S | null,
  rules: readonly CardRule<S>[],
): ReportSummary {
  const all = Object.keys(figures) as S[];
  const counted = (statuses: readonly S[]) => statuses.filter((s) => filter === null || s === filter);
  const sum = (statuses: readonly S[]) => {
    const chosen = counted(statuses).map((s) => figures[s]);
    return { count: chosen.reduce((n, f) => n + f.count, 0), amount: addMoney(...chosen.map((f) => f.amount)) };
  };
  const cards = rules.map(({ key, label, kind, statuses }) => {
    const total = sum(statuses ?? all);
    return { key, label, kind, value: kind === 'count' ? String(total.count) : total.amount };
  });
  return { totalCount: sum(all).count, cards };
}

const MONEY = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Rand amounts added in cents (never through a float): addMoney('150.50', '99.5') = '250.00'. */
export function addMoney(...amounts: readonly string[]): string {
  let cents = 0n;
  for (const amount of amounts) {
    const match = MONEY.exec(amount.trim());
    if (!match) throw new Error(`not an amount: "${amount}"`);
    const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
    cents += match[1] ? -value : value;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A timestamp column as its South African calendar date (UTC+2 all year: no daylight saving). */
export const saDate = (column: string) => `to_char((${column} at time zone 'UTC') + interval '2 hours', 'YYYY-MM-DD')`;

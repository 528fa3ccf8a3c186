import { ValidationError } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { CLAIM_STATUSES, type ClaimStatus } from '@fpa/write-model/validation';
import { MAX_PREMIUM_MONTHS } from '../payments/premiums.queries.ts';
import { monthStart } from '../portfolio/portfolio.paging.ts';

/** One calendar month of a chart: how many, and how much where there is an amount. */
export type MonthFigure = { month: string; count: number; amount: string | null };

export type ClaimStatusFigure = { count: number; amount: string };

export type MonthWindow = { months?: number; now?: Date };

/** The first days of the oldest and the current South African month of a window of `months` months. */
export function monthWindow({ months = 12, now = new Date() }: MonthWindow): [string, string] {
  if (!Number.isInteger(months) || months < 1 || months > MAX_PREMIUM_MONTHS) {
    const message = `months must be a whole number from 1 to ${MAX_PREMIUM_MONTHS}`;
    throw new ValidationError(message, [{ path: ['months'], message }]);
  }
  return [monthStart(now, months - 1), monthStart(now)];
}

/**
 * Claims submitted per month over the window, oldest first, empty months as zero: the count and the
 * amount claimed, whatever their status now. Reads the reports projector's month rows.
 */
export async function claimsPerMonth(sql: SqlExecutor, companyId: string, window: MonthWindow = {}): Promise<MonthFigure[]> {
  const [from, to] = monthWindow(window);
  return sql.query<MonthFigure>(
    `select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(r.claims), 0)::int as count,
            coalesce(sum(r.amount), 0)::numeric(20,2)::text as amount
       from generate_series($1::date, $2::date, interval '1 month') as m(month)
       left join report_claim_months r on r.company_id = $3 and r.month = m.month::date
      group by m.month
      order by m.month`,
    [from, to, companyId],
  );
}

/** Every claim of the company by its status now: how many and the amount claimed (all statuses present). */
export async function claimFiguresByStatus(sql: SqlExecutor, companyId: string): Promise<Record<ClaimStatus, ClaimStatusFigure>> {
  const rows = await sql.query<{ status: ClaimStatus; count: number; amount: string }>(
    `select status, sum(claims)::int as count, sum(amount)::numeric(20,2)::text as amount
       from report_claim_months where company_id = $1 group by status`,
    [companyId],
  );
  const figures = Object.fromEntries(CLAIM_STATUSES.map((s) => [s, { count: 0, amount: '0.00' }])) as Record<
    ClaimStatus,
    ClaimStatusFigure
  >;
  for (const row of rows) figures[row.status] = { count: row.count, amount: row.amount };
  return figures;
}

/**
 * Members registered per month over the window (the portfolio's counters, kept by its projector),
 * oldest first. A member deleted later still counts in the month it joined: this is intake, not the
 * roll at the month's end.
 */
export async function memberGrowth(sql: SqlExecutor, companyId: string, window: MonthWindow = {}): Promise<MonthFigure[]> {
  const [from, to] = monthWindow(window);
  return sql.query<MonthFigure>(
    `select to_char(m.month, 'YYYY-MM') as month, coalesce(pm.registrations, 0)::int as count, null as amount
       from generate_series($1::date, $2::date, interval '1 month') as m(month)
       left join portfolio_member_months pm on pm.company_id = $3 and pm.month = m.month::date
      order by m.month`,
    [from, to, companyId],
  );
}

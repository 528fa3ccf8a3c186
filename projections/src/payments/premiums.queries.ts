import type { SqlExecutor } from '@fpa/write-model/event-store';
import { ValidationError } from '@fpa/write-model';
import { monthStart } from '../portfolio/portfolio.paging.ts';

/** Premiums collected in one calendar month: completed payments dated in it. */
export type MonthlyPremiums = { month: string; amount: string; paymentCount: number };

export const MAX_PREMIUM_MONTHS = 120;

/**
 * The last `months` months up to the current South African month, oldest first, months without
 * payments included as zero. companyId null sums every company (the platform's revenue). Reads the
 * per-month counters, never the payments.
 */
export async function premiumsCollected(
  sql: SqlExecutor,
  companyId: string | null,
  options: { months?: number; now?: Date } = {},
): Promise<MonthlyPremiums[]> {
  const months = options.months ?? 12;
  if (!Number.isInteger(months) || months < 1 || months > MAX_PREMIUM_MONTHS) {
    const message = `months must be a whole number from 1 to ${MAX_PREMIUM_MONTHS}`;
    throw new ValidationError(message, [{ path: ['months'], message }]);
  }
  const now = options.now ?? new Date();
  return sql.query<MonthlyPremiums>(
    `select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(pm.amount), 0)::numeric(20,2)::text as amount,
            coalesce(sum(pm.payment_count), 0)::int as "paymentCount"
       from generate_series($1::date, $2::date, interval '1 month') as m(month)
       left join premium_months pm on pm.month = m.month::date and ($3::uuid is null or pm.company_id = $3::uuid)
      group by m.month
      order by m.month`,
    [monthStart(now, months - 1), monthStart(now), companyId],
  );
}

/**
 * Premiums collected to date: one company's, or every company's (companyId null) for the platform's
 * totalRevenue. Sums one counter row per company.
 */
export async function totalPremiumsCollected(sql: SqlExecutor, companyId: string | null): Promise<string> {
  const [row] = await sql.query<{ total: string }>(
    `select coalesce(sum(completed_amount), 0)::numeric(20,2)::text as total
       from payment_stats where ($1::uuid is null or company_id = $1::uuid)`,
    [companyId],
  );
  return row?.total ?? '0.00';
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { nextBillingDate, southAfricanDate, tierOf } from '@fpa/write-model';
import { activeClaims } from '../claims/claims.queries.ts';
import { INSURED_PEOPLE_SQL, type CompanyRow } from '../companies/companies.queries.ts';
import { premiumsCollected } from '../payments/premiums.queries.ts';
import { memberGrowthPercent } from '../portfolio/portfolio.queries.ts';
import { monthStart } from '../portfolio/portfolio.paging.ts';

/*
 * The platform operator's reads across every company (the super admin dashboard). Only the gateway's
 * platform operations call these; company users never reach them.
 */

export type PlatformCompanyRow = CompanyRow & { tier: string; suspensionReason: string | null; suspendedAt: Date | null };

const COMPANY_COLUMNS = `id, name, email, cip_number as "cipNumber", phone, fsp_number as "fspNumber", address, city, province,
  postal_code as "postalCode", is_active as "isActive", created_at as "createdAt", tier,
  suspension_reason as "suspensionReason", suspended_at as "suspendedAt"`;

/** Every company, newest first. */
export async function listPlatformCompanies(sql: SqlExecutor): Promise<PlatformCompanyRow[]> {
  return sql.query<PlatformCompanyRow>(`select ${COMPANY_COLUMNS} from companies order by created_at desc, id`);
}

export async function findPlatformCompany(sql: SqlExecutor, id: string): Promise<PlatformCompanyRow | null> {
  const rows = await sql.query<PlatformCompanyRow>(`select ${COMPANY_COLUMNS} from companies where id = $1`, [id]);
  return rows[0] ?? null;
}

export type PlatformSubscriptionRow = {
  id: string;
  companyId: string;
  company: string;
  tier: string;
  planName: string;
  currentMemberCount: number;
  memberLimit: number;
  /** The tier's plan's price a month (what the next bill charges). */
  monthlyPrice: string;
  isActive: boolean;
  /** YYYY-MM-DD; null on the free tier. */
  nextBillingDate: string | null;
};

/** One subscription per company: its tier, limit and member count, priced by the tier's plan. */
export async function listPlatformSubscriptions(sql: SqlExecutor, now: Date): Promise<PlatformSubscriptionRow[]> {
  const rows = await sql.query<
    Omit<PlatformSubscriptionRow, 'nextBillingDate' | 'planName' | 'monthlyPrice'> & {
      planName: string | null;
      monthlyPrice: string | null;
    }
  >(
    `select c.id, c.id as "companyId", c.name as company, c.tier, p.name as "planName",
            ${INSURED_PEOPLE_SQL} as "currentMemberCount", c.member_limit as "memberLimit",
            p.monthly_price::text as "monthlyPrice", c.is_active as "isActive"
       from companies c
       left join portfolio_stats s on s.company_id = c.id
       left join plans p on p.tier = c.tier
      order by c.name, c.id`,
  );
  const today = southAfricanDate(now);
  return rows.map((row) => ({
    ...row,
    planName: row.planName ?? tierOf(row.tier).name,
    monthlyPrice: row.monthlyPrice ?? tierOf(row.tier).monthlyPrice ?? '0.00',
    nextBillingDate: nextBillingDate(row.tier, today),
  }));
}

export type PlatformStats = {
  totalCompanies: number;
  totalMembers: number;
  /** This month's completed premium payments across every company, rand. */
  totalRevenue: string;
  activeClaims: number;
  /** Month over month, e.g. '12.5%'; '0%' without a previous month to compare with. */
  memberGrowthRate: string;
  revenueGrowthRate: string;
};

export function growthRate(thisMonth: number, lastMonth: number): string {
  const percent = memberGrowthPercent(thisMonth, lastMonth);
  return percent === null ? '0%' : `${percent}%`;
}

/**
 * The six cards, from the maintained counters; months are South African months of `now`. Members are the
 * insured people, group schemes' included (issue #22), as each company's row counts them (INSURED_PEOPLE_SQL).
 */
export async function platformStats(sql: SqlExecutor, now: Date): Promise<PlatformStats> {
  const [counts] = await sql.query<{ companies: number; members: number; thisMonth: number; lastMonth: number }>(
    `select (select count(*)::int from companies) as companies,
            (select coalesce(sum(total_members + scheme_members), 0)::int from portfolio_stats) as members,
            (select coalesce(sum(registrations), 0)::int from portfolio_member_months where month = $1::date) as "thisMonth",
            (select coalesce(sum(registrations), 0)::int from portfolio_member_months where month = $2::date) as "lastMonth"`,
    [monthStart(now), monthStart(now, 1)],
  );
  const [lastMonthPremiums, thisMonthPremiums] = await premiumsCollected(sql, null, { months: 2, now });
  const cents = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);
  return {
    totalCompanies: counts?.companies ?? 0,
    totalMembers: counts?.members ?? 0,
    totalRevenue: thisMonthPremiums?.amount ?? '0.00',
    activeClaims: await activeClaims(sql, null),
    memberGrowthRate: growthRate(counts?.thisMonth ?? 0, counts?.lastMonth ?? 0),
    revenueGrowthRate: growthRate(cents(thisMonthPremiums?.amount), cents(lastMonthPremiums?.amount)),
  };
}

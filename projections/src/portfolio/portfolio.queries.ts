import type { SqlExecutor } from '@fpa/write-model/event-store';
import {
  CALENDAR_RULE_DEFAULTS,
  DEFAULT_MAIN_MEMBER_DEATH_RULE,
  SUICIDE_WAITING,
  type BenefitRow,
  type MainMemberDeathRule,
} from '@fpa/write-model/validation';
import { monthStart } from './portfolio.paging.ts';
import { isUuid } from './uuid.ts';

export type { Connection, PageInfo } from './portfolio.paging.ts';
export * from './members.queries.ts';
export * from './policies.queries.ts';
export * from './names.queries.ts';
export * from './beneficiaries.queries.ts';

export type PolicyTypeRow = {
  id: string;
  name: string;
  description: string | null;
  /** Decimal strings with two places ('50000.00'). */
  coverageAmount: string;
  monthlyPremium: string;
  /** Months. */
  waitingPeriod: number;
  isActive: boolean;
  /** The calendar's rules (issue #20); the defaults for a type saved before them. */
  graceDays: number;
  lapseAfterMissed: number;
  reinstatementMonths: number;
  /** Issue #22: cover and premium per life and age band; [] for a type with one cover and one premium. */
  benefits: BenefitRow[];
  /** Issue #22: the wait for a death by suicide; the default for a type saved before it. */
  suicideWaitingMonths: number;
  /** Issue #22: what the main member's death does to the other lives; 'end_policy' for a type saved before it. */
  onMainMemberDeath: MainMemberDeathRule;
  createdAt: Date;
};

export type DashboardStatsRow = {
  totalMembers: number;
  activePolicies: number;
  /** Decimal string: the monthly premiums of the active policies ('0.00' when none). */
  monthlyRevenue: string;
  /** Percent, one decimal: this month's registrations against last month's; null when last month had none. */
  memberGrowth: number | null;
};

const POLICY_TYPE_COLUMNS = `id, name, description, coverage_amount::text as "coverageAmount",
  monthly_premium::text as "monthlyPremium", waiting_period as "waitingPeriod", is_active as "isActive",
  coalesce(grace_days, ${CALENDAR_RULE_DEFAULTS.graceDays}) as "graceDays",
  coalesce(lapse_after_missed, ${CALENDAR_RULE_DEFAULTS.lapseAfterMissed}) as "lapseAfterMissed",
  coalesce(reinstatement_months, ${CALENDAR_RULE_DEFAULTS.reinstatementMonths}) as "reinstatementMonths",
  coalesce(benefits, '[]') as benefits,
  coalesce(suicide_waiting_months, ${SUICIDE_WAITING.defaultMonths}) as "suicideWaitingMonths",
  coalesce(on_main_member_death, '${DEFAULT_MAIN_MEMBER_DEATH_RULE}') as "onMainMemberDeath",
  created_at as "createdAt"`;

/** In the order they were created, as the card grid and the member form's choice show them. */
export async function listPolicyTypes(sql: SqlExecutor, companyId: string): Promise<PolicyTypeRow[]> {
  return sql.query<PolicyTypeRow>(`select ${POLICY_TYPE_COLUMNS} from policy_types where company_id = $1 order by created_at, position`, [
    companyId,
  ]);
}

export async function findPolicyType(sql: SqlExecutor, companyId: string, id: string): Promise<PolicyTypeRow | null> {
  if (!isUuid(id)) return null;
  const rows = await sql.query<PolicyTypeRow>(`select ${POLICY_TYPE_COLUMNS} from policy_types where company_id = $1 and id = $2`, [
    companyId,
    id,
  ]);
  return rows[0] ?? null;
}

/**
 * The four dashboard cards, from the maintained counters (no scan). Group schemes' people and their group
 * policies count as the Members and Policies lists count them (issue #22: insured people too).
 * Growth compares the company's own registrations month by month. Months are South African
 * calendar months of `now`, which the caller passes so that the answer does not depend on a clock here.
 */
export async function dashboardStats(sql: SqlExecutor, companyId: string, now: Date): Promise<DashboardStatsRow> {
  const [row] = await sql.query<{
    totalMembers: number;
    activePolicies: number;
    monthlyRevenue: string;
    thisMonth: number;
    lastMonth: number;
  }>(
    `select coalesce(s.total_members + s.scheme_members, 0) as "totalMembers",
            coalesce(s.active_policies + s.scheme_active_policies, 0) as "activePolicies",
            coalesce(s.monthly_revenue, 0)::numeric(20,2)::text as "monthlyRevenue",
            coalesce((select registrations from portfolio_member_months
                       where company_id = c.id and month = $2::date), 0) as "thisMonth",
            coalesce((select registrations from portfolio_member_months
                       where company_id = c.id and month = $3::date), 0) as "lastMonth"
       from (select $1::uuid as id) c
       left join portfolio_stats s on s.company_id = c.id`,
    [companyId, monthStart(now), monthStart(now, 1)],
  );
  const thisMonth = row?.thisMonth ?? 0;
  const lastMonth = row?.lastMonth ?? 0;
  return {
    totalMembers: row?.totalMembers ?? 0,
    activePolicies: row?.activePolicies ?? 0,
    monthlyRevenue: row?.monthlyRevenue ?? '0.00',
    memberGrowth: memberGrowthPercent(thisMonth, lastMonth),
  };
}

/** (this − last) / last × 100, to one decimal; null without a base to compare with. */
export function memberGrowthPercent(thisMonth: number, lastMonth: number): number | null {
  if (lastMonth === 0) return null;
  return Math.round(((thisMonth - lastMonth) * 1000) / lastMonth) / 10;
}

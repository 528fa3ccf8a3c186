import { POLICY_STATUSES, type PolicyStatus } from '@fpa/write-model/validation';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { cardsFromFigures, saDate, type ReportSource, type StatusFigure } from '../report-source.ts';

/**
 * Policies with their member and type. The cards are the portfolio's counters: policies per status,
 * and the monthly premiums of the active ones (the dashboard's monthly revenue).
 */
export const policiesReport: ReportSource = {
  type: 'policies',
  label: 'Policies',
  statuses: [
    { value: 'active', label: 'Active' },
    { value: 'lapsed', label: 'Lapsed' },
    { value: 'cancelled', label: 'Cancelled' },
  ],
  columns: [
    { key: 'policyNumber', label: 'Policy Number', kind: 'text' },
    { key: 'memberName', label: 'Member', kind: 'text' },
    { key: 'memberIdNumber', label: 'ID / Passport Number', kind: 'text' },
    { key: 'policyType', label: 'Policy Type', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'coverageAmount', label: 'Coverage', kind: 'money' },
    { key: 'monthlyPremium', label: 'Monthly Premium', kind: 'money' },
    { key: 'startDate', label: 'Start Date', kind: 'date' },
    { key: 'createdAt', label: 'Created', kind: 'date' },
  ],
  rows: (sql, companyId, status, limit) =>
    sql.query(
      `select p.policy_number as "policyNumber",
              coalesce(p.member_first_name || ' ' || p.member_last_name, p.member_first_name, p.member_last_name, '') as "memberName",
              p.member_id_number as "memberIdNumber", coalesce(t.name, '') as "policyType", p.status,
              p.coverage_amount::text as "coverageAmount", p.monthly_premium::text as "monthlyPremium",
              to_char(p.start_date, 'YYYY-MM-DD') as "startDate", ${saDate('p.created_at')} as "createdAt"
         from policies p
         left join policy_types t on t.id = p.policy_type_id and t.company_id = p.company_id
        where p.company_id = $1 and ($2::text is null or p.status = $2::text)
        order by p.created_at desc, p.position desc
        limit $3::int`,
      [companyId, status, limit],
    ),
  async summary(sql, companyId, status) {
    const figures = await policyFigures(sql, companyId);
    return cardsFromFigures(figures, status as PolicyStatus | null, [
      { key: 'totalPolicies', label: 'Total Policies', kind: 'count' },
      { key: 'activePolicies', label: 'Active', kind: 'count', statuses: ['active'] },
      { key: 'lapsedPolicies', label: 'Lapsed', kind: 'count', statuses: ['lapsed'] },
      { key: 'cancelledPolicies', label: 'Cancelled', kind: 'count', statuses: ['cancelled'] },
      { key: 'monthlyPremiums', label: 'Monthly Premiums (active)', kind: 'money', statuses: ['active'] },
    ]);
  },
};

/**
 * Policies per status from the portfolio's counters; only active policies carry an amount there:
 * their monthly premiums, what the company bills each month.
 */
export async function policyFigures(sql: SqlExecutor, companyId: string): Promise<Record<PolicyStatus, StatusFigure>> {
  const [row] = await sql.query<{ active: number; lapsed: number; cancelled: number; revenue: string }>(
    `select active_policies as active, lapsed_policies as lapsed, cancelled_policies as cancelled,
            monthly_revenue::numeric(20,2)::text as revenue
       from portfolio_stats where company_id = $1`,
    [companyId],
  );
  return Object.fromEntries(
    POLICY_STATUSES.map((s) => [s, { count: row?.[s] ?? 0, amount: s === 'active' ? (row?.revenue ?? '0.00') : '0.00' }]),
  ) as Record<PolicyStatus, StatusFigure>;
}

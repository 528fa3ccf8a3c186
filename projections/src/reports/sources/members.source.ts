import { cardsFromFigures, saDate, type ReportSource, type StatusFigure } from '../report-source.ts';

const MEMBER_STATUSES = ['active', 'inactive'] as const;
type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * Members, main and family alike, with the policy that covers them (a family member's is its main
 * member's). The portfolio keeps no counter per member status, so the cards count the company's
 * members grouped by status and kind: one pass over its rows in the read model.
 */
export const membersReport: ReportSource = {
  type: 'members',
  label: 'Members',
  statuses: [
    { value: 'active', label: 'Active' },
    { value: 'inactive', label: 'Inactive' },
  ],
  columns: [
    { key: 'firstName', label: 'First Name', kind: 'text' },
    { key: 'lastName', label: 'Last Name', kind: 'text' },
    { key: 'idNumber', label: 'ID / Passport Number', kind: 'text' },
    { key: 'phone', label: 'Phone', kind: 'text' },
    { key: 'email', label: 'Email', kind: 'text' },
    { key: 'memberType', label: 'Member Type', kind: 'text' },
    { key: 'policyNumber', label: 'Policy Number', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'createdAt', label: 'Registered', kind: 'date' },
  ],
  rows: (sql, companyId, status, limit) =>
    sql.query(
      `select m.first_name as "firstName", m.last_name as "lastName",
              case when m.identifier_type = 'passport' then coalesce(m.passport_number, m.sa_id)
                   else coalesce(m.sa_id, m.passport_number) end as "idNumber",
              m.phone, m.email, case when m.is_main_member then 'Main' else 'Family' end as "memberType",
              p.policy_number as "policyNumber", m.status, ${saDate('m.created_at')} as "createdAt"
         from members m
         left join members main on main.id = m.main_member_id and main.company_id = $1
         left join policies p on p.id = (case when m.is_main_member then m.policy_id else main.policy_id end)
                             and p.company_id = $1
        where m.company_id = $1 and ($2::text is null or m.status = $2::text)
        order by m.created_at desc, m.position desc
        limit $3::int`,
      [companyId, status, limit],
    ),
  async summary(sql, companyId, status) {
    const rows = await sql.query<{ status: string; main: boolean; count: number }>(
      `select status, is_main_member as main, count(*)::int as count from members where company_id = $1 group by 1, 2`,
      [companyId],
    );
    const kinds = { main: figures(), family: figures() };
    for (const row of rows) {
      if (!isMemberStatus(row.status)) continue;
      kinds[row.main ? 'main' : 'family'][row.status].count += row.count;
    }
    const filter = status as MemberStatus | null;
    const main = cardsFromFigures(kinds.main, filter, [{ key: 'mainMembers', label: 'Main Members', kind: 'count' }]);
    const family = cardsFromFigures(kinds.family, filter, [{ key: 'familyMembers', label: 'Family Members', kind: 'count' }]);
    const totalCount = main.totalCount + family.totalCount;
    return {
      totalCount,
      cards: [{ key: 'totalMembers', label: 'Total Members', kind: 'count', value: String(totalCount) }, ...main.cards, ...family.cards],
    };
  },
};

const figures = (): Record<MemberStatus, StatusFigure> => ({
  active: { count: 0, amount: '0.00' },
  inactive: { count: 0, amount: '0.00' },
});

function isMemberStatus(value: string): value is MemberStatus {
  return (MEMBER_STATUSES as readonly string[]).includes(value);
}

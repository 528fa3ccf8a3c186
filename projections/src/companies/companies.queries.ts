import type { SqlExecutor } from '@fpa/write-model/event-store';

export type CompanyRow = {
  id: string;
  name: string;
  email: string;
  cipNumber: string;
  phone: string;
  fspNumber: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  isActive: boolean;
  createdAt: Date;
};

export type SubscriptionRow = { tier: string; memberLimit: number; currentMemberCount: number };

export async function findCompany(sql: SqlExecutor, companyId: string): Promise<CompanyRow | null> {
  const rows = await sql.query<CompanyRow>(
    `select id, name, email, cip_number as "cipNumber", phone, fsp_number as "fspNumber", address, city, province,
            postal_code as "postalCode", is_active as "isActive", created_at as "createdAt"
       from companies where id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** The member count is the portfolio projector's (members now, deleted ones gone). */
export async function findSubscription(sql: SqlExecutor, companyId: string): Promise<SubscriptionRow | null> {
  const rows = await sql.query<SubscriptionRow>(
    `select c.tier, c.member_limit as "memberLimit", coalesce(s.total_members, 0) as "currentMemberCount"
       from companies c left join portfolio_stats s on s.company_id = c.id
      where c.id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

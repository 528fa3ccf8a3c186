import type { SqlExecutor } from '@fpa/write-model/event-store';
import { isUuid } from '../portfolio/uuid.ts';

export type CompanyRow = {
  id: string;
  name: string;
  email: string | null;
  cipNumber: string;
  phone: string | null;
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

/**
 * Insured people toward the member limit, as the write side counts them (members/member-quota.ts):
 * the portfolio projector's members (deleted ones gone) and the group schemes' members.
 */
export const INSURED_PEOPLE_SQL = `(coalesce(s.total_members, 0)
  + coalesce((select sum(g.main_members + g.family_members) from group_schemes g where g.company_id = c.id), 0))::int`;

export async function findSubscription(sql: SqlExecutor, companyId: string): Promise<SubscriptionRow | null> {
  const rows = await sql.query<SubscriptionRow>(
    `select c.tier, c.member_limit as "memberLimit", ${INSURED_PEOPLE_SQL} as "currentMemberCount"
       from companies c left join portfolio_stats s on s.company_id = c.id
      where c.id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

export type SubscriptionPaymentRow = {
  id: string;
  tier: string;
  /** Rand, two decimals. */
  amount: string;
  status: 'paid' | 'failed';
  provider: string;
  providerPaymentId: string;
  recordedAt: Date;
  /** A paid payment's invoice number, sequential over the platform (issue #25); null for a failed one. */
  invoiceNumber: number | null;
};

const PAYMENT_COLUMNS = `id, tier, amount::text as amount, status, provider, provider_payment_id as "providerPaymentId",
  recorded_at as "recordedAt", invoice_number as "invoiceNumber"`;

/** The subscription's billing history, newest first: payments the provider confirmed or reported failed. */
export async function listSubscriptionPayments(sql: SqlExecutor, companyId: string, limit = 100): Promise<SubscriptionPaymentRow[]> {
  return sql.query<SubscriptionPaymentRow>(
    `select ${PAYMENT_COLUMNS}
       from subscription_payments where company_id = $1
      order by recorded_at desc, id limit $2`,
    [companyId, limit],
  );
}

/** One of the company's subscription payments (another company's is not found). */
export async function findSubscriptionPayment(sql: SqlExecutor, companyId: string, id: string): Promise<SubscriptionPaymentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<SubscriptionPaymentRow>(
    `select ${PAYMENT_COLUMNS} from subscription_payments where id = $1 and company_id = $2`,
    [id, companyId],
  );
  return row ?? null;
}

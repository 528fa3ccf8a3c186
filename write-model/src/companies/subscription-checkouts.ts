import type { SqlExecutor } from '../event-store/sql.ts';

/*
 * Pending checkouts: a plain write-side table, not events. A checkout is an intent that is mostly
 * abandoned (the user closes the payment page); what matters for the record is whether money came in,
 * and that is an event (SubscriptionPaymentReceived / Failed) appended when the provider's verified
 * notification arrives. The row holds what the notification is checked against (company, tier,
 * amount, provider), and its pending → paid|failed|cancelled move is made by a conditional UPDATE
 * in the same transaction as that append, so of two notifications for one checkout only one counts.
 */

export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export type Checkout = {
  id: string;
  companyId: string;
  tier: string;
  /** Rand, two decimals. */
  amount: string;
  /** The member limit sold with it (the tier's plan when the checkout started); null on rows made before plans. */
  memberLimit: number | null;
  provider: string;
  status: CheckoutStatus;
  requestedBy: string | null;
  providerPaymentId: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

export async function migrateSubscriptionCheckouts(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists subscription_checkouts (
      id uuid primary key,
      company_id uuid not null,
      tier text not null,
      amount text not null,
      provider text not null,
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'cancelled')),
      requested_by uuid,
      provider_payment_id text,
      created_at timestamptz not null default now(),
      settled_at timestamptz
    );
    alter table subscription_checkouts add column if not exists member_limit integer;
    create index if not exists subscription_checkouts_company on subscription_checkouts (company_id, created_at);
    create unique index if not exists subscription_checkouts_provider_payment
      on subscription_checkouts (provider, provider_payment_id) where provider_payment_id is not null;
  `);
}

const COLUMNS = `id, company_id as "companyId", tier, amount, member_limit as "memberLimit", provider, status, requested_by as "requestedBy",
  provider_payment_id as "providerPaymentId", created_at as "createdAt", settled_at as "settledAt"`;

export async function insertCheckout(
  sql: SqlExecutor,
  checkout: Pick<Checkout, 'id' | 'companyId' | 'tier' | 'amount' | 'memberLimit' | 'provider' | 'requestedBy'>,
): Promise<void> {
  await sql.query(
    `insert into subscription_checkouts (id, company_id, tier, amount, member_limit, provider, requested_by) values ($1, $2, $3, $4, $5, $6, $7)`,
    [checkout.id, checkout.companyId, checkout.tier, checkout.amount, checkout.memberLimit, checkout.provider, checkout.requestedBy],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findCheckout(sql: SqlExecutor, id: string): Promise<Checkout | null> {
  if (!UUID.test(id)) return null;
  const rows = await sql.query<Checkout>(`select ${COLUMNS} from subscription_checkouts where id = $1`, [id]);
  return rows[0] ?? null;
}

/** Moves a pending checkout to its outcome; false when it was no longer pending (someone settled it first). */
export async function settleCheckout(
  tx: SqlExecutor,
  id: string,
  status: Exclude<CheckoutStatus, 'pending'>,
  providerPaymentId: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `update subscription_checkouts set status = $2, provider_payment_id = $3, settled_at = now()
      where id = $1 and status = 'pending' returning id`,
    [id, status, providerPaymentId],
  );
  return rows.length > 0;
}

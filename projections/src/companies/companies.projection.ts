import type { CompanyEvent } from '@fpa/write-model';
import { projectorOf } from '../engine/typed.ts';

/** Companies (tenants) with their details, subscription tier and limit, and the subscription's billing history. */
export const companiesProjection = projectorOf<CompanyEvent>()({
  name: 'companies',
  // 2: member_count left for portfolio_stats, which the member events keep current.
  // 3: company details from Settings, tier changes, subscription payments (billing history).
  // 4: suspension and activation by the platform operator.
  // 5: each paid subscription payment's invoice number, sequential over the platform in the log's order (issue #25).
  version: 5,
  handles: [
    'CompanyRegistered',
    'CompanyDetailsUpdated',
    'SubscriptionTierChanged',
    'SubscriptionPaymentReceived',
    'SubscriptionPaymentFailed',
    'CompanySuspended',
    'CompanyActivated',
  ],
  tables: ['companies', 'subscription_payments'],
  async init(tx) {
    await tx.exec(`
      create table if not exists companies (
        id uuid primary key,
        name text not null,
        email text,
        cip_number text not null,
        phone text,
        fsp_number text,
        address text,
        city text,
        province text,
        postal_code text,
        is_active boolean not null default true,
        suspension_reason text,
        suspended_at timestamptz,
        tier text not null,
        member_limit integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create table if not exists subscription_payments (
        id uuid primary key,
        company_id uuid not null,
        tier text not null,
        amount numeric(12, 2) not null,
        status text not null,
        provider text not null,
        provider_payment_id text not null,
        recorded_at timestamptz not null,
        invoice_number integer unique
      );
      create index if not exists subscription_payments_company on subscription_payments (company_id, recorded_at desc);
    `);
  },
  async apply(tx, event) {
    switch (event.type) {
      case 'CompanyRegistered': {
        const d = event.data;
        await tx.query(
          `insert into companies (id, name, email, cip_number, phone, fsp_number, tier, member_limit, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) on conflict (id) do nothing`,
          [d.companyId, d.name, d.email, d.cipNumber, d.phone, d.fspNumber, d.tier, d.memberLimit, event.recordedAt],
        );
        return;
      }
      case 'CompanyDetailsUpdated': {
        const d = event.data;
        await tx.query(
          `update companies set name = $2, cip_number = $3, address = $4, city = $5, province = $6, postal_code = $7,
                  phone = $8, email = $9, updated_at = $10
            where id = $1`,
          [d.companyId, d.name, d.cipNumber, d.address, d.city, d.province, d.postalCode, d.phone, d.email, event.recordedAt],
        );
        return;
      }
      case 'SubscriptionTierChanged': {
        const d = event.data;
        await tx.query(`update companies set tier = $2, member_limit = $3, updated_at = $4 where id = $1`, [
          d.companyId,
          d.toTier,
          d.memberLimit,
          event.recordedAt,
        ]);
        return;
      }
      case 'CompanySuspended': {
        const d = event.data;
        await tx.query(`update companies set is_active = false, suspension_reason = $2, suspended_at = $3, updated_at = $3 where id = $1`, [
          d.companyId,
          d.reason,
          event.recordedAt,
        ]);
        return;
      }
      case 'CompanyActivated': {
        const d = event.data;
        await tx.query(
          `update companies set is_active = true, suspension_reason = null, suspended_at = null, updated_at = $2 where id = $1`,
          [d.companyId, event.recordedAt],
        );
        return;
      }
      case 'SubscriptionPaymentReceived':
      case 'SubscriptionPaymentFailed': {
        const d = event.data;
        await tx.query(
          // A paid one takes the platform's next invoice number: one runner applies events in the log's order, so a
          // replay gives every payment the same number again.
          `insert into subscription_payments (id, company_id, tier, amount, status, provider, provider_payment_id, recorded_at, invoice_number)
           select $1, $2, $3, $4, $5, $6, $7, $8,
                  case when $5::text = 'paid' then (select coalesce(max(invoice_number), 0) + 1 from subscription_payments) end
           on conflict (id) do nothing`,
          [
            d.paymentId,
            d.companyId,
            d.tier,
            d.amount,
            event.type === 'SubscriptionPaymentReceived' ? 'paid' : 'failed',
            d.provider,
            d.providerPaymentId,
            event.recordedAt,
          ],
        );
        return;
      }
    }
  },
});

import type { SqlExecutor } from '@fpa/write-model/event-store';

/**
 * The reports read model: the claim figures no other read model keeps, by calendar month and
 * status, so the reports page's claim cards and charts read a handful of counter rows instead of
 * the claims. (Premiums per month live with payments, registrations per month with the portfolio.)
 *
 * report_claims remembers each claim's month, status and amount: a status change moves the claim's
 * count and amount from one (month, status) row to another, and the projector may read only its own
 * tables (a rebuild replays it alone, so another read model's rows are not there to be read).
 */
export const REPORTS_TABLES = ['report_claims', 'report_claim_months'] as const;

export async function createReportsTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    create table if not exists report_claims (
      claim_id uuid primary key,
      company_id uuid not null,
      month date not null,
      status text not null,
      amount numeric(17,2) not null
    );

    -- Claims submitted in a calendar month (month = its first day) that now have this status.
    create table if not exists report_claim_months (
      company_id uuid not null,
      month date not null,
      status text not null,
      claims integer not null default 0,
      amount numeric(20,2) not null default 0,
      primary key (company_id, month, status)
    );
  `);
}

/** Appended to an insert of deltas into report_claim_months. */
export const ADD_TO_CLAIM_MONTHS = `
  on conflict (company_id, month, status) do update set
    claims = report_claim_months.claims + excluded.claims,
    amount = report_claim_months.amount + excluded.amount`;

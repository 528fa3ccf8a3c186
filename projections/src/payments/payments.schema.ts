import type { SqlExecutor } from '@fpa/write-model/event-store';
import { PAYMENT_STATUSES } from '@fpa/write-model/validation';
import { companyPartitions } from '../engine/partitions.ts';

/**
 * The payments read model: the payments list, the per-company counters behind its totals, premiums
 * collected per month (completed payments only) and each regular policy's arrears. One projector owns
 * them, so a status change moves the row, the counters, the month and the policy's last payment in
 * one transaction, and a rebuild swaps them together.
 *
 * Lists are keyset pages over (company_id, created_at, position) newest first, each search arm a
 * prefix match on its own (company_id, expression text_pattern_ops) index; totals are counters kept
 * by apply, never a count over the payments.
 */
export const PAYMENTS_TABLES = ['payments', 'payment_stats', 'premium_months', 'policy_arrears'] as const;

const STATUS_COLUMNS = PAYMENT_STATUSES.map((status) => `${status} integer not null default 0`).join(',\n      ');

/**
 * The payments indexes only the pages and searches read: a fresh generation's 1.2M payments load
 * without them, and they are built once it has caught up (issue #26). payments_policy_completed is
 * not among them: apply reads a policy's last completed payment through it.
 */
export const PAYMENTS_QUERY_INDEXES = [
  'payments_page',
  'payments_status_page',
  'payments_policy_page',
  'payments_scheme_page',
  'payments_group_payment',
  'payments_policy_number',
  'payments_member_name',
  'payments_member_last_name',
  'payments_reference',
  'policy_arrears_page',
  'policy_arrears_status_page',
] as const;

/** The tables hash-partitioned on company_id when the database's read-model layout asks (issue #28). */
export const PAYMENTS_PARTITIONED_TABLES = ['payments', 'policy_arrears'] as const;

export async function createPaymentsTables(tx: SqlExecutor): Promise<void> {
  const layout = await companyPartitions(tx);
  await tx.exec(`
    -- member_name is copied from the event ('[erased]' once the member's key is destroyed). Keyed by company
    -- first, so the table can be partitioned by company (partitions.ts) and every statement names one.
    create table if not exists payments (
      id uuid not null,
      company_id uuid not null,
      policy_id uuid not null,
      policy_number text not null,
      member_id uuid not null,
      member_name text not null,
      amount numeric(17,2) not null,
      payment_date date not null,
      payment_method text not null,
      reference text,
      notes text,
      status text not null,
      group_scheme_id uuid,
      group_payment_id uuid,
      recorded_by uuid,
      status_changed_by uuid,
      status_changed_at timestamptz,
      -- The searched columns lower-cased (ADR 0003: starts_with() on these is what the tenant wall can index);
      -- the member's last name is the name's last word (people search payments by surname).
      search_policy_number text generated always as (lower(policy_number)) stored,
      search_member_name text generated always as (lower(member_name)) stored,
      search_member_last_name text generated always as (lower(regexp_replace(member_name, '^.*\\s', ''))) stored,
      search_reference text generated always as (lower(reference)) stored,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (company_id, id)
    ) ${layout.clause};
    create index if not exists payments_page on payments (company_id, created_at desc, position desc);
    create index if not exists payments_status_page on payments (company_id, status, created_at desc, position desc);
    create index if not exists payments_policy_page on payments (company_id, policy_id, created_at desc, position desc);
    create index if not exists payments_scheme_page on payments (company_id, group_scheme_id, created_at desc, position desc)
      where group_scheme_id is not null;
    create index if not exists payments_group_payment on payments (company_id, group_payment_id) where group_payment_id is not null;
    -- The policy's last completed payment, read again when a payment leaves or enters 'completed'.
    create index if not exists payments_policy_completed on payments (company_id, policy_id, payment_date desc) where status = 'completed';
    create index if not exists payments_policy_number on payments (company_id, search_policy_number text_pattern_ops);
    create index if not exists payments_member_name on payments (company_id, search_member_name text_pattern_ops);
    create index if not exists payments_member_last_name on payments (company_id, search_member_last_name text_pattern_ops);
    create index if not exists payments_reference on payments (company_id, search_reference text_pattern_ops);

    -- completed_amount: the company's premiums collected to date (the platform's revenue sums these).
    create table if not exists payment_stats (
      company_id uuid primary key,
      total integer not null default 0,
      ${STATUS_COLUMNS},
      completed_amount numeric(20,2) not null default 0
    );

    -- Completed payments per calendar month of their payment date (month = its first day).
    create table if not exists premium_months (
      company_id uuid not null,
      month date not null,
      amount numeric(20,2) not null default 0,
      payment_count integer not null default 0,
      primary key (company_id, month)
    );
    create index if not exists premium_months_platform on premium_months (month);

    -- Regular policies only (PolicyIssued): due_since is the last completed payment's date, or the
    -- start date while there is none, so "most in arrears first" is one index scan.
    create table if not exists policy_arrears (
      policy_id uuid not null,
      company_id uuid not null,
      policy_number text not null,
      member_id uuid not null,
      status text not null,
      start_date date not null,
      last_payment_date date,
      due_since date not null,
      position bigint not null,
      primary key (company_id, policy_id)
    ) ${layout.clause};
    create index if not exists policy_arrears_page on policy_arrears (company_id, due_since, position);
    create index if not exists policy_arrears_status_page on policy_arrears (company_id, status, due_since, position);
  `);
  await layout.fill(PAYMENTS_PARTITIONED_TABLES);
}

/**
 * Appended to an insert of deltas into payment_stats: adds them to the company's row. Columns left
 * out of the insert take their default 0, so one suffix serves every event.
 */
export const ADD_TO_PAYMENT_STATS = `
  on conflict (company_id) do update set
    total = payment_stats.total + excluded.total,
    ${PAYMENT_STATUSES.map((s) => `${s} = payment_stats.${s} + excluded.${s}`).join(',\n    ')},
    completed_amount = payment_stats.completed_amount + excluded.completed_amount`;

/** Appended to an insert of deltas into premium_months. */
export const ADD_TO_PREMIUM_MONTHS = `
  on conflict (company_id, month) do update set
    amount = premium_months.amount + excluded.amount,
    payment_count = premium_months.payment_count + excluded.payment_count`;

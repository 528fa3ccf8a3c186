import type { SqlExecutor } from '@fpa/write-model/event-store';
import { CLAIM_STATUSES } from '@fpa/write-model/validation';

/**
 * The claims read model's tables: claims, their documents, their status history and the per-company
 * counters. One projector owns them all, so a claim's detail (row, documents, history) reads one
 * generation and a rebuild swaps them together.
 *
 * Sizing follows the portfolio: lists are keyset pages over (company_id, created_at, position)
 * scanned newest first, every search arm is a prefix match on its own (company_id, expression
 * text_pattern_ops) index, and the count cards read claim_stats, kept current by apply.
 */
export const CLAIMS_TABLES = ['claims', 'claim_documents', 'claim_status_history', 'claim_stats'] as const;

/** One counter column per status, named as the status (the list is the validation module's). */
const STATUS_COLUMNS = CLAIM_STATUSES.map((status) => `${status} integer not null default 0`).join(',\n      ');

export async function createClaimsTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    -- Names are text copied from the submission ('[erased]' once the person's key is destroyed); an
    -- erased date of death is stored as null, the one personal field with a typed column.
    create table if not exists claims (
      id uuid primary key,
      company_id uuid not null,
      claim_number text not null,
      policy_id uuid not null,
      policy_number text not null,
      member_id uuid not null,
      member_name text not null,
      deceased_name text not null,
      claimant_name text not null,
      status text not null,
      claim_amount numeric(17,2) not null,
      date_of_death date,
      submitted_date date not null,
      within_waiting_period boolean not null,
      waiting_period_ends_on date,
      exceeds_cover boolean not null,
      coverage_amount numeric(17,2),
      deceased_on_policy boolean not null,
      -- Issue #22: the manner of death and the life's own wait it was checked against (null before it).
      death_type text,
      waiting_rule text,
      life_joined_on date,
      prior_cover_months integer,
      -- The decision (issue #23): an approval's amount and override, a rejection's reason, the payout.
      -- The payout's account holder and last four digits are the claimant's personal data.
      account_holder_name text,
      bank_account_last4 text,
      approved_amount numeric(17,2),
      override_reason text,
      overridden_flags text[] not null default '{}',
      rejection_reason text,
      rejection_detail text,
      payout_amount numeric(17,2),
      paid_on date,
      payment_reference text,
      payout_account_holder text,
      payout_account_last4 text,
      -- The decision clock (rule 2A.8): started when the last form document was verified, its deadline
      -- (moved once when extended), and when the claim was approved or rejected.
      clock_started_at timestamptz,
      decision_due_at timestamptz,
      deadline_extended_for text,
      dispute_reason text,
      decided_at timestamptz,
      submitted_by uuid,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists claims_page on claims (company_id, created_at desc, position desc);
    create index if not exists claims_status_page on claims (company_id, status, created_at desc, position desc);
    create index if not exists claims_number on claims (company_id, lower(claim_number) text_pattern_ops);
    create index if not exists claims_policy_number on claims (company_id, lower(policy_number) text_pattern_ops);
    create index if not exists claims_member_name on claims (company_id, lower(member_name) text_pattern_ops);
    create index if not exists claims_claimant_name on claims (company_id, lower(claimant_name) text_pattern_ops);
    create index if not exists claims_deceased_name on claims (company_id, lower(deceased_name) text_pattern_ops);
    create index if not exists claims_policy on claims (policy_id);
    -- Undecided claims by deadline: the breaches on the dashboard and the bell.
    create index if not exists claims_decision_due on claims (company_id, decision_due_at) where decided_at is null;

    -- One row per uploaded file of a claim. position and ordinal (the submission's global position and
    -- the file's place in its form) order a claim's files, which share one upload time.
    create table if not exists claim_documents (
      id uuid primary key,
      company_id uuid not null,
      claim_id uuid not null,
      claim_number text not null,
      member_name text not null,
      field text not null,
      category text not null,
      original_name text not null,
      content_type text not null,
      size bigint not null,
      sha256 text not null,
      status text not null,
      uploaded_by uuid,
      uploaded_at timestamptz not null,
      reviewed_by uuid,
      reviewed_at timestamptz,
      review_note text,
      position bigint not null,
      ordinal integer not null
    );
    create index if not exists claim_documents_page
      on claim_documents (company_id, uploaded_at desc, position desc, ordinal);
    create index if not exists claim_documents_all on claim_documents (uploaded_at desc, position desc, ordinal);
    create index if not exists claim_documents_claim on claim_documents (claim_id);

    -- The submission is the first entry (from_status null); every ClaimStatusChanged adds one.
    create table if not exists claim_status_history (
      claim_id uuid not null,
      company_id uuid not null,
      from_status text,
      to_status text not null,
      note text,
      changed_by uuid,
      changed_at timestamptz not null,
      position bigint not null,
      primary key (claim_id, position)
    );

    create table if not exists claim_stats (
      company_id uuid primary key,
      total integer not null default 0,
      ${STATUS_COLUMNS}
    );
  `);
}

/**
 * Appended to an insert of deltas into claim_stats: adds them to the company's row. Columns left out
 * of the insert take their default 0, so one suffix serves every event.
 */
export const ADD_TO_CLAIM_STATS = `
  on conflict (company_id) do update set
    total = claim_stats.total + excluded.total,
    ${CLAIM_STATUSES.map((s) => `${s} = claim_stats.${s} + excluded.${s}`).join(',\n    ')}`;

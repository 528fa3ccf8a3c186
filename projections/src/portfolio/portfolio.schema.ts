import type { SqlExecutor } from '@fpa/write-model/event-store';
import { SUICIDE_WAITING } from '@fpa/write-model/validation';
import { companyPartitions } from '../engine/partitions.ts';

/**
 * The portfolio read model's tables. One projector owns them all so that a list query joining
 * members, policies and policy types reads one generation, and a rebuild swaps them together.
 *
 * Sizing: a premium tenant has up to 50,000 members. Every list is paged by keyset over
 * (company_id, created_at, position) — scanned backwards for "newest first" — and every search arm
 * is a prefix match on its own (company_id, column text_pattern_ops) index, so PostgreSQL can
 * BitmapOr the arms instead of reading a company's whole table. Under the tenant wall (row-level
 * security) PostgreSQL takes an index for a condition only when the condition's functions are
 * leakproof: lower() and LIKE are not, starts_with() on a plain column is. So a member search arm
 * is starts_with() on a stored lower-cased column. Unfiltered counts come from
 * portfolio_stats, kept up to date by apply, never counted at query time.
 */
export const PORTFOLIO_TABLES = [
  'policy_types',
  'members',
  'policies',
  'policy_beneficiaries',
  'portfolio_stats',
  'portfolio_member_months',
  'portfolio_claim_lives',
  'portfolio_schemes',
] as const;

/** The tables hash-partitioned on company_id when the database's read-model layout asks (issue #28). */
export const PORTFOLIO_PARTITIONED_TABLES = ['members', 'policies'] as const;

export async function createPortfolioTables(tx: SqlExecutor): Promise<void> {
  const layout = await companyPartitions(tx);
  await tx.exec(`
    create table if not exists policy_types (
      id uuid primary key,
      company_id uuid not null,
      name text not null,
      description text,
      coverage_amount numeric(17,2) not null,
      monthly_premium numeric(17,2) not null,
      waiting_period integer not null,
      is_active boolean not null,
      -- The calendar's rules (issue #20); null for a type whose events predate them (the defaults apply).
      grace_days integer,
      lapse_after_missed integer,
      reinstatement_months integer,
      -- Issue #22: cover and premium per life and age band (validation/benefits.ts BenefitRow[]); null: none.
      benefits jsonb,
      -- Issue #22: the wait for a death by suicide; null for a type saved before it (12 months).
      suicide_waiting_months integer,
      -- Issue #22: what the main member's death does to the other lives; null for a type saved before it ('end_policy').
      on_main_member_death text,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists policy_types_company on policy_types (company_id, created_at, position);
    create index if not exists policy_types_name on policy_types (company_id, lower(name) text_pattern_ops);

    -- Personal fields are text, date of birth included: an erased person's fields arrive as '[erased]'.
    -- A deleted member's row is removed; its policies keep the copied name (policies.member_*).
    -- Keyed by company first, as policies: either can be partitioned by company (partitions.ts).
    create table if not exists members (
      id uuid not null,
      company_id uuid not null,
      first_name text not null,
      last_name text not null,
      identifier_type text not null,
      sa_id text,
      passport_number text,
      nationality text not null,
      email text,
      phone text,
      address text,
      city text,
      province text,
      postal_code text,
      date_of_birth text,
      is_main_member boolean not null,
      main_member_id uuid,
      relationship text,
      other_relationship text,
      policy_id uuid,
      -- A group scheme's member (issue #22): listed and searched as everyone else, marked with the scheme.
      scheme_id uuid,
      -- The search arms' lower-cased forms (see above): kept by PostgreSQL, so no apply writes them.
      search_full_name text generated always as (lower(first_name || ' ' || last_name)) stored,
      search_last_name text generated always as (lower(last_name)) stored,
      search_passport text generated always as (lower(passport_number)) stored,
      search_email text generated always as (lower(email)) stored,
      source text not null,
      -- Issue #22: cover proven elsewhere ({ months, endedOn }), which may shorten the life's wait; null
      -- when none was given or once the person's key is destroyed.
      prior_cover jsonb,
      status text not null default 'active',
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (company_id, id)
    ) ${layout.clause};
    create index if not exists members_page on members (company_id, created_at, position);
    create index if not exists members_main_page on members (company_id, created_at, position) where is_main_member;
    -- "first", "first last" and "first la" are all prefixes of the full name.
    create index if not exists members_full_name on members (company_id, search_full_name text_pattern_ops);
    create index if not exists members_last_name on members (company_id, search_last_name text_pattern_ops);
    create index if not exists members_sa_id on members (company_id, sa_id text_pattern_ops);
    create index if not exists members_passport on members (company_id, search_passport text_pattern_ops);
    create index if not exists members_email on members (company_id, search_email text_pattern_ops);
    -- A member's page lists the family its policy covers.
    create index if not exists members_family on members (company_id, main_member_id) where main_member_id is not null;

    -- The member's name, phone and identifier are copied in (and kept current by MemberUpdated) so
    -- the policy search is one table's indexes, and the row survives the member's deletion.
    create table if not exists policies (
      id uuid not null,
      company_id uuid not null,
      policy_number text not null,
      member_id uuid not null,
      member_first_name text,
      member_last_name text,
      member_phone text,
      member_id_number text,
      -- Issue #22: the spouse who holds the policy since the main member died (PolicyHolderSucceeded); null:
      -- member_id holds it. member_first_name … member_id_number are the holder's.
      holder_member_id uuid,
      -- Null for a group scheme's policy (scheme_id set): its terms are the scheme's, not a policy type's.
      policy_type_id uuid,
      scheme_id uuid,
      status text not null,
      monthly_premium numeric(17,2) not null,
      coverage_amount numeric(17,2) not null,
      waiting_period integer not null,
      start_date date not null,
      debit_day integer not null default 1,
      agent_id uuid,
      -- Issue #22: on a policy with a benefit table, each life's own cover and premium (CoveredLife[]); else [].
      lives jsonb not null default '[]',
      -- Issue #22: the policy's own wait for a suicide, in months, copied from its type at issue and at a change of
      -- type (an event recorded before carries none: the type's as projected then). Null for a group scheme's policy.
      suicide_waiting_months integer,
      -- The searched columns lower-cased (ADR 0003: starts_with() on these is what the tenant wall can index).
      search_policy_number text generated always as (lower(policy_number)) stored,
      search_member_name text generated always as (lower(member_first_name || ' ' || member_last_name)) stored,
      search_member_last_name text generated always as (lower(member_last_name)) stored,
      search_member_id_number text generated always as (lower(member_id_number)) stored,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (company_id, id)
    ) ${layout.clause};
    create index if not exists policies_page on policies (company_id, created_at, position);
    create index if not exists policies_status_page on policies (company_id, status, created_at, position);
    create index if not exists policies_number on policies (company_id, search_policy_number text_pattern_ops);
    create index if not exists policies_member_name on policies (company_id, search_member_name text_pattern_ops);
    create index if not exists policies_member_last_name on policies (company_id, search_member_last_name text_pattern_ops);
    create index if not exists policies_member_id_number on policies (company_id, search_member_id_number text_pattern_ops);
    create index if not exists policies_type on policies (company_id, policy_type_id);
    create index if not exists policies_scheme on policies (company_id, scheme_id) where scheme_id is not null;
    create index if not exists policies_member on policies (company_id, member_id);

    -- A policy's beneficiaries (issue #22), the whole set replaced by each nomination, in the clerk's
    -- order. Names, ID number and phone are personal: text, '[erased]' once the main member is erased.
    create table if not exists policy_beneficiaries (
      policy_id uuid not null,
      ordinal integer not null,
      company_id uuid not null,
      first_name text not null,
      last_name text not null,
      id_number text,
      relationship text not null,
      phone text,
      share numeric(5,2) not null,
      primary key (policy_id, ordinal)
    );

    create table if not exists portfolio_stats (
      company_id uuid primary key,
      total_members integer not null default 0,
      main_members integer not null default 0,
      active_policies integer not null default 0,
      lapsed_policies integer not null default 0,
      cancelled_policies integer not null default 0,
      monthly_revenue numeric(20,2) not null default 0,
      -- Group schemes' people and policies (issue #22), apart from the counters above, which the dashboard,
      -- the platform and the subscription read as they always have (the subscription adds the schemes' own).
      scheme_members integer not null default 0,
      scheme_active_policies integer not null default 0,
      scheme_cancelled_policies integer not null default 0
    );

    -- The schemes' current names, for the mark on their members and policies.
    create table if not exists portfolio_schemes (
      id uuid primary key,
      company_id uuid not null,
      name text not null
    );

    -- Issue #22: which life a death claim is for (the member on the claim's policy holding the deceased's
    -- SA ID, found when the claim is submitted), so its approval marks that person deceased. No personal
    -- data: the ids only.
    create table if not exists portfolio_claim_lives (
      claim_id uuid primary key,
      company_id uuid not null,
      member_id uuid not null
    );

    -- Registrations per calendar month in South African time (month = its first day).
    create table if not exists portfolio_member_months (
      company_id uuid not null,
      month date not null,
      registrations integer not null default 0,
      primary key (company_id, month)
    );
  `);
  await layout.fill(PORTFOLIO_PARTITIONED_TABLES);
}

/**
 * Appended to an insert of deltas into portfolio_stats: adds them to the company's row. Columns left
 * out of the insert take their default 0, so one suffix serves every event.
 */
/**
 * A policy's own suicide wait (issue #22), as SQL: the months its event copied (`copied`), or, for an event
 * recorded before the terms carried them, its type's as projected when the event is (the log is applied in
 * order, so that is the type as it stood then, as suicideWaitingMonthsOfTerms reads it); the default when the
 * type set none.
 */
export const suicideWaitOfTerms = (copied: string, typeId: string, companyId: string): string =>
  `coalesce(${copied}, (select t.suicide_waiting_months from policy_types t where t.id = ${typeId} and t.company_id = ${companyId}), ${SUICIDE_WAITING.defaultMonths})`;

export const ADD_TO_STATS = `
  on conflict (company_id) do update set
    total_members = portfolio_stats.total_members + excluded.total_members,
    main_members = portfolio_stats.main_members + excluded.main_members,
    active_policies = portfolio_stats.active_policies + excluded.active_policies,
    lapsed_policies = portfolio_stats.lapsed_policies + excluded.lapsed_policies,
    cancelled_policies = portfolio_stats.cancelled_policies + excluded.cancelled_policies,
    monthly_revenue = portfolio_stats.monthly_revenue + excluded.monthly_revenue,
    scheme_members = portfolio_stats.scheme_members + excluded.scheme_members,
    scheme_active_policies = portfolio_stats.scheme_active_policies + excluded.scheme_active_policies,
    scheme_cancelled_policies = portfolio_stats.scheme_cancelled_policies + excluded.scheme_cancelled_policies`;

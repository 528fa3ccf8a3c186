import type { SqlExecutor } from '@fpa/write-model/event-store';

/**
 * The agents read model: the agents, their activities, the policies they wrote (the sales) and the
 * commission each completed premium payment of those policies earns. One projector owns them, so a
 * payment's status change and its commission move in one transaction, and a rebuild swaps them
 * together. Metrics are summed at read time over one company's agents (a few hundred rows at most).
 */
export const AGENTS_TABLES = ['agents', 'agent_activities', 'agent_sales', 'agent_commissions'] as const;

export async function createAgentsTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    -- Personal fields are text: an erased agent's read '[erased]'.
    create table if not exists agents (
      id uuid primary key,
      company_id uuid not null,
      user_id uuid,
      agent_code text not null,
      first_name text not null,
      last_name text not null,
      id_number text,
      email text not null,
      phone text not null,
      supervisor_name text,
      region text,
      commission_rate numeric not null,
      sales_target numeric not null,
      notes text,
      status text not null,
      position bigint not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index if not exists agents_company on agents (company_id, created_at desc, position desc);
    create index if not exists agents_user on agents (company_id, user_id);

    create table if not exists agent_activities (
      id uuid primary key,
      company_id uuid not null,
      user_id uuid,
      agent_id uuid,
      type text not null,
      description text not null,
      position bigint not null,
      created_at timestamptz not null
    );
    create index if not exists agent_activities_page on agent_activities (company_id, created_at desc, position desc);
    create index if not exists agent_activities_agent on agent_activities (agent_id, type);

    -- A policy written by an agent (PolicyIssued with an agent), with the onboarding's details when
    -- it came through the wizard (ClientOnboarded). month: the South African month it was written in.
    create table if not exists agent_sales (
      policy_id uuid primary key,
      company_id uuid not null,
      agent_id uuid not null,
      member_id uuid not null,
      policy_number text not null,
      policy_type_id uuid not null,
      coverage_amount numeric(17,2) not null,
      monthly_premium numeric(17,2) not null,
      status text not null default 'active',
      month date not null,
      onboarded boolean not null default false,
      family_members integer not null default 0,
      beneficiary_name text,
      beneficiary_relation text,
      beneficiary_contact text,
      monthly_income text,
      employer text,
      notes text,
      position bigint not null,
      created_at timestamptz not null
    );
    create index if not exists agent_sales_page on agent_sales (company_id, created_at desc, position desc);
    create index if not exists agent_sales_agent on agent_sales (agent_id, month);

    -- One row per premium payment of an agent's policy: the rate in force when it was recorded and
    -- the commission it earns while it stays completed.
    create table if not exists agent_commissions (
      payment_id uuid primary key,
      company_id uuid not null,
      agent_id uuid not null,
      policy_id uuid not null,
      amount numeric(17,2) not null,
      commission_rate numeric not null,
      commission numeric(17,2) not null,
      status text not null,
      payment_date date not null,
      position bigint not null,
      created_at timestamptz not null
    );
    create index if not exists agent_commissions_agent on agent_commissions (agent_id, payment_date);
  `);
}

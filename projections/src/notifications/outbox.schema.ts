import type { SqlExecutor } from '@fpa/write-model/event-store';
import { ensureTenantRole, TENANT_ROLE, TENANT_SETTING } from '../engine/tenant-wall.ts';

/*
 * The outbox (issue #24) is a durable table in public, not one of the projector's generation tables:
 * a rebuild replays the log into fresh generation tables, and the rows it would write again are
 * already here (one per source event × recipient × channel, ON CONFLICT DO NOTHING), so a rebuild
 * or a replay sends nothing twice and never forgets what was sent. Statuses:
 *   queued → sending → sent → delivered, or failed (with the provider's reason), or not_sent (with why:
 *   no provider configured, no address, too old to send late).
 * `sending` is the dispatcher's claim while a provider is being called.
 */
export const OUTBOX = 'public.notification_outbox';

export { NOTIFICATION_STATUSES, type NotificationStatus } from '@fpa/write-model/validation';

export async function migrateOutbox(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    create table if not exists ${OUTBOX} (
      id uuid primary key,
      company_id uuid not null,
      source_event_id text not null,
      source_position bigint not null,
      type text not null,
      recipient text not null,
      member_id uuid,
      channel text not null,
      to_address text,
      subject text,
      body text not null,
      legally_required boolean not null default false,
      status text not null,
      reason text,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      claimed_at timestamptz,
      provider text,
      provider_message_id text,
      created_at timestamptz not null,
      queued_at timestamptz not null default now(),
      sent_at timestamptz,
      delivered_at timestamptz,
      unique (source_event_id, recipient, channel)
    );
    -- The SMS parts a message takes (the shared counter, when it was written): the cost estimate counts them.
    alter table ${OUTBOX} add column if not exists parts integer;
    create index if not exists notification_outbox_due on ${OUTBOX} (status, next_attempt_at) where status in ('queued', 'sending');
    create index if not exists notification_outbox_company on ${OUTBOX} (company_id, created_at desc);
    create index if not exists notification_outbox_member on ${OUTBOX} (company_id, member_id, created_at desc);
  `);
  // The same wall as the read models' (tenant-wall.ts): a query through tenantScoped sees one company.
  await ensureTenantRole(tx);
  const [state] = await tx.query<{ granted: boolean; walled: boolean; policy: boolean }>(
    `select has_table_privilege('${TENANT_ROLE}', c.oid, 'select') as granted, c.relrowsecurity as walled,
            exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = 'notification_outbox' and p.policyname = 'tenant_wall') as policy
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = 'notification_outbox'`,
  );
  if (!state?.granted) await tx.exec(`grant select on ${OUTBOX} to ${TENANT_ROLE}`);
  if (!state?.walled) await tx.exec(`alter table ${OUTBOX} enable row level security`);
  if (!state?.policy)
    await tx.exec(
      `create policy tenant_wall on ${OUTBOX} for select to ${TENANT_ROLE} using (company_id = nullif(current_setting('${TENANT_SETTING}', true), '')::uuid)`,
    );
}

/** The projector's own generation tables: what a message needs to know about its recipient and company. */
export const NOTIFY_TABLES = [
  'notify_companies',
  'notify_people',
  'notify_policies',
  'notify_payments',
  'notify_claims',
  'notify_templates',
] as const;

export async function createNotifyTables(tx: SqlExecutor): Promise<void> {
  await migrateOutbox(tx);
  await tx.exec(`
    create table if not exists notify_companies (
      company_id uuid primary key,
      name text not null,
      phone text,
      email text,
      tier text not null
    );
    create table if not exists notify_people (
      member_id uuid primary key,
      company_id uuid not null,
      first_name text,
      phone text,
      email text,
      preferred_channel text not null default 'both',
      opted_out boolean not null default false
    );
    -- The ledger's terms (a regular policy's; a scheme policy has none): a receipt's paid-up-to date, as the
    -- billing ledger (premium-ledger.ts) reads them, folded here in log order so a rebuild says the same.
    create table if not exists notify_policies (
      policy_id uuid primary key,
      company_id uuid not null,
      member_id uuid not null,
      policy_number text not null,
      start_date text,
      monthly_premium text,
      debit_day integer,
      opening_paid_up_to text,
      suspensions jsonb not null default '[]',
      premium_changes jsonb not null default '[]'
    );
    create table if not exists notify_payments (
      payment_id uuid primary key,
      company_id uuid not null,
      policy_id uuid not null,
      amount numeric(14, 2) not null,
      payment_date text not null,
      status text not null default 'completed'
    );
    -- A receipt folds its policy's completed payments (paidUpToAfter): without this, a scan of every payment each time.
    create index if not exists notify_payments_policy on notify_payments (policy_id, payment_date);
    create table if not exists notify_claims (
      claim_id uuid primary key,
      company_id uuid not null,
      member_id uuid,
      claim_number text not null,
      policy_number text not null,
      first_name text,
      phone text,
      email text
    );
    create table if not exists notify_templates (
      company_id uuid not null,
      message_type text not null,
      subject text not null,
      sms text not null,
      email text not null,
      primary key (company_id, message_type)
    );
  `);
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { southAfricanDate } from '@fpa/write-model';

/*
 * The compliance log's tables. compliance_logs holds the entries events produced; the other tables
 * are what the projector must remember to write them (names, counts, roles, a claim's waiting start).
 * An entry is Open until resolved_at is set by a later event (the company re-activated, the policy
 * active again, the permission revoked, the password reset, the members back under the limit).
 */

export const COMPLIANCE_TABLES = [
  'compliance_logs',
  'compliance_companies',
  'compliance_claims',
  'compliance_policies',
  'compliance_users',
  'compliance_resolutions',
] as const;

/** A claim waiting in submitted or under_review longer than this is overdue. */
export const OVERDUE_DAYS = 30;
export const WAITING_STATUSES: readonly string[] = ['submitted', 'under_review'];

export type Severity = 'critical' | 'warning' | 'info';

export const LOG_TYPES = {
  companySuspended: 'company_suspended',
  companyActivated: 'company_activated',
  claimOverdue: 'claim_overdue',
  claimDecisionLate: 'claim_decision_late',
  policyLapsed: 'policy_lapsed',
  repeatedFailedLogins: 'repeated_failed_logins',
  permissionGranted: 'permission_granted',
  memberLimitExceeded: 'member_limit_exceeded',
  eventParked: 'event_parked',
} as const;

export const EVENT_PARKED_TITLE = 'A record could not be shown: an event was set aside';

export const CLAIM_OVERDUE_TITLE = 'Claim pending for over 30 days';

export function claimOverdueDescription(claimNumber: string, waitingSince: Date): string {
  return `Claim ${claimNumber} has waited more than ${OVERDUE_DAYS} days for a decision (submitted ${southAfricanDate(waitingSince)}).`;
}

export const CLAIM_DECISION_LATE_TITLE = 'Claim decision past its deadline (PPR rule 2A.8)';

/** A claim undecided past its deadline (open), or decided after it (stored, resolved at the decision). */
export function claimDecisionLateDescription(claimNumber: string, dueAt: Date, decided?: { to: string; at: Date }): string {
  const due = saDateTime(dueAt);
  return decided
    ? `Claim ${claimNumber} was due for a decision by ${due} and was ${decided.to} on ${saDateTime(decided.at)}.`
    : `Claim ${claimNumber} was due for a decision by ${due} and is still undecided.`;
}

/** "2026-11-30 10:00" in South Africa. */
function saDateTime(at: Date): string {
  return new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** The same id for a claim's late-decision entry whether computed while open or stored at the decision. */
export const CLAIM_DECISION_LATE_ID = (claimIdColumn: string) => `md5('claim-decision-late:' || ${claimIdColumn}::text)::uuid`;

/** The same id for a claim's overdue entry whether it is computed while open or stored once resolved. */
export const CLAIM_OVERDUE_ID = (claimIdColumn: string) => `md5('claim-overdue:' || ${claimIdColumn}::text)::uuid`;

export async function createComplianceTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    create table if not exists compliance_logs (
      id uuid primary key,
      company_id uuid,
      type text not null,
      severity text not null,
      title text not null,
      description text not null,
      -- What the entry is about (company:<id>, policy:<id>, user:<id>, user:<id>:<permission>): a later
      -- event resolves the open entry of its type and subject.
      subject text not null,
      resolved_at timestamptz,
      created_at timestamptz not null
    );
    create index if not exists compliance_logs_created on compliance_logs (created_at desc);
    create index if not exists compliance_logs_open on compliance_logs (type, subject) where resolved_at is null;
    create table if not exists compliance_companies (
      company_id uuid primary key,
      name text not null,
      member_count integer not null default 0,
      member_limit integer not null,
      over_limit boolean not null default false
    );
    create table if not exists compliance_claims (
      claim_id uuid primary key,
      company_id uuid not null,
      claim_number text not null,
      status text not null,
      -- When the claim entered submitted/under_review; null once it left them.
      waiting_since timestamptz,
      -- The decision deadline (PPR rule 2A.8) while the claim is undecided; null before the clock starts
      -- and once the claim is approved or rejected.
      decision_due_at timestamptz
    );
    create index if not exists compliance_claims_decision_due on compliance_claims (decision_due_at) where decision_due_at is not null;
    create index if not exists compliance_claims_waiting on compliance_claims (waiting_since) where waiting_since is not null;
    create table if not exists compliance_policies (
      policy_id uuid primary key,
      company_id uuid not null,
      policy_number text not null
    );
    -- The super admin's resolutions (issue #25), by the entry's id, stored or computed.
    create table if not exists compliance_resolutions (
      entry_id uuid primary key,
      note text not null,
      resolved_by uuid,
      resolved_at timestamptz not null
    );
    create table if not exists compliance_users (
      user_id uuid primary key,
      company_id uuid,
      username text not null,
      role text not null
    );
  `);
}

export type LogEntry = {
  id: string;
  companyId: string | null;
  type: string;
  severity: Severity;
  title: string;
  description: string;
  subject: string;
  createdAt: Date | string;
  resolvedAt?: Date | string | null;
};

export async function insertLog(tx: SqlExecutor, entry: LogEntry): Promise<void> {
  await tx.query(
    `insert into compliance_logs (id, company_id, type, severity, title, description, subject, resolved_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
    [
      entry.id,
      entry.companyId,
      entry.type,
      entry.severity,
      entry.title,
      entry.description,
      entry.subject,
      entry.resolvedAt ?? null,
      entry.createdAt,
    ],
  );
}

/** Resolves the open entries of this type about this subject. */
export async function resolveLogs(tx: SqlExecutor, type: string, subject: string, at: Date | string): Promise<void> {
  await tx.query(`update compliance_logs set resolved_at = $3 where type = $1 and subject = $2 and resolved_at is null`, [
    type,
    subject,
    at,
  ]);
}

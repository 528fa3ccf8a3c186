import type {
  AccessEvent,
  AuditEvent,
  ClaimEvent,
  CompanyEvent,
  PolicyEvent,
  PolicyIssued,
  RolePermissionsSet,
  UserEvent,
  UserPermissionGranted,
  UserPermissionRevoked,
  UserRoleChanged,
} from '@fpa/write-model';
import { businessMillisBetween } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS } from '@fpa/write-model/validation';
import type { Projector } from '../engine/types.ts';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';
import { POLICY_STATUS_EVENTS, statusMove } from '../portfolio/policy-status.ts';

const POLICY_ROWS = rowSet(`
  ord int, id uuid, company_id uuid, policy_number text, member_id uuid, start_date date, waiting_period integer,
  issued_at timestamptz`);

type AuditFactEvent = ClaimEvent | PolicyEvent | CompanyEvent | AccessEvent | UserEvent | AuditEvent;

/** A text field as text, anything else (absent in an event written by hand) as null. */
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The compliance reports' facts (issue 10): claims with their submitted and paid times, policies
 * with their status changes, companies' suspensions, permission changes and personal-data
 * requests. Times are the events' recorded times. The reports (compliance.queries.ts) aggregate
 * these at query time, so a rebuild from the log gives the same answers as the live tables.
 */
export const complianceReportsProjection: Projector = projectorOf<AuditFactEvent>()({
  name: 'compliance_reports',
  // 2: the calendar's PolicyLapsed and PolicyReinstated are status moves of their own (issue #20): an
  // automatic lapse counts in the lapse ratio like a manual one.
  // 3: the claims decision clock (issue #23): deadline, decision, business minutes taken, rejection reason.
  version: 3,
  handles: [
    'ClaimSubmitted',
    'ClaimStatusChanged',
    'ClaimDecisionClockStarted',
    'ClaimDecisionDeadlineExtended',
    'PolicyIssued',
    ...POLICY_STATUS_EVENTS,
    'CompanyRegistered',
    'CompanyDetailsUpdated',
    'CompanySuspended',
    'CompanyActivated',
    'RolePermissionsSet',
    'UserPermissionGranted',
    'UserPermissionRevoked',
    'UserRoleChanged',
    'PersonalDataExported',
    'PersonalDataErased',
    'PersonalDataErasureRefused',
  ],
  tables: [
    'audit_claims',
    'audit_policies',
    'audit_policy_status',
    'audit_companies',
    'audit_role_sets',
    'audit_permission_changes',
    'audit_data_requests',
  ],
  async init(tx) {
    await tx.exec(`
      create table if not exists audit_claims (
        id uuid primary key, company_id uuid not null, claim_number text not null, status text not null,
        submitted_at timestamptz not null, paid_at timestamptz, closed_at timestamptz,
        -- The decision clock (PPR rule 2A.8): its start and deadline, the decision (approved or rejected)
        -- and the business minutes it took, worked out once, when the decision is recorded.
        clock_started_at timestamptz, decision_due_at timestamptz, decided_at timestamptz,
        decision_business_minutes integer, decision text, rejection_reason text);
      create index if not exists audit_claims_company on audit_claims (company_id, status);
      create table if not exists audit_policies (
        id uuid primary key, company_id uuid not null, policy_number text not null, member_id uuid not null,
        start_date date not null, waiting_period integer not null, status text not null, issued_at timestamptz not null);
      create index if not exists audit_policies_company on audit_policies (company_id, status);
      create table if not exists audit_policy_status (
        position bigint primary key, policy_id uuid not null, company_id uuid not null, at timestamptz not null,
        from_status text not null, to_status text not null);
      create index if not exists audit_policy_status_policy on audit_policy_status (policy_id, at);
      create table if not exists audit_companies (
        id uuid primary key, name text not null, status text not null, suspended_at timestamptz, reason text);
      create table if not exists audit_role_sets (
        company_id uuid not null, role text not null, permissions text[] not null, primary key (company_id, role));
      create table if not exists audit_permission_changes (
        position bigint primary key, company_id uuid not null, at timestamptz not null, event_type text not null,
        actor_user_id uuid, target_user_id uuid, target_role text, permission text, detail text not null);
      create index if not exists audit_permission_changes_company on audit_permission_changes (company_id, at);
      create table if not exists audit_data_requests (
        position bigint primary key, company_id uuid not null, at timestamptz not null, kind text not null,
        subject_reference text not null, actor_user_id uuid, reason text, outcome text not null);
    `);
  },
  async apply(tx, event) {
    const at = event.recordedAt;
    const actor = event.metadata.actorUserId;
    switch (event.type) {
      case 'ClaimSubmitted': {
        const d = event.data;
        await tx.query(
          `insert into audit_claims (id, company_id, claim_number, status, submitted_at) values ($1, $2, $3, 'submitted', $4)
           on conflict (id) do nothing`,
          [d.claimId, d.companyId, d.claimNumber, at],
        );
        return;
      }
      case 'ClaimStatusChanged': {
        // Paid and rejected close a claim; paid_at is the (first) payment. Approved and rejected decide it.
        const deciding = event.data.to === 'approved' || event.data.to === 'rejected';
        // The decision's own instant (the command's clock); before the clock existed, its recorded time.
        const decidedAt = event.data.decidedAt ? new Date(event.data.decidedAt) : at;
        const [claim] = deciding
          ? await tx.query<{ started: Date | null }>(
              `select clock_started_at as started from audit_claims where id = $1 and decided_at is null`,
              [event.data.claimId],
            )
          : [];
        await tx.query(
          `update audit_claims set status = $2,
                  paid_at = case when $2 = 'paid' then coalesce(paid_at, $3) else paid_at end,
                  closed_at = case when $2 in ('paid', 'rejected') then $3 else null end,
                  decided_at = case when $4::boolean then $7::timestamptz else decided_at end,
                  decision = case when $4::boolean then $2 else decision end,
                  decision_business_minutes = case when $4::boolean then $5::integer else decision_business_minutes end,
                  rejection_reason = coalesce($6::text, rejection_reason)
            where id = $1`,
          [
            event.data.claimId,
            event.data.to,
            at,
            !!claim,
            claim?.started ? Math.trunc(businessMillisBetween(claim.started, decidedAt) / 60_000) : null,
            event.data.rejection?.reason ?? null,
            decidedAt,
          ],
        );
        return;
      }
      case 'ClaimDecisionClockStarted':
      case 'ClaimDecisionDeadlineExtended':
        await tx.query(
          `update audit_claims set clock_started_at = coalesce($2::timestamptz, clock_started_at), decision_due_at = $3::timestamptz
            where id = $1`,
          [event.data.claimId, event.type === 'ClaimDecisionClockStarted' ? event.data.startedAt : null, event.data.decisionDueAt],
        );
        return;
      case 'PolicyIssued': {
        const d = event.data;
        await tx.query(
          `insert into audit_policies (id, company_id, policy_number, member_id, start_date, waiting_period, status, issued_at)
           values ($1, $2, $3, $4, $5, $6, 'active', $7) on conflict (id) do nothing`,
          [d.policyId, d.companyId, d.policyNumber, d.memberId, d.startDate, d.waitingPeriod, at],
        );
        return;
      }
      case 'PolicyStatusChanged':
      case 'PolicyLapsed':
      case 'PolicyReinstated': {
        const d = statusMove(event);
        await tx.query(`update audit_policies set status = $2 where id = $1`, [d.policyId, d.to]);
        await tx.query(
          `insert into audit_policy_status (position, policy_id, company_id, at, from_status, to_status)
           values ($1, $2, $3, $4, $5, $6) on conflict (position) do nothing`,
          [event.globalPosition, d.policyId, d.companyId, at, d.from, d.to],
        );
        return;
      }
      case 'CompanyRegistered': {
        const d = event.data;
        await tx.query(`insert into audit_companies (id, name, status) values ($1, $2, 'active') on conflict (id) do nothing`, [
          d.companyId,
          d.name,
        ]);
        for (const role of COMPANY_ROLES) await putRoleSet(tx, d.companyId, role, DEFAULT_ROLE_PERMISSIONS[role]);
        return;
      }
      case 'CompanyDetailsUpdated':
        await tx.query(`update audit_companies set name = $2 where id = $1`, [event.data.companyId, event.data.name]);
        return;
      case 'CompanySuspended':
        await tx.query(`update audit_companies set status = 'suspended', suspended_at = $2, reason = $3 where id = $1`, [
          event.data.companyId,
          at,
          textOrNull(event.data.reason),
        ]);
        return;
      case 'CompanyActivated':
        await tx.query(`update audit_companies set status = 'active', suspended_at = null, reason = null where id = $1`, [
          event.data.companyId,
        ]);
        return;
      case 'RolePermissionsSet':
        return rolePermissionsSet(tx, event);
      case 'UserPermissionGranted':
      case 'UserPermissionRevoked': {
        const d = event.data;
        const granted = event.type === 'UserPermissionGranted';
        await permissionChange(tx, event, {
          targetUserId: textOrNull(d.userId),
          targetRole: null,
          permission: textOrNull(d.permission),
          detail: `${granted ? 'granted' : 'revoked'} ${d.permission}`,
        });
        return;
      }
      case 'UserRoleChanged': {
        const d = event.data;
        await permissionChange(tx, event, {
          targetUserId: textOrNull(d.userId),
          targetRole: textOrNull(d.to),
          permission: null,
          detail: `role ${d.from} → ${d.to}`,
        });
        return;
      }
      case 'PersonalDataExported':
      case 'PersonalDataErased':
      case 'PersonalDataErasureRefused': {
        const d = event.data;
        const kind = event.type === 'PersonalDataExported' ? 'export' : event.type === 'PersonalDataErased' ? 'erasure' : 'erasure_refused';
        const outcome =
          event.type === 'PersonalDataExported'
            ? 'exported'
            : event.type === 'PersonalDataErased'
              ? 'erased'
              : (event.data.holds ?? []).join(' ');
        // An export carries no reason.
        const reason = event.type === 'PersonalDataExported' ? null : textOrNull(event.data.reason);
        await tx.query(
          `insert into audit_data_requests (position, company_id, at, kind, subject_reference, actor_user_id, reason, outcome)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (position) do nothing`,
          [event.globalPosition, d.companyId, at, kind, d.subjectReference, actor, reason, outcome],
        );
        return;
      }
    }
  },
  /** A rebuild is mostly issued policies (between claims): a run of them is one statement; the rest is apply, in order. */
  applyBatch: (tx, events) =>
    applyTypeRuns(tx, inTypeRuns(events, auditKeys), { PolicyIssued: policiesIssued }, (t, event) =>
      complianceReportsProjection.apply(t, event),
    ),
});

/** A policy's and a claim's rows are their own; the companies' and permissions' events stay in place. */
function auditKeys(event: Recorded<AuditFactEvent>): EventKeys {
  switch (event.type) {
    case 'PolicyIssued':
    case 'PolicyStatusChanged':
    case 'PolicyLapsed':
    case 'PolicyReinstated':
      return [`policy:${event.data.policyId}`];
    case 'ClaimSubmitted':
    case 'ClaimStatusChanged':
      return [`claim:${event.data.claimId}`];
    default:
      return 'barrier';
  }
}

/** The run's policies in log order (the first of a repeated id stands, as with apply). */
async function policiesIssued(tx: SqlExecutor, run: readonly Recorded<PolicyIssued>[]): Promise<void> {
  const rows = run.map((event, ord) => {
    const d = event.data;
    return {
      ord,
      id: d.policyId,
      company_id: d.companyId,
      policy_number: d.policyNumber,
      member_id: d.memberId,
      start_date: d.startDate,
      waiting_period: d.waitingPeriod,
      issued_at: event.recordedAt.toISOString(),
    };
  });
  await tx.query(
    `insert into audit_policies (id, company_id, policy_number, member_id, start_date, waiting_period, status, issued_at)
     select id, company_id, policy_number, member_id, start_date, waiting_period, 'active', issued_at
       from ${POLICY_ROWS.from('$1', 'r')}
      order by ord
     on conflict (id) do nothing`,
    [POLICY_ROWS.json(rows)],
  );
}

async function putRoleSet(tx: SqlExecutor, companyId: string, role: string, permissions: readonly string[]): Promise<void> {
  await tx.query(
    `insert into audit_role_sets (company_id, role, permissions) values ($1, $2, $3)
     on conflict (company_id, role) do update set permissions = excluded.permissions`,
    [companyId, role, [...permissions].sort()],
  );
}

async function rolePermissionsSet(tx: SqlExecutor, event: Recorded<RolePermissionsSet>): Promise<void> {
  const d = event.data;
  const companyId = String(d.companyId);
  const role = String(d.role);
  const next: string[] = [...(d.permissions ?? [])].sort();
  const [row] = await tx.query<{ permissions: string[] }>(`select permissions from audit_role_sets where company_id = $1 and role = $2`, [
    companyId,
    role,
  ]);
  const previous = new Set(row?.permissions ?? []);
  const added = next.filter((p) => !previous.has(p)).map((p) => `+${p}`);
  const removed = [...previous]
    .filter((p) => !next.includes(p))
    .sort()
    .map((p) => `−${p}`);
  const changes = [...added, ...removed].join(' ') || 'no change';
  const detail = `${role}: ${d.reason === 'defaults' ? 'defaults restored' : changes}${d.reason === 'defaults' && changes !== 'no change' ? ` (${changes})` : ''}`;
  await putRoleSet(tx, companyId, role, next);
  await permissionChange(tx, event, { targetUserId: null, targetRole: role, permission: null, detail });
}

async function permissionChange(
  tx: SqlExecutor,
  event: Recorded<RolePermissionsSet | UserPermissionGranted | UserPermissionRevoked | UserRoleChanged>,
  change: { targetUserId: string | null; targetRole: string | null; permission: string | null; detail: string },
): Promise<void> {
  await tx.query(
    `insert into audit_permission_changes (position, company_id, at, event_type, actor_user_id, target_user_id, target_role, permission, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (position) do nothing`,
    [
      event.globalPosition,
      event.data.companyId,
      event.recordedAt,
      event.type,
      event.metadata.actorUserId,
      change.targetUserId,
      change.targetRole,
      change.permission,
      change.detail,
    ],
  );
}

import type {
  AccessEvent,
  ClaimEvent,
  ClaimStatusChanged,
  CompanyEvent,
  ComplianceResolutionEvent,
  GroupSchemeEvent,
  MemberDeleted,
  MemberEvent,
  MemberRegistered,
  PolicyEvent,
  SchemeMemberAdded,
  SchemeMemberRemoved,
  SubscriptionTierChanged,
  UserEvent,
  UserPermissionGranted,
} from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS, roleLabel, type CompanyRole } from '@fpa/write-model/validation';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { POLICY_STATUS_EVENTS, statusMove, type PolicyStatusEvent } from '../portfolio/policy-status.ts';
import { applyComplianceRuns } from './compliance.batch.ts';
import {
  CLAIM_DECISION_LATE_ID,
  CLAIM_DECISION_LATE_TITLE,
  claimDecisionLateDescription,
  CLAIM_OVERDUE_ID,
  CLAIM_OVERDUE_TITLE,
  claimOverdueDescription,
  COMPLIANCE_TABLES,
  createComplianceTables,
  insertLog,
  LOG_TYPES as T,
  OVERDUE_DAYS,
  resolveLogs,
  WAITING_STATUSES,
} from './compliance.schema.ts';

/** The events the compliance log reads, of the companies, members, claims, policies, users and access streams. */
export type ComplianceEvent =
  | CompanyEvent
  | MemberEvent
  | GroupSchemeEvent
  | ClaimEvent
  | PolicyEvent
  | UserEvent
  | AccessEvent
  | ComplianceResolutionEvent;

const isCompanyRole = (role: string): role is CompanyRole => (COMPANY_ROLES as readonly string[]).includes(role);

/**
 * The platform's compliance log, built from events only, so a rebuild writes the same entries:
 * every time in an entry is an event's recorded time (or, for an overdue claim, its waiting start
 * plus 30 days). Overdue claims still waiting are not stored: they are computed when the log is
 * read (compliance.queries.ts), from the waiting start kept here; when such a claim moves on, its
 * entry is stored, resolved at the move.
 */
export const complianceProjection: Projector = projectorOf<ComplianceEvent>()({
  name: 'compliance',
  // 2: the calendar's PolicyLapsed opens a lapse entry and PolicyReinstated resolves it (issue #20).
  // 3: a claim decided after its decision deadline (PPR rule 2A.8, issue #23) stores an entry; the super
  // admin's resolutions with a note (issue #25).
  // 4: group schemes' people count toward the member limit's entry, as the quota counts them (issue #22).
  version: 4,
  handles: [
    'CompanyRegistered',
    'CompanyDetailsUpdated',
    'SubscriptionTierChanged',
    'CompanySuspended',
    'CompanyActivated',
    'MemberRegistered',
    'MemberDeleted',
    'SchemeMemberAdded',
    'SchemeMemberRemoved',
    'ClaimSubmitted',
    'ClaimStatusChanged',
    'ClaimDecisionClockStarted',
    'ClaimDecisionDeadlineExtended',
    'PolicyIssued',
    ...POLICY_STATUS_EVENTS,
    'UserRegistered',
    'UserRoleChanged',
    'UserPermissionGranted',
    'UserPermissionRevoked',
    'LoginFailuresRepeated',
    'UserPasswordReset',
    'UserPasswordChanged',
    'ComplianceEntryResolved',
  ],
  tables: COMPLIANCE_TABLES,
  init: createComplianceTables,
  async apply(tx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'CompanyRegistered': {
        const d = event.data;
        await tx.query(
          `insert into compliance_companies (company_id, name, member_limit) values ($1, $2, $3) on conflict (company_id) do nothing`,
          [d.companyId, d.name, d.memberLimit],
        );
        return;
      }
      case 'CompanyDetailsUpdated':
        await tx.query(`update compliance_companies set name = $2 where company_id = $1`, [event.data.companyId, event.data.name]);
        return;
      case 'SubscriptionTierChanged':
        await tx.query(`update compliance_companies set member_limit = $2 where company_id = $1`, [
          event.data.companyId,
          event.data.memberLimit,
        ]);
        return checkMemberLimit(tx, event, 0);
      case 'CompanySuspended': {
        const d = event.data;
        const name = await companyName(tx, d.companyId);
        return insertLog(tx, {
          id: event.eventId,
          companyId: d.companyId,
          type: T.companySuspended,
          severity: 'critical',
          title: 'Company suspended',
          description: `${name} was suspended. Reason: ${d.reason}`,
          subject: `company:${d.companyId}`,
          createdAt: at,
        });
      }
      case 'CompanyActivated': {
        const d = event.data;
        await resolveLogs(tx, T.companySuspended, `company:${d.companyId}`, at);
        const name = await companyName(tx, d.companyId);
        return insertLog(tx, {
          id: event.eventId,
          companyId: d.companyId,
          type: T.companyActivated,
          severity: 'info',
          title: 'Company activated',
          description: `${name} was activated again; its users may sign in.`,
          subject: `company:${d.companyId}`,
          createdAt: at,
          resolvedAt: at,
        });
      }
      case 'MemberRegistered':
        return checkMemberLimit(tx, event, 1);
      case 'MemberDeleted':
        return checkMemberLimit(tx, event, -1);
      case 'SchemeMemberAdded':
        return checkMemberLimit(tx, event, 1);
      case 'SchemeMemberRemoved':
        return checkMemberLimit(tx, event, -1);
      case 'ClaimSubmitted':
        await tx.query(
          `insert into compliance_claims (claim_id, company_id, claim_number, status, waiting_since) values ($1, $2, $3, 'submitted', $4)
           on conflict (claim_id) do nothing`,
          [event.data.claimId, event.data.companyId, event.data.claimNumber, at],
        );
        return;
      case 'ClaimStatusChanged':
        await claimDecided(tx, event);
        return claimMoved(tx, event);
      case 'ComplianceEntryResolved':
        await tx.query(
          `insert into compliance_resolutions (entry_id, note, resolved_by, resolved_at) values ($1, $2, $3, $4)
           on conflict (entry_id) do nothing`,
          [event.data.entryId, event.data.note, event.metadata.actorUserId, event.data.resolvedAt],
        );
        return;
      case 'ClaimDecisionClockStarted':
      case 'ClaimDecisionDeadlineExtended':
        await tx.query(`update compliance_claims set decision_due_at = $2 where claim_id = $1`, [
          event.data.claimId,
          event.data.decisionDueAt,
        ]);
        return;
      case 'PolicyIssued':
        await tx.query(
          `insert into compliance_policies (policy_id, company_id, policy_number) values ($1, $2, $3) on conflict do nothing`,
          [event.data.policyId, event.data.companyId, event.data.policyNumber],
        );
        return;
      case 'PolicyStatusChanged':
      case 'PolicyLapsed':
      case 'PolicyReinstated':
        return policyMoved(tx, event);
      case 'UserRegistered': {
        const d = event.data;
        await tx.query(
          `insert into compliance_users (user_id, company_id, username, role) values ($1, $2, $3, $4) on conflict do nothing`,
          [d.userId, d.companyId ?? null, d.username, d.role],
        );
        return;
      }
      case 'UserRoleChanged':
        await tx.query(`update compliance_users set role = $2 where user_id = $1`, [event.data.userId, event.data.to]);
        return;
      case 'UserPermissionGranted':
        return permissionGranted(tx, event);
      case 'UserPermissionRevoked':
        return resolveLogs(tx, T.permissionGranted, `user:${event.data.userId}:${event.data.permission}`, at);
      case 'LoginFailuresRepeated': {
        const d = event.data;
        const user = await userOf(tx, d.userId);
        return insertLog(tx, {
          id: event.eventId,
          companyId: d.companyId ?? user?.companyId ?? null,
          type: T.repeatedFailedLogins,
          severity: 'warning',
          title: 'Repeated failed sign-ins',
          description: `${d.failures} failed sign-in attempts for ${user?.username ?? 'a user'} within ${d.windowMinutes} minutes; sign-in was locked for a while.`,
          subject: `user:${d.userId}`,
          createdAt: at,
        });
      }
      case 'UserPasswordReset':
      case 'UserPasswordChanged':
        return resolveLogs(tx, T.repeatedFailedLogins, `user:${event.data.userId}`, at);
    }
  },
  applyBatch: (tx, events) => applyComplianceRuns(tx, events, (t, event) => complianceProjection.apply(t, event)),
});

async function companyName(tx: SqlExecutor, companyId: string): Promise<string> {
  const [row] = await tx.query<{ name: string }>(`select name from compliance_companies where company_id = $1`, [companyId]);
  return row?.name ?? 'A company';
}

async function userOf(tx: SqlExecutor, userId: string) {
  const [row] = await tx.query<{ username: string; role: string; companyId: string | null }>(
    `select username, role, company_id as "companyId" from compliance_users where user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/** Members counted like the quota counts them; an entry opens when the count passes the limit, and resolves when it is back under. */
async function checkMemberLimit(
  tx: SqlExecutor,
  event: Recorded<MemberRegistered | MemberDeleted | SchemeMemberAdded | SchemeMemberRemoved | SubscriptionTierChanged>,
  delta: number,
): Promise<void> {
  // The append's company when the data names none (hand-written logs); the write model always writes it.
  const companyId = String(event.data.companyId ?? event.metadata.companyId);
  const [row] = await tx.query<{ name: string; count: number; limit: number; wasOver: boolean }>(
    `update compliance_companies set member_count = greatest(0, member_count + $2) where company_id = $1
     returning name, member_count as count, member_limit as limit, over_limit as "wasOver"`,
    [companyId, delta],
  );
  if (!row) return;
  const over = row.limit !== -1 && row.count > row.limit;
  if (over === row.wasOver) return;
  await tx.query(`update compliance_companies set over_limit = $2 where company_id = $1`, [companyId, over]);
  const subject = `company:${companyId}`;
  if (!over) return resolveLogs(tx, T.memberLimitExceeded, subject, event.recordedAt);
  await insertLog(tx, {
    id: event.eventId,
    companyId,
    type: T.memberLimitExceeded,
    severity: 'critical',
    title: 'Member limit exceeded',
    description: `${row.name} has ${row.count} members, more than its plan's limit of ${row.limit}.`,
    subject,
    createdAt: event.recordedAt,
  });
}

/** An approval or rejection after the claim's decision deadline stores the late entry, resolved at the decision. */
async function claimDecided(tx: SqlExecutor, event: Recorded<ClaimStatusChanged>): Promise<void> {
  const to: string = event.data.to;
  if (to !== 'approved' && to !== 'rejected') return;
  const [claim] = await tx.query<{ companyId: string; claimNumber: string; dueAt: Date }>(
    `update compliance_claims c set decision_due_at = null from compliance_claims old
      where c.claim_id = $1 and old.claim_id = c.claim_id and old.decision_due_at is not null
      returning c.company_id as "companyId", c.claim_number as "claimNumber", old.decision_due_at as "dueAt"`,
    [event.data.claimId],
  );
  const decidedAt = event.data.decidedAt ? new Date(event.data.decidedAt) : event.recordedAt;
  if (!claim || decidedAt.getTime() <= claim.dueAt.getTime()) return;
  await tx.query(
    `insert into compliance_logs (id, company_id, type, severity, title, description, subject, resolved_at, created_at)
     values (${CLAIM_DECISION_LATE_ID('$1')}, $2, $3, 'warning', $4, $5, $6, $7, $8) on conflict (id) do nothing`,
    [
      event.data.claimId,
      claim.companyId,
      T.claimDecisionLate,
      CLAIM_DECISION_LATE_TITLE,
      claimDecisionLateDescription(claim.claimNumber, claim.dueAt, { to, at: decidedAt }),
      `claim:${event.data.claimId}`,
      decidedAt,
      claim.dueAt,
    ],
  );
}

/** Leaving submitted/under_review after more than 30 days stores the overdue entry, resolved now. */
async function claimMoved(tx: SqlExecutor, event: Recorded<ClaimStatusChanged>): Promise<void> {
  const to: string = event.data.to;
  const waiting = WAITING_STATUSES.includes(to);
  const [claim] = await tx.query<{ companyId: string; claimNumber: string; waitingSince: Date | null }>(
    `select company_id as "companyId", claim_number as "claimNumber", waiting_since as "waitingSince" from compliance_claims where claim_id = $1`,
    [event.data.claimId],
  );
  if (!claim) return;
  await tx.query(
    `update compliance_claims set status = $2, waiting_since = case when $3::boolean then coalesce(waiting_since, $4) else null end where claim_id = $1`,
    [event.data.claimId, to, waiting, event.recordedAt],
  );
  if (waiting || !claim.waitingSince) return;
  const due = new Date(claim.waitingSince.getTime() + OVERDUE_DAYS * 86_400_000);
  if (event.recordedAt.getTime() <= due.getTime()) return;
  await tx.query(
    `insert into compliance_logs (id, company_id, type, severity, title, description, subject, resolved_at, created_at)
     values (${CLAIM_OVERDUE_ID('$1')}, $2, $3, 'warning', $4, $5, $6, $7, $8) on conflict (id) do nothing`,
    [
      event.data.claimId,
      claim.companyId,
      T.claimOverdue,
      CLAIM_OVERDUE_TITLE,
      claimOverdueDescription(claim.claimNumber, claim.waitingSince),
      `claim:${event.data.claimId}`,
      event.recordedAt,
      due,
    ],
  );
}

/** A lapse, by staff or by the calendar, opens an entry; the policy active again resolves it. */
async function policyMoved(tx: SqlExecutor, event: Recorded<PolicyStatusEvent>): Promise<void> {
  const move = statusMove(event);
  const subject = `policy:${move.policyId}`;
  if (move.from === 'lapsed') await resolveLogs(tx, T.policyLapsed, subject, event.recordedAt);
  if (move.to !== 'lapsed') return;
  const [policy] = await tx.query<{ number: string }>(`select policy_number as number from compliance_policies where policy_id = $1`, [
    move.policyId,
  ]);
  await insertLog(tx, {
    id: event.eventId,
    companyId: move.companyId,
    type: T.policyLapsed,
    severity: 'warning',
    title: 'Policy lapsed',
    description: `Policy ${policy?.number ?? move.policyId} lapsed${move.note ? `: ${move.note}` : '.'}`,
    subject,
    createdAt: event.recordedAt,
  });
}

/** A grant of a permission the user's role does not have by default (an override worth reviewing); open until revoked. */
async function permissionGranted(tx: SqlExecutor, event: Recorded<UserPermissionGranted>): Promise<void> {
  const { permission, userId } = event.data;
  const user = await userOf(tx, userId);
  const role = user?.role ?? '';
  if (isCompanyRole(role) && DEFAULT_ROLE_PERMISSIONS[role].includes(permission)) return;
  const subject = `user:${userId}:${permission}`;
  const [open] = await tx.query(`select 1 from compliance_logs where type = $1 and subject = $2 and resolved_at is null`, [
    T.permissionGranted,
    subject,
  ]);
  if (open) return;
  const who = user ? `${user.username} (${roleLabel(role)})` : 'A user';
  await insertLog(tx, {
    id: event.eventId,
    companyId: event.data.companyId,
    type: T.permissionGranted,
    severity: 'info',
    title: 'Permission granted beyond role defaults',
    description: `${who} was granted ${permission}, which the role does not have by default.`,
    subject,
    createdAt: event.recordedAt,
  });
}

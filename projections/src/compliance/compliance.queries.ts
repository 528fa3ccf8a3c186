import type { SqlExecutor } from '@fpa/write-model/event-store';
import { isUuid } from '../portfolio/uuid.ts';
import {
  CLAIM_DECISION_LATE_ID,
  CLAIM_DECISION_LATE_TITLE,
  claimDecisionLateDescription,
  CLAIM_OVERDUE_ID,
  CLAIM_OVERDUE_TITLE,
  claimOverdueDescription,
  EVENT_PARKED_TITLE,
  LOG_TYPES,
  OVERDUE_DAYS,
} from './compliance.schema.ts';

export type ComplianceLogRow = {
  id: string;
  companyId: string | null;
  companyName: string | null;
  type: string;
  severity: string;
  title: string;
  description: string;
  /** Set once resolved (by a later event, or by the super admin with a note); Open while null. */
  resolvedAt: Date | null;
  /** The super admin's resolution (issue #25): the note and who wrote it (username); null when resolved by an event or open. */
  resolutionNote: string | null;
  resolvedBy: string | null;
  createdAt: Date;
};

type Row = Omit<ComplianceLogRow, 'description'> & {
  description: string | null;
  claimNumber: string | null;
  waitingSince: Date | null;
  lateSince: Date | null;
};

/**
 * The log, newest first. The stored entries, the events a read model parked (projection_parked, the
 * engine's table: open until a rebuild applied them), and the claims still waiting for a decision more than
 * 30 days at `now` (the caller's clock, passed in so the answer is reproducible): such an entry's
 * time is its waiting start + 30 days, and its id is the one it keeps when stored at resolution.
 */
export async function listComplianceLogs(
  sql: SqlExecutor,
  options: { now: Date; limit?: number; id?: string },
): Promise<ComplianceLogRow[]> {
  const rows = await sql.query<Row>(
    `with entries as (
       select id, company_id, type, severity, title, description, resolved_at, created_at,
              null::text as claim_number, null::timestamptz as waiting_since, null::timestamptz as late_since
         from compliance_logs
       union all
       select ${CLAIM_OVERDUE_ID('claim_id')}, company_id, $3, 'warning', $4, null, null,
              waiting_since + make_interval(days => $5), claim_number, waiting_since, null
         from compliance_claims
        where waiting_since is not null and waiting_since + make_interval(days => $5) < $1
       union all
       -- Undecided past the decision deadline (PPR rule 2A.8): open until the decision stores it, resolved.
       select ${CLAIM_DECISION_LATE_ID('claim_id')}, company_id, $8, 'warning', $9, null, null,
              decision_due_at, claim_number, null, decision_due_at
         from compliance_claims
        where decision_due_at is not null and decision_due_at < $1
       union all
       -- Events a read model could not apply (the projection engine parked them): platform faults.
       select md5('parked:' || projector || ':' || generation || ':' || global_position)::uuid,
              case when company_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then company_id::uuid end,
              $6, 'critical', $7,
              projector || ' could not apply ' || event_type || ' at position ' || global_position || ' (stream ' || stream_id
                || ', ' || attempts || ' tries): ' || left(error, 500)
                || '. The event is kept; after a fix, run: npm run projections -- retry-parked',
              resolved_at, parked_at, null, null, null
         from public.projection_parked
     )
     select e.id, e.company_id as "companyId", c.name as "companyName", e.type, e.severity, e.title, e.description,
            coalesce(e.resolved_at, r.resolved_at) as "resolvedAt", r.note as "resolutionNote",
            case when r.entry_id is not null then coalesce(u.username, 'Unknown user') end as "resolvedBy",
            e.created_at as "createdAt", e.claim_number as "claimNumber", e.waiting_since as "waitingSince",
            e.late_since as "lateSince"
       from entries e left join compliance_companies c on c.company_id = e.company_id
       left join compliance_resolutions r on r.entry_id = e.id
       left join compliance_users u on u.user_id = r.resolved_by
      where $10::uuid is null or e.id = $10::uuid
      order by e.created_at desc, e.id
      limit $2`,
    [
      options.now,
      options.limit ?? 500,
      LOG_TYPES.claimOverdue,
      CLAIM_OVERDUE_TITLE,
      OVERDUE_DAYS,
      LOG_TYPES.eventParked,
      EVENT_PARKED_TITLE,
      LOG_TYPES.claimDecisionLate,
      CLAIM_DECISION_LATE_TITLE,
      options.id ?? null,
    ],
  );
  return rows.map(({ claimNumber, waitingSince, lateSince, description, ...row }) => ({
    ...row,
    description:
      description ??
      (lateSince
        ? claimDecisionLateDescription(claimNumber ?? '', lateSince)
        : claimOverdueDescription(claimNumber ?? '', waitingSince ?? row.createdAt)),
  }));
}

/** One entry of the log at `now` (stored or computed), or null: what the super admin may resolve. */
export async function findComplianceLog(sql: SqlExecutor, id: string, now: Date): Promise<ComplianceLogRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await listComplianceLogs(sql, { now, limit: 1, id });
  return row ?? null;
}

import type { SqlExecutor } from '@fpa/write-model/event-store';

/*
 * The compliance reports, aggregated from the compliance projection's facts. Months and days are
 * South African (UTC+2, no daylight saving), like the other reports.
 */
const SA = (column: string) => `((${column} at time zone 'UTC') + interval '2 hours')`;

export type ReportActor = { userId: string | null; name: string; role: string | null };

export type TurnaroundMonth = { month: string; claimsPaid: number; medianDays: number; p90Days: number };

/** Claims paid per month of payment: days from submission to payment, median and 90th percentile (continuous). */
export async function claimsTurnaround(sql: SqlExecutor, companyId: string): Promise<TurnaroundMonth[]> {
  const rows = await sql.query<{ month: string; n: number; median: number; p90: number }>(
    `select to_char(${SA('paid_at')}, 'YYYY-MM') as month, count(*)::int as n,
            percentile_cont(0.5) within group (order by extract(epoch from paid_at - submitted_at) / 86400) as median,
            percentile_cont(0.9) within group (order by extract(epoch from paid_at - submitted_at) / 86400) as p90
       from audit_claims where company_id = $1 and paid_at is not null
      group by 1 order by 1`,
    [companyId],
  );
  return rows.map((r) => ({ month: r.month, claimsPaid: r.n, medianDays: round1(Number(r.median)), p90Days: round1(Number(r.p90)) }));
}

export type DecisionMonth = {
  month: string;
  /** Claims approved or rejected in the month; of those, decided after their deadline and decided with a clock. */
  decided: number;
  decidedLate: number;
  withClock: number;
  /** Business hours from the clock's start (the last document verified) to the decision; null without a clock. */
  medianBusinessHours: number | null;
  p90BusinessHours: number | null;
  rejected: number;
  /** Rejections by reason (waiting_period, not_covered, …), most first. */
  rejectionReasons: { reason: string; count: number }[];
};

/**
 * Claims decided per South African month (issue #23, PPR rule 2A.8): how many were decided after their
 * 2-business-day deadline, the median and 90th-percentile business time to decide, and the rejections by reason.
 */
export async function claimsDecisions(sql: SqlExecutor, companyId: string): Promise<DecisionMonth[]> {
  const rows = await sql.query<{
    month: string;
    decided: number;
    late: number;
    clocked: number;
    median: number | null;
    p90: number | null;
    rejected: number;
    reasons: { reason: string; count: number }[] | null;
  }>(
    `with decided as (
       select to_char(${SA('decided_at')}, 'YYYY-MM') as month, * from audit_claims where company_id = $1 and decided_at is not null
     ), reasons as (
       select month, jsonb_agg(jsonb_build_object('reason', reason, 'count', n) order by n desc, reason) as reasons
         from (select month, coalesce(rejection_reason, 'unknown') as reason, count(*)::int as n
                 from decided where decision = 'rejected' group by 1, 2) r
        group by month
     )
     select d.month, count(*)::int as decided, count(*) filter (where d.decided_at > d.decision_due_at)::int as late,
            count(d.decision_business_minutes)::int as clocked,
            percentile_cont(0.5) within group (order by d.decision_business_minutes / 60.0) as median,
            percentile_cont(0.9) within group (order by d.decision_business_minutes / 60.0) as p90,
            count(*) filter (where d.decision = 'rejected')::int as rejected, r.reasons
       from decided d left join reasons r on r.month = d.month
      group by d.month, r.reasons order by d.month`,
    [companyId],
  );
  return rows.map((r) => ({
    month: r.month,
    decided: r.decided,
    decidedLate: r.late,
    withClock: r.clocked,
    medianBusinessHours: r.median === null ? null : round1(Number(r.median)),
    p90BusinessHours: r.p90 === null ? null : round1(Number(r.p90)),
    rejected: r.rejected,
    rejectionReasons: r.reasons ?? [],
  }));
}

export type AgeingBucket = { bucket: string; minDays: number; maxDays: number | null; count: number; claimIds: string[] };

export const AGEING_BUCKETS: readonly { bucket: string; minDays: number; maxDays: number | null }[] = [
  { bucket: '0-7', minDays: 0, maxDays: 7 },
  { bucket: '8-14', minDays: 8, maxDays: 14 },
  { bucket: '15-30', minDays: 15, maxDays: 30 },
  { bucket: '31-60', minDays: 31, maxDays: 60 },
  { bucket: '61-90', minDays: 61, maxDays: 90 },
  { bucket: '90+', minDays: 91, maxDays: null },
];

/** Open claims (neither paid nor rejected) by whole days open at `asOf`, every bucket listed. */
export async function claimsAgeing(sql: SqlExecutor, companyId: string, asOf: Date): Promise<AgeingBucket[]> {
  const rows = await sql.query<{ id: string; days: number }>(
    `select id::text as id, floor(extract(epoch from $2::timestamptz - submitted_at) / 86400)::int as days
       from audit_claims where company_id = $1 and status not in ('paid', 'rejected') and submitted_at <= $2::timestamptz
      order by submitted_at, id`,
    [companyId, asOf.toISOString()],
  );
  return AGEING_BUCKETS.map((b) => {
    const ids = rows.filter((r) => r.days >= b.minDays && (b.maxDays === null || r.days <= b.maxDays)).map((r) => r.id);
    return { ...b, count: ids.length, claimIds: ids };
  });
}

export type LapseMonth = { month: string; activeAtStart: number; lapsed: number; ratio: number };

/**
 * Per month from the first policy issued to `today`'s month: policies active when the month began
 * (issued before it, and their last status change before it, if any, made them active) and
 * policies that lapsed during it.
 */
export async function lapseRatio(sql: SqlExecutor, companyId: string, today: Date): Promise<LapseMonth[]> {
  const rows = await sql.query<{ month: string; active: number; lapsed: number }>(
    `with months as (
       select m as start, m + interval '1 month' as finish
         from generate_series(
           date_trunc('month', (select min(${SA('issued_at')}) from audit_policies where company_id = $1)),
           date_trunc('month', ${SA('$2::timestamptz')}), interval '1 month') as m
     )
     select to_char(months.start, 'YYYY-MM') as month,
            (select count(*)::int from audit_policies p
              where p.company_id = $1 and ${SA('p.issued_at')} < months.start
                and coalesce((select s.to_status from audit_policy_status s
                               where s.policy_id = p.id and ${SA('s.at')} < months.start
                               order by s.at desc, s.position desc limit 1), 'active') = 'active') as active,
            (select count(*)::int from audit_policy_status s
              where s.company_id = $1 and s.to_status = 'lapsed' and ${SA('s.at')} >= months.start and ${SA('s.at')} < months.finish) as lapsed
       from months order by months.start`,
    [companyId, today.toISOString()],
  );
  return rows.map((r) => ({
    month: r.month,
    activeAtStart: r.active,
    lapsed: r.lapsed,
    ratio: r.active === 0 ? 0 : Math.round((r.lapsed / r.active) * 10_000) / 10_000,
  }));
}

export type WaitingPeriodPolicy = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  memberName: string;
  startDate: string;
  waitingPeriodEnds: string;
  daysRemaining: number;
};

/** Active policies whose waiting period (months from the start date) has not ended by `asOf` (a date). */
export async function policiesInWaitingPeriod(sql: SqlExecutor, companyId: string, asOf: string): Promise<WaitingPeriodPolicy[]> {
  const rows = await sql.query<WaitingPeriodPolicy>(
    `select c.id::text as "policyId", c.policy_number as "policyNumber", c.member_id::text as "memberId",
            coalesce(nullif(trim(coalesce(p.member_first_name, '') || ' ' || coalesce(p.member_last_name, '')), ''), '') as "memberName",
            to_char(c.start_date, 'YYYY-MM-DD') as "startDate",
            to_char(c.start_date + make_interval(months => c.waiting_period), 'YYYY-MM-DD') as "waitingPeriodEnds",
            ((c.start_date + make_interval(months => c.waiting_period))::date - $2::date) as "daysRemaining"
       from audit_policies c left join policies p on p.company_id = $1 and p.id = c.id
      where c.company_id = $1 and c.status = 'active' and (c.start_date + make_interval(months => c.waiting_period))::date > $2::date
      order by "waitingPeriodEnds", c.policy_number`,
    [companyId, asOf],
  );
  return rows.map((r) => ({ ...r, daysRemaining: Number(r.daysRemaining) }));
}

export type SuspendedCompany = { companyId: string; name: string; suspendedAt: Date; reason: string | null };

/** Suspended companies: all of them (companyId null: the platform's view) or the one asked about. */
export async function suspendedCompanies(sql: SqlExecutor, companyId: string | null): Promise<SuspendedCompany[]> {
  return sql.query<SuspendedCompany>(
    `select id::text as "companyId", name, suspended_at as "suspendedAt", reason from audit_companies
      where status = 'suspended' and ($1::uuid is null or id = $1::uuid) order by suspended_at, name`,
    [companyId],
  );
}

const ACTOR = (column: string) =>
  `coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), case when ${column} is null then 'System' else 'Unknown user' end) as "actorName",
   u.role as "actorRole"`;

export type PermissionChange = {
  position: number;
  occurredAt: Date;
  eventType: string;
  actor: ReportActor;
  targetUserId: string | null;
  targetRole: string | null;
  permission: string | null;
  detail: string;
};

export async function permissionChanges(
  sql: SqlExecutor,
  companyId: string,
  range: { from?: Date | null; to?: Date | null } = {},
): Promise<PermissionChange[]> {
  const rows = await sql.query<
    Row & { eventType: string; targetUserId: string | null; targetRole: string | null; permission: string | null; detail: string }
  >(
    `select c.position, c.at as "occurredAt", c.event_type as "eventType", c.actor_user_id::text as "actorUserId", ${ACTOR('c.actor_user_id')},
            c.target_user_id::text as "targetUserId", c.target_role as "targetRole", c.permission, c.detail
       from audit_permission_changes c left join user_accounts u on u.id = c.actor_user_id
      where c.company_id = $1 and ($2::timestamptz is null or c.at >= $2::timestamptz) and ($3::timestamptz is null or c.at <= $3::timestamptz)
      order by c.position`,
    [companyId, range.from?.toISOString() ?? null, range.to?.toISOString() ?? null],
  );
  return rows.map(({ actorUserId, actorName, actorRole, position, ...rest }) => ({
    ...rest,
    position: Number(position),
    actor: { userId: actorUserId, name: actorName, role: actorRole },
  }));
}

export type PersonalDataRequest = {
  position: number;
  occurredAt: Date;
  kind: 'export' | 'erasure' | 'erasure_refused';
  subjectReference: string;
  actor: ReportActor;
  reason: string | null;
  outcome: string;
};

export async function personalDataRequests(sql: SqlExecutor, companyId: string): Promise<PersonalDataRequest[]> {
  const rows = await sql.query<
    Row & { kind: PersonalDataRequest['kind']; subjectReference: string; reason: string | null; outcome: string }
  >(
    `select c.position, c.at as "occurredAt", c.kind, c.subject_reference as "subjectReference", c.actor_user_id::text as "actorUserId",
            ${ACTOR('c.actor_user_id')}, c.reason, c.outcome
       from audit_data_requests c left join user_accounts u on u.id = c.actor_user_id
      where c.company_id = $1 order by c.position`,
    [companyId],
  );
  return rows.map(({ actorUserId, actorName, actorRole, position, ...rest }) => ({
    ...rest,
    position: Number(position),
    actor: { userId: actorUserId, name: actorName, role: actorRole },
  }));
}

type Row = { position: number; occurredAt: Date; actorUserId: string | null; actorName: string; actorRole: string | null };

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

import type { GroupSchemeCreated, GroupSchemeUpdated, SchemeMemberAdded, SchemeMemberRemoved } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { priorCoverOf, SCHEME_WAITING_TERMS } from '@fpa/write-model/validation';
import type { Recorded } from '../engine/typed.ts';
import { companyOf } from './event-data.ts';
import { ADD_TO_STATS } from './portfolio.schema.ts';

/*
 * Group schemes' people are insured people too (issue #22): each is a row of members, marked with its
 * scheme (scheme_id), and a main member's group policy is a row of policies (scheme_id set, no policy
 * type), so the members and policies lists, their searches and the member's page read them like anyone
 * else's. Their own counters (scheme_members, scheme_active_policies, scheme_cancelled_policies) are added
 * to the lists' totals, the dashboard's cards and the platform's members (issue #22: they count as members).
 */

export const SCHEME_EVENTS = ['GroupSchemeCreated', 'GroupSchemeUpdated', 'SchemeMemberAdded', 'SchemeMemberRemoved'] as const;

export async function schemeNamed(tx: SqlExecutor, event: Recorded<GroupSchemeCreated | GroupSchemeUpdated>): Promise<void> {
  await tx.query(
    `insert into portfolio_schemes (id, company_id, name) values ($1, $2, $3)
     on conflict (id) do update set name = excluded.name`,
    [event.data.schemeId, companyOf(event), event.data.name ?? ''],
  );
}

/**
 * The person's row; for a main member also their group policy, active from the day they joined (South
 * African day), its cover the amount the scheme gave them (0 when none), no premium of its own (the
 * scheme pays by group payments) and the scheme's waiting terms, the ones its claims are checked against.
 * The person's cover proven elsewhere is kept as anyone's (members.prior_cover).
 */
export async function schemeMemberAdded(tx: SqlExecutor, event: Recorded<SchemeMemberAdded>): Promise<void> {
  const d: Partial<SchemeMemberAdded['data']> = event.data;
  const isMain = d.isMainMember === true;
  const saId = d.saId ?? null;
  const priorCover = priorCoverOf(d.priorCover);
  await tx.query(
    `with m as (
       insert into members (id, company_id, first_name, last_name, identifier_type, sa_id, passport_number, nationality,
                            email, phone, address, city, province, postal_code, date_of_birth, is_main_member,
                            main_member_id, relationship, other_relationship, policy_id, scheme_id, source, position,
                            created_at, updated_at, prior_cover)
       values ($1, $2, $3, $4, 'saId', $5, null, 'ZA', $6, $7, $8, $9, $10, $11, null, $12, $13, $14, null,
               case when $12 then $15::uuid end, $16, 'scheme', $17, $18, $18, $21::jsonb)
       on conflict (company_id, id) do nothing
       returning company_id
     ), p as (
       insert into policies (id, company_id, policy_number, member_id, member_first_name, member_last_name, member_phone,
                             member_id_number, policy_type_id, scheme_id, status, monthly_premium, coverage_amount,
                             waiting_period, suicide_waiting_months, start_date, position, created_at, updated_at)
       select $15, company_id, $19, $1, $3, $4, $7, $5, null, $16, 'active', 0, coalesce($20::numeric, 0), $22, $23,
              ($18::timestamptz at time zone 'Africa/Johannesburg')::date, $17, $18, $18
         from m where $12
       on conflict (company_id, id) do nothing
       returning company_id
     )
     insert into portfolio_stats (company_id, scheme_members, scheme_active_policies)
     select company_id, 1, (select count(*) from p)::int from m
     ${ADD_TO_STATS}`,
    [
      d.memberId,
      companyOf(event),
      d.firstName ?? '',
      d.lastName ?? '',
      saId,
      d.email ?? null,
      d.phone ?? null,
      d.address ?? null,
      d.city ?? null,
      d.province ?? null,
      d.postalCode ?? null,
      isMain,
      isMain ? null : (d.mainMemberId ?? null),
      d.relationship ?? (isMain ? null : 'other'),
      d.policyId ?? null,
      d.schemeId,
      event.globalPosition,
      event.recordedAt,
      d.policyNumber ?? '',
      d.coverAmount ?? null,
      priorCover ? JSON.stringify(priorCover) : null,
      SCHEME_WAITING_TERMS.waitingPeriod,
      SCHEME_WAITING_TERMS.suicideWaitingMonths,
    ],
  );
}

/** The person leaves the lists; a main member's group policy stays, cancelled (its payments still point at it). */
export async function schemeMemberRemoved(tx: SqlExecutor, event: Recorded<SchemeMemberRemoved>): Promise<void> {
  await tx.query(
    `with d as (
       delete from members where id = $1 and company_id = $2 and scheme_id = $3 returning company_id
     ), p as (
       update policies set status = 'cancelled', updated_at = $4
        where member_id = $1 and company_id = $2 and scheme_id = $3 and status = 'active'
       returning company_id
     )
     insert into portfolio_stats (company_id, scheme_members, scheme_active_policies, scheme_cancelled_policies)
     select $2, -(select count(*) from d)::int, -(select count(*) from p)::int, (select count(*) from p)::int
      where exists (select 1 from d) or exists (select 1 from p)
     ${ADD_TO_STATS}`,
    [event.data.memberId, companyOf(event), event.data.schemeId, event.recordedAt],
  );
}

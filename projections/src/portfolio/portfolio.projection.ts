import type {
  PolicyHolderSucceeded,
  PolicyLifeAdded,
  PolicyLifeRemoved,
  PolicyTypeChanged,
  ClaimEvent,
  ClaimStatusChanged,
  ClaimSubmitted,
  BeneficiariesNominated,
  GroupSchemeEvent,
  MemberDeleted,
  MemberEvent,
  MemberRegistered,
  MemberUpdated,
  PolicyEvent,
  PolicyIssued,
  PolicyTypeCreated,
  PolicyTypeEvent,
  PolicyTypeUpdated,
} from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { priorCoverOf } from '@fpa/write-model/validation';
import { personal } from '../engine/personal.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { rowSet } from '../engine/row-set.ts';
import { companyOf, memberRegisteredRow, policyIssuedRow, statusChangedRow } from './event-data.ts';
import { applyRuns } from './portfolio.batch.ts';
import { POLICY_STATUS_EVENTS, type PolicyStatusEvent } from './policy-status.ts';
import {
  ADD_TO_STATS,
  createPortfolioTables,
  PORTFOLIO_PARTITIONED_TABLES,
  PORTFOLIO_TABLES,
  suicideWaitOfTerms,
} from './portfolio.schema.ts';
import { SCHEME_EVENTS, schemeMemberAdded, schemeMemberRemoved, schemeNamed } from './portfolio-schemes.ts';

const BENEFICIARY_ROWS = rowSet(`
  ordinal integer, "firstName" text, "lastName" text, "idNumber" text, relationship text, phone text,
  share numeric`);

/**
 * Policy types, members, policies and the per-company figures the dashboard and the member limit
 * read. Each handler is a single statement (writable CTEs move the row and the counters together),
 * because a 50,000-row CSV import arrives here as 50,000 registrations and 50,000 issued policies;
 * applyBatch (portfolio.batch.ts) writes a run of those with one statement, to the same result.
 */
export const portfolioProjection: Projector = projectorOf<PolicyTypeEvent | MemberEvent | PolicyEvent | ClaimEvent | GroupSchemeEvent>()({
  name: 'portfolio',
  // 2: members' stored lower-cased search columns (portfolio.schema.ts).
  // 3: the calendar's PolicyLapsed and PolicyReinstated move a policy's status and the counters; the policy
  //    types' calendar rules and the policies' debit day (issue #20).
  // 4: a life is marked deceased when a death claim for it is approved (issue #22, portfolio_claim_lives),
  //    and the policies' beneficiaries (issue #22, policy_beneficiaries).
  // 5: policy types' benefit tables and suicide waiting period, each policy's lives with their own cover and
  //    premium, and the members' prior cover (issue #22: policy_types.benefits, .suicide_waiting_months,
  //    policies.lives, members.prior_cover); group schemes' members and their group policies are rows of
  //    members and policies, marked with their scheme (issue #22, portfolio-schemes.ts).
  // 6: a life removed as deceased (PolicyLifeRemoved reason 'deceased') stays in policies.lives with cover and
  //    premium 0 and its deceasedOn (issue #22); policy types' rule on the main member's death
  //    (policy_types.on_main_member_death, issue #22); the spouse who holds a policy after the main member's
  //    death is its member (policies.holder_member_id, PolicyHolderSucceeded).
  // 7: a member's prior cover given at an edit (MemberUpdated.priorCover, issue #22) replaces members.prior_cover.
  // 8: each policy's own suicide wait, copied at issue and at a change of type (policies.suicide_waiting_months,
  //    issue #22), which the schedule prints.
  // 9: a group scheme member's prior cover (SchemeMemberAdded.priorCover) in members.prior_cover, and a group
  //    policy's waiting terms written from the scheme's (SCHEME_WAITING_TERMS: its suicide wait was left null and
  //    the schedule printed the 12-month default while claims used 0), issue #22.
  // 10: members and policies keyed by company first, so they can be partitioned by company (issue #28).
  // 11: policies' searched columns stored lower-cased (search_*), searched with starts_with() as members are
  //     (ADR 0003): the dashboard search by SA ID read all of a company's policies under the tenant wall (issue #26).
  version: 11,
  handles: [
    'PolicyTypeCreated',
    'PolicyTypeUpdated',
    'MemberRegistered',
    'MemberUpdated',
    'MemberDeleted',
    'PolicyIssued',
    ...POLICY_STATUS_EVENTS,
    'ClaimSubmitted',
    'ClaimStatusChanged',
    'BeneficiariesNominated',
    ...SCHEME_EVENTS,
    'PolicyLifeAdded',
    'PolicyLifeRemoved',
    'PolicyTypeChanged',
    'PolicyHolderSucceeded',
  ],
  tables: PORTFOLIO_TABLES,
  partitionedTables: PORTFOLIO_PARTITIONED_TABLES,
  init: createPortfolioTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'PolicyTypeCreated':
        return policyTypeCreated(tx, event);
      case 'PolicyTypeUpdated':
        return policyTypeUpdated(tx, event);
      case 'MemberRegistered':
        return memberRegistered(tx, event);
      case 'MemberUpdated':
        return memberUpdated(tx, event);
      case 'MemberDeleted':
        return memberDeleted(tx, event);
      case 'PolicyIssued':
        return policyIssued(tx, event);
      case 'PolicyStatusChanged':
      case 'PolicyLapsed':
      case 'PolicyReinstated':
        return policyStatusChanged(tx, event);
      case 'ClaimSubmitted':
        return claimSubmitted(tx, event);
      case 'ClaimStatusChanged':
        return claimStatusChanged(tx, event);
      case 'BeneficiariesNominated':
        return beneficiariesNominated(tx, event);
      case 'GroupSchemeCreated':
      case 'GroupSchemeUpdated':
        return schemeNamed(tx, event);
      case 'SchemeMemberAdded':
        return schemeMemberAdded(tx, event);
      case 'SchemeMemberRemoved':
        return schemeMemberRemoved(tx, event);
      case 'PolicyLifeAdded':
      case 'PolicyLifeRemoved':
        return policyLivesChanged(tx, event);
      case 'PolicyTypeChanged':
        return policyTypeChanged(tx, event);
      case 'PolicyHolderSucceeded':
        return policyHolderSucceeded(tx, event);
    }
  },
  applyBatch: (tx, events) => applyRuns(tx, events, (t, event) => portfolioProjection.apply(t, event)),
});

async function policyTypeCreated(tx: SqlExecutor, event: Recorded<PolicyTypeCreated>): Promise<void> {
  const d = event.data;
  await tx.query(
    `insert into policy_types (id, company_id, name, description, coverage_amount, monthly_premium, waiting_period,
                               is_active, position, created_at, updated_at, grace_days, lapse_after_missed, reinstatement_months,
                               benefits, suicide_waiting_months, on_main_member_death)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14::text::jsonb, $15, $16) on conflict (id) do nothing`,
    [
      d.policyTypeId,
      companyOf(event),
      d.name,
      d.description ?? null,
      d.coverageAmount,
      d.monthlyPremium,
      Number(d.waitingPeriod),
      d.isActive !== false,
      event.globalPosition,
      event.recordedAt,
      d.graceDays ?? null,
      d.lapseAfterMissed ?? null,
      d.reinstatementMonths ?? null,
      d.benefits?.length ? JSON.stringify(d.benefits) : null,
      d.suicideWaitingMonths ?? null,
      d.onMainMemberDeath ?? null,
    ],
  );
}

/** New terms for new policies; issued policies keep the terms copied at issue, only the name is shown current. */
async function policyTypeUpdated(tx: SqlExecutor, event: Recorded<PolicyTypeUpdated>): Promise<void> {
  const d = event.data;
  await tx.query(
    `update policy_types set name = $3, description = $4, coverage_amount = $5, monthly_premium = $6,
            waiting_period = $7, is_active = $8, updated_at = $9,
            grace_days = $10, lapse_after_missed = $11, reinstatement_months = $12, benefits = $13::text::jsonb,
            suicide_waiting_months = $14, on_main_member_death = $15
      where id = $1 and company_id = $2`,
    [
      d.policyTypeId,
      companyOf(event),
      d.name,
      d.description ?? null,
      d.coverageAmount,
      d.monthlyPremium,
      Number(d.waitingPeriod),
      d.isActive !== false,
      event.recordedAt,
      d.graceDays ?? null,
      d.lapseAfterMissed ?? null,
      d.reinstatementMonths ?? null,
      d.benefits?.length ? JSON.stringify(d.benefits) : null,
      d.suicideWaitingMonths ?? null,
      d.onMainMemberDeath ?? null,
    ],
  );
}

async function memberRegistered(tx: SqlExecutor, event: Recorded<MemberRegistered>): Promise<void> {
  const r = memberRegisteredRow(event);
  // One statement (a CSV import is many of these): the member row, the counters, the month's
  // registrations, and the name on the registration's policy in case PolicyIssued was projected first.
  await tx.query(
    `with m as (
       insert into members (id, company_id, first_name, last_name, identifier_type, sa_id, passport_number, nationality,
                            email, phone, address, city, province, postal_code, date_of_birth, is_main_member,
                            main_member_id, relationship, other_relationship, policy_id, source, position,
                            created_at, updated_at, prior_cover)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
               $23, $23, $26::text::jsonb)
       on conflict (company_id, id) do nothing
       returning company_id, is_main_member
     ), s as (
       insert into portfolio_stats (company_id, total_members, main_members)
       select company_id, 1, is_main_member::int from m
       ${ADD_TO_STATS}
     ), p as (
       update policies set member_first_name = $3, member_last_name = $4, member_phone = $10, member_id_number = $25
        where company_id = $2 and id = $20 and member_id = $1
     )
     insert into portfolio_member_months (company_id, month, registrations)
     select company_id, $24::date, 1 from m
     on conflict (company_id, month) do update set registrations = portfolio_member_months.registrations + 1`,
    [
      r.id,
      r.company_id,
      r.first_name,
      r.last_name,
      r.identifier_type,
      r.sa_id,
      r.passport_number,
      r.nationality,
      r.email,
      r.phone,
      r.address,
      r.city,
      r.province,
      r.postal_code,
      r.date_of_birth,
      r.is_main_member,
      r.main_member_id,
      r.relationship,
      r.other_relationship,
      r.policy_id,
      r.source,
      r.position,
      r.created_at,
      r.month,
      r.id_number,
      r.prior_cover ? JSON.stringify(r.prior_cover) : null,
    ],
  );
}

async function memberUpdated(tx: SqlExecutor, event: Recorded<MemberUpdated>): Promise<void> {
  const d = event.data;
  await tx.query(
    `with m as (
       update members set first_name = $3, last_name = $4, email = $5, phone = $6, address = $7, city = $8,
              province = $9, postal_code = $10, date_of_birth = $11, updated_at = $12,
              -- A family member's edit carries the relationship (issue #22); a main member's has none.
              relationship = coalesce($13, relationship),
              other_relationship = case when $13::text is null then other_relationship else $14 end,
              -- Prior cover given at an edit (issue #22); absent: as it was.
              prior_cover = coalesce($15::text::jsonb, prior_cover)
        where id = $1 and company_id = $2
       returning id
     )
     update policies set member_first_name = $3, member_last_name = $4, member_phone = $6, updated_at = $12
      where coalesce(holder_member_id, member_id) = $1 and company_id = $2 and exists (select 1 from m)`,
    [
      d.memberId,
      companyOf(event),
      // Absent fields (events written by hand) read as '' or null, as the projector always read them.
      d.firstName ?? '',
      d.lastName ?? '',
      d.email ?? null,
      d.phone ?? null,
      d.address ?? null,
      d.city ?? null,
      d.province ?? null,
      d.postalCode ?? null,
      d.dateOfBirth ?? null,
      event.recordedAt,
      d.relationship ?? null,
      d.otherRelationship ?? null,
      // A sealed field of an erased person reads '[erased]': only a well-formed prior cover is written.
      priorCoverJson(d.priorCover),
    ],
  );
}

/**
 * The life a death claim is for: the member on the claim's policy (its main member or one of their family)
 * holding the deceased's SA ID. None when the deceased is not on the policy (the claim's own flag says so)
 * or their ID reads erased.
 */
async function claimSubmitted(tx: SqlExecutor, event: Recorded<ClaimSubmitted>): Promise<void> {
  const d = event.data;
  const deceasedId = personal(d.deceasedSaId);
  // A hand-written or imported claim may lack the policy: then no life is known to mark.
  if (!deceasedId || typeof d.policyId !== 'string') return;
  await tx.query(
    `insert into portfolio_claim_lives (claim_id, company_id, member_id)
     select $1, $2, m.id
       from policies p
       join members m on m.company_id = p.company_id and (m.id = p.member_id or m.main_member_id = p.member_id)
      where p.id = $3 and p.company_id = $2 and m.sa_id = $4
      order by m.is_main_member desc
      limit 1
     on conflict (claim_id) do nothing`,
    [d.claimId, companyOf(event), d.policyId, deceasedId],
  );
}

/** An approved (or paid) death claim: the person it is for is deceased (issue #22). Approval is never undone. */
async function claimStatusChanged(tx: SqlExecutor, event: Recorded<ClaimStatusChanged>): Promise<void> {
  const d = event.data;
  if (d.to !== 'approved' && d.to !== 'paid') return;
  await tx.query(
    `update members set status = 'deceased', updated_at = $3
      where id = (select member_id from portfolio_claim_lives where claim_id = $1) and company_id = $2 and status <> 'deceased'`,
    [d.claimId, companyOf(event), event.recordedAt],
  );
}

/** Leaves the list and the member count; registrations of its month still count towards growth. */
async function memberDeleted(tx: SqlExecutor, event: Recorded<MemberDeleted>): Promise<void> {
  await tx.query(
    `with d as (delete from members where id = $1 and company_id = $2 returning company_id, is_main_member)
     insert into portfolio_stats (company_id, total_members, main_members)
     select company_id, -1, -(is_main_member::int) from d
     ${ADD_TO_STATS}`,
    [event.data.memberId, companyOf(event)],
  );
}

/**
 * PolicyIssued carries no status: a policy is active when issued. Counters and revenue move with it,
 * and the member's row points at its newest policy.
 */
async function policyIssued(tx: SqlExecutor, event: Recorded<PolicyIssued>): Promise<void> {
  const r = policyIssuedRow(event);
  await tx.query(
    `with p as (
       insert into policies (id, company_id, policy_number, member_id, member_first_name, member_last_name,
                             member_phone, member_id_number, policy_type_id, status, monthly_premium,
                             coverage_amount, waiting_period, start_date, agent_id, position, created_at, updated_at, debit_day, lives,
                             suicide_waiting_months)
       select $1, $2, $3, $4, m.first_name, m.last_name, m.phone,
              case when m.identifier_type = 'passport' then coalesce(m.passport_number, m.sa_id)
                   else coalesce(m.sa_id, m.passport_number) end,
              $5, 'active', $6, $7, $8, $9::date, $10, $11, $12, $12, $13, $14::text::jsonb,
              ${suicideWaitOfTerms('$15::int', '$5::uuid', '$2::uuid')}
         from (select 1) one left join members m on m.id = $4 and m.company_id = $2
       on conflict (company_id, id) do nothing
       returning company_id, member_id, monthly_premium
     ), s as (
       insert into portfolio_stats (company_id, active_policies, monthly_revenue)
       select company_id, 1, monthly_premium from p
       ${ADD_TO_STATS}
     )
     update members set policy_id = $1 where id = $4 and company_id = $2 and exists (select 1 from p)`,
    [
      r.id,
      r.company_id,
      r.policy_number,
      r.member_id,
      r.policy_type_id,
      r.monthly_premium,
      r.coverage_amount,
      r.waiting_period,
      r.start_date,
      r.agent_id,
      r.position,
      r.created_at,
      r.debit_day,
      JSON.stringify(r.lives),
      r.suicide_waiting_months,
    ],
  );
}

/**
 * Issue #22: a life joined or left a policy with a benefit table: the policy's lives and premium (the sum
 * of its lives), and the company's monthly revenue by the difference while the policy is active.
 */
/** Issue #22: the policy on its new type: the type, the cover, the premium and the lives; revenue by the difference. */
async function policyTypeChanged(tx: SqlExecutor, event: Recorded<PolicyTypeChanged>): Promise<void> {
  const d = event.data;
  await tx.query(
    `with old as (
       select id, status, monthly_premium from policies where id = $1 and company_id = $2 for update
     ), p as (
       update policies p set policy_type_id = $3, coverage_amount = $4, monthly_premium = $5, updated_at = $7,
                             suicide_waiting_months = ${suicideWaitOfTerms('$8::int', '$3::uuid', '$2::uuid')},
                             -- the lives that died stay listed (deceased, cover 0) beside the repriced ones; a type
                             -- without a table lists no lives
                             lives = case when jsonb_array_length($6::text::jsonb) = 0 then '[]'::jsonb
                                          else $6::text::jsonb || coalesce((select jsonb_agg(l) from jsonb_array_elements(p.lives) l where l ? 'deceasedOn'), '[]') end
         from old where p.company_id = $2 and p.id = old.id
       returning p.company_id, p.monthly_premium - old.monthly_premium as delta, old.status
     )
     update portfolio_stats s set monthly_revenue = s.monthly_revenue + p.delta
       from p where s.company_id = p.company_id and p.status = 'active'`,
    [
      d.policyId,
      companyOf(event),
      d.toPolicyTypeId,
      d.coverageAmount,
      d.monthlyPremium,
      JSON.stringify(d.lives),
      event.recordedAt,
      d.suicideWaitingMonths ?? null,
    ],
  );
}

/** Issue #22: the spouse holds the policy since the main member died: the policy's member is now named as them. */
async function policyHolderSucceeded(tx: SqlExecutor, event: Recorded<PolicyHolderSucceeded>): Promise<void> {
  const d = event.data;
  await tx.query(
    `update policies p set holder_member_id = m.id, member_first_name = m.first_name, member_last_name = m.last_name,
            member_phone = m.phone, member_id_number = coalesce(m.sa_id, m.passport_number), updated_at = $4
       from members m
      where p.id = $1 and p.company_id = $2 and m.id = $3 and m.company_id = $2`,
    [d.policyId, companyOf(event), d.toMemberId, event.recordedAt],
  );
}

async function policyLivesChanged(tx: SqlExecutor, event: Recorded<PolicyLifeAdded | PolicyLifeRemoved>): Promise<void> {
  const d = event.data;
  // The life is taken out, and put back with its new terms when it joined ($5 null when it left); a life that
  // died stays, cover and premium 0 ($7: what it is marked with).
  const lives = `(select coalesce(jsonb_agg(case when l->>'memberId' = $4::text then l || $7::text::jsonb else l end)
                            filter (where l->>'memberId' <> $4::text or $7::text is not null), '[]')
                    from jsonb_array_elements(p.lives) l)
                 || case when $5::text is null then '[]'::jsonb else jsonb_build_array($5::text::jsonb) end`;
  const deceased =
    'life' in d || d.reason !== 'deceased'
      ? null
      : JSON.stringify({ coverAmount: '0.00', monthlyPremium: '0.00', deceasedOn: d.diedOn ?? d.removedOn });
  await tx.query(
    `with old as (
       select id, company_id, status, monthly_premium from policies where id = $1 and company_id = $2 for update
     ), p as (
       update policies p set monthly_premium = $3, lives = ${lives}, updated_at = $6
         from old where p.company_id = $2 and p.id = old.id
       returning p.company_id, p.monthly_premium - old.monthly_premium as delta, old.status
     )
     update portfolio_stats s set monthly_revenue = s.monthly_revenue + p.delta
       from p where s.company_id = p.company_id and p.status = 'active'`,
    [
      d.policyId,
      companyOf(event),
      d.monthlyPremium,
      'life' in d ? d.life.memberId : d.memberId,
      'life' in d ? JSON.stringify(d.life) : null,
      event.recordedAt,
      deceased,
    ],
  );
}

/**
 * The counters move from the status the row had (the event's `from` says the same; the row is what
 * the counters were built from), and revenue follows the policy in and out of 'active'.
 */
async function policyStatusChanged(tx: SqlExecutor, event: Recorded<PolicyStatusEvent>): Promise<void> {
  const r = statusChangedRow(event);
  await tx.query(
    `with old as (
       select id, company_id, status, monthly_premium from policies where id = $1 and company_id = $2
     ), u as (
       update policies p set status = $3::text, updated_at = $4 from old where p.company_id = old.company_id and p.id = old.id
       returning old.company_id, old.status as was, old.monthly_premium
     )
     insert into portfolio_stats (company_id, active_policies, lapsed_policies, cancelled_policies, monthly_revenue)
     select company_id,
            ($3::text = 'active')::int - (was = 'active')::int,
            ($3::text = 'lapsed')::int - (was = 'lapsed')::int,
            ($3::text = 'cancelled')::int - (was = 'cancelled')::int,
            monthly_premium * (($3::text = 'active')::int - (was = 'active')::int)
       from u
     ${ADD_TO_STATS}`,
    [r.id, r.company_id, r.status, r.at],
  );
}

/** The set replaced whole: the old rows go, the new ones come in the order nominated. */
async function beneficiariesNominated(tx: SqlExecutor, event: Recorded<BeneficiariesNominated>): Promise<void> {
  const d = event.data;
  // Two statements: a writable CTE's delete and the insert of the same keys would race within one.
  await tx.query(`delete from policy_beneficiaries where policy_id = $1`, [d.policyId]);
  await tx.query(
    `insert into policy_beneficiaries (policy_id, ordinal, company_id, first_name, last_name, id_number, relationship, phone, share)
     select $1, b.ordinal, $2, b."firstName", b."lastName", b."idNumber", b.relationship, b.phone, b.share
       from ${BENEFICIARY_ROWS.from('$3', 'b')}`,
    [d.policyId, companyOf(event), BENEFICIARY_ROWS.json(d.beneficiaries.map((b, ordinal) => ({ ...b, ordinal })))],
  );
}

function priorCoverJson(value: unknown): string | null {
  const prior = priorCoverOf(value);
  return prior ? JSON.stringify(prior) : null;
}

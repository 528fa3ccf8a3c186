import type {
  ClaimDecisionClockStarted,
  ClaimDecisionDeadlineExtended,
  ClaimDisputed,
  ClaimDocumentReviewed,
  ClaimEvent,
  ClaimFlags,
  ClaimStatusChanged,
  ClaimSubmitted,
} from '@fpa/write-model';
import { ERASED, type SqlExecutor } from '@fpa/write-model/event-store';
import { CLAIM_STATUSES, isIsoDate, southAfricanDate, type ClaimStatus } from '@fpa/write-model/validation';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { companyOf } from '../portfolio/event-data.ts';
import { ADD_TO_CLAIM_STATS, CLAIMS_TABLES, createClaimsTables } from './claims.schema.ts';

/**
 * Claims, their documents, their status history and the per-company count cards. Each handler is a
 * single statement (writable CTEs move the rows and the counters together). Who did it and when come
 * from the event's metadata (actorUserId) and recorded time.
 */
export const claimsProjection = projectorOf<ClaimEvent>()({
  name: 'claims',
  // 2: the decision columns (approved amount, override, rejection, payout), issue #23.
  // 3: the decision clock (started, due, extended, disputed, decided), issue #23.
  // 4: the manner of death and the deceased life's own waiting rule, joined date and prior cover (issue #22).
  version: 4,
  handles: [
    'ClaimSubmitted',
    'ClaimStatusChanged',
    'ClaimDocumentReviewed',
    'ClaimDecisionClockStarted',
    'ClaimDecisionDeadlineExtended',
    'ClaimDisputed',
  ],
  tables: CLAIMS_TABLES,
  init: createClaimsTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'ClaimSubmitted':
        return claimSubmitted(tx, event);
      case 'ClaimStatusChanged':
        return claimStatusChanged(tx, event);
      case 'ClaimDocumentReviewed':
        return claimDocumentReviewed(tx, event);
      case 'ClaimDecisionClockStarted':
      case 'ClaimDecisionDeadlineExtended':
        return clockMoved(tx, event);
      case 'ClaimDisputed':
        return claimDisputed(tx, event);
    }
  },
});

/**
 * The claim row, its first history entry, one document row per file, and +1 on the company's
 * 'submitted' and total counters. A claim is 'submitted' when it arrives; the event carries no status.
 */
async function claimSubmitted(tx: SqlExecutor, event: Recorded<ClaimSubmitted>): Promise<void> {
  // The write model writes every field; the projector has always also read submissions written by
  // hand that lack the names, dates, flags or documents (absent reads as empty). Partial keeps the names typed.
  const d: Partial<ClaimSubmitted['data']> = event.data;
  const flags: Partial<ClaimFlags> = d.flags ?? {};
  const documents = Array.isArray(d.documents) ? d.documents : [];
  await tx.query(
    `with c as (
       insert into claims (id, company_id, claim_number, policy_id, policy_number, member_id, member_name, deceased_name,
                           claimant_name, status, claim_amount, date_of_death, submitted_date, within_waiting_period,
                           waiting_period_ends_on, exceeds_cover, coverage_amount, deceased_on_policy, submitted_by,
                           position, created_at, updated_at, account_holder_name, bank_account_last4,
                           death_type, waiting_rule, life_joined_on, prior_cover_months)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'submitted', $10, $11::date, $12::date, $13, $14::date, $15, $16, $17,
               $18, $19, $20, $20, $22, $23, $24, $25, $26::date, $27)
       on conflict (id) do nothing
       returning id, company_id, claim_number, member_name
     ), h as (
       insert into claim_status_history (claim_id, company_id, from_status, to_status, note, changed_by, changed_at,
                                         position)
       select id, company_id, null, 'submitted', null, $18::uuid, $20::timestamptz, $19::bigint from c
     ), d as (
       insert into claim_documents (id, company_id, claim_id, claim_number, member_name, field, category, original_name,
                                    content_type, size, sha256, status, uploaded_by, uploaded_at, position, ordinal)
       select (f.doc->>'documentId')::uuid, c.company_id, c.id, c.claim_number, c.member_name, f.doc->>'field',
              coalesce(f.doc->>'category', 'other'), coalesce(f.doc->>'originalName', ''),
              coalesce(f.doc->>'contentType', 'application/octet-stream'), coalesce((f.doc->>'size')::bigint, 0),
              coalesce(f.doc->>'sha256', ''), 'pending', $18::uuid, $20::timestamptz, $19::bigint, f.ordinal::int
         from c cross join jsonb_array_elements($21::text::jsonb) with ordinality as f(doc, ordinal)
       on conflict (id) do nothing
     )
     insert into claim_stats (company_id, total, submitted)
     select company_id, 1, 1 from c
     ${ADD_TO_CLAIM_STATS}`,
    [
      event.data.claimId,
      companyOf(event),
      event.data.claimNumber,
      event.data.policyId,
      event.data.policyNumber,
      event.data.memberId,
      d.memberName ?? '',
      fullName(d.deceasedFirstName ?? null, d.deceasedLastName ?? null),
      fullName(d.claimantFirstName ?? null, d.claimantLastName ?? null),
      event.data.claimAmount,
      dateOrNull(d.deceasedDateOfDeath ?? null),
      dateOrNull(d.submittedDate ?? null) ?? southAfricanDate(event.recordedAt),
      flags.withinWaitingPeriod === true,
      dateOrNull(flags.waitingPeriodEndsOn ?? null),
      flags.exceedsCover === true,
      flags.coverageAmount ?? null,
      flags.deceasedOnPolicy === true,
      event.metadata.actorUserId,
      event.globalPosition,
      event.recordedAt,
      JSON.stringify(documents),
      d.accountHolderName ?? null,
      // Digits only: an erased number reads '[erased]', which has none.
      (d.bankAccountNumber ?? '').replace(/\D/g, '').slice(-4) || null,
      flags.deathType ?? null,
      flags.waitingRule ?? null,
      dateOrNull(flags.lifeJoinedOn ?? null),
      flags.priorCoverMonths ?? null,
    ],
  );
}

/** claim_stats deltas: +1 on the new status, −1 on the one the row had (the counters were built from rows). */
const STATUS_DELTAS = CLAIM_STATUSES.map((s) => `($3::text = '${s}')::int - (was = '${s}')::int`).join(',\n            ');

/** The row's status, a history entry with who and when, and the counters moved from the old status to the new. */
async function claimStatusChanged(tx: SqlExecutor, event: Recorded<ClaimStatusChanged>): Promise<void> {
  const to: string = event.data.to;
  // A status outside the lifecycle would leave the count cards silently wrong: stop loudly instead.
  if (!isClaimStatus(to)) throw new Error(`${event.type} ${event.eventId} has an unknown status "${to}"`);
  // Events before issue #23 carry none of these.
  const { decision, rejection, payout } = event.data;
  await tx.query(
    `with old as (
       select id, company_id, status from claims where id = $1 and company_id = $2
     ), u as (
       update claims c set status = $3::text, updated_at = $4,
              approved_amount = case when $9::boolean then $10::numeric else c.approved_amount end,
              override_reason = case when $9::boolean then $11::text else c.override_reason end,
              overridden_flags = case when $9::boolean then $12::text[] else c.overridden_flags end,
              rejection_reason = case when $13::boolean then $14::text else c.rejection_reason end,
              rejection_detail = case when $13::boolean then $15::text else c.rejection_detail end,
              payout_amount = case when $16::boolean then $17::numeric else c.payout_amount end,
              paid_on = case when $16::boolean then $18::date else c.paid_on end,
              payment_reference = case when $16::boolean then $19::text else c.payment_reference end,
              payout_account_holder = case when $16::boolean then $20::text else c.payout_account_holder end,
              payout_account_last4 = case when $16::boolean then $21::text else c.payout_account_last4 end,
              -- The clock stops at the decision (approved or rejected), the first one.
              decided_at = case when $3::text in ('approved', 'rejected') then coalesce(c.decided_at, $22::timestamptz, $4)
                                else c.decided_at end,
              -- Sent to the underwriter, the deadline has (or will have, once the clock starts) 14 more business days.
              deadline_extended_for = case when $3::text = 'sent_to_underwriter' then coalesce(c.deadline_extended_for, $3::text)
                                           else c.deadline_extended_for end
         from old where c.id = old.id
       returning old.id, old.company_id, old.status as was
     ), h as (
       insert into claim_status_history (claim_id, company_id, from_status, to_status, note, changed_by, changed_at,
                                         position)
       select id, company_id, coalesce($5::text, was), $3::text, $6::text, $7::uuid, $4::timestamptz, $8::bigint from u
       on conflict do nothing
     )
     insert into claim_stats (company_id, ${CLAIM_STATUSES.join(', ')})
     select company_id,
            ${STATUS_DELTAS}
       from u
     ${ADD_TO_CLAIM_STATS}`,
    [
      event.data.claimId,
      companyOf(event),
      to,
      event.recordedAt,
      // A change written by hand may lack them: the history then takes the row's status and no note.
      (event.data.from as ClaimStatus | undefined) ?? null,
      (event.data.note as string | null | undefined) ?? null,
      event.metadata.actorUserId,
      event.globalPosition,
      !!decision,
      decision?.approvedAmount ?? null,
      decision?.override?.reason ?? null,
      decision?.override?.flags ?? [],
      !!rejection,
      rejection?.reason ?? null,
      rejection?.detail ?? null,
      !!payout,
      payout?.amount ?? null,
      // An erased claimant's sealed fields read '[erased]'; the date is never personal, but stays a date or null.
      payout ? dateOrNull(payout.paidOn) : null,
      payout?.reference ?? null,
      payout?.accountHolder ?? null,
      payout?.accountLast4 ?? null,
      // The decision's own instant (the command's clock); before the clock existed, its recorded time.
      event.data.decidedAt ?? null,
    ],
  );
}

async function claimDocumentReviewed(tx: SqlExecutor, event: Recorded<ClaimDocumentReviewed>): Promise<void> {
  await tx.query(
    `update claim_documents set status = $4, reviewed_by = $5, reviewed_at = $6, review_note = $7
      where id = $1 and claim_id = $2 and company_id = $3`,
    [
      event.data.documentId,
      event.data.claimId,
      companyOf(event),
      event.data.to,
      event.metadata.actorUserId,
      event.recordedAt,
      (event.data.note as string | null | undefined) ?? null,
    ],
  );
}

/** The clock's start and deadline, or its extended deadline, as the event worked them out. */
async function clockMoved(tx: SqlExecutor, event: Recorded<ClaimDecisionClockStarted | ClaimDecisionDeadlineExtended>): Promise<void> {
  const started = event.type === 'ClaimDecisionClockStarted' ? event.data.startedAt : null;
  const extendedFor = event.type === 'ClaimDecisionDeadlineExtended' ? event.data.reason : null;
  await tx.query(
    `update claims set clock_started_at = coalesce($3::timestamptz, clock_started_at), decision_due_at = $4::timestamptz,
            deadline_extended_for = coalesce($5::text, deadline_extended_for)
      where id = $1 and company_id = $2`,
    [event.data.claimId, companyOf(event), started, event.data.decisionDueAt, extendedFor],
  );
}

/** The dispute's reason; the deadline has (or, once the clock starts, will have) its 14 more business days. */
async function claimDisputed(tx: SqlExecutor, event: Recorded<ClaimDisputed>): Promise<void> {
  await tx.query(
    `update claims set dispute_reason = $3, deadline_extended_for = coalesce(deadline_extended_for, 'disputed')
      where id = $1 and company_id = $2`,
    [event.data.claimId, companyOf(event), event.data.reason],
  );
}

function isClaimStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

/** "First Last"; a person whose key is destroyed reads '[erased]' once, not '[erased] [erased]'. */
function fullName(first: string | null, last: string | null): string {
  if (first === ERASED && last === ERASED) return ERASED;
  return [first, last].filter((part) => part).join(' ');
}

/** Dates that are personal data arrive as '[erased]' after erasure: those (and anything not a date) become null. */
function dateOrNull(value: string | null): string | null {
  return value !== null && isIsoDate(value) ? value : null;
}

import type { MemberRegistered, PolicyIssued } from '@fpa/write-model';
import { priorCoverOf } from '@fpa/write-model/validation';
import { statusMove, type PolicyStatusEvent } from './policy-status.ts';
import type { Recorded } from '../engine/typed.ts';
import { monthStart } from './portfolio.paging.ts';

/*
 * The columns an event writes, taken from its data once: the per-event statements bind them as
 * parameters and the set-based ones send them as rows keyed by the row set's columns (engine/row-set.ts), so both
 * paths read every event exactly alike. JSON carries text, numbers, booleans and nulls only, so
 * instants go as ISO text (a Date has millisecond precision either way). Values arrive decrypted;
 * an erased person's fields read '[erased]'.
 */

export function memberRegisteredRow(event: Recorded<MemberRegistered>) {
  // The write model always writes every field, but the portfolio has always read registrations that
  // lack some (logs written by hand, as the tests' random streams do): absent reads as null or the
  // default below. Partial keeps the field names typed.
  const d: Partial<MemberRegistered['data']> = event.data;
  const isMain = d.isMainMember === true;
  const saId = d.saId ?? null;
  const passport = d.passportNumber ?? null;
  return {
    id: event.data.memberId,
    company_id: companyOf(event),
    first_name: d.firstName ?? '',
    last_name: d.lastName ?? '',
    identifier_type: d.identifierType ?? (saId === null ? 'passport' : 'saId'),
    sa_id: saId,
    passport_number: passport,
    nationality: d.nationality ?? 'ZA',
    email: d.email ?? null,
    phone: d.phone ?? null,
    address: d.address ?? null,
    city: d.city ?? null,
    province: d.province ?? null,
    postal_code: d.postalCode ?? null,
    date_of_birth: d.dateOfBirth ?? null,
    is_main_member: isMain,
    main_member_id: isMain ? null : (d.mainMemberId ?? null),
    relationship: d.relationship ?? null,
    other_relationship: d.otherRelationship ?? null,
    policy_id: d.policyId ?? null,
    source: d.source ?? 'manual',
    prior_cover: priorCoverOf(d.priorCover),
    position: event.globalPosition,
    created_at: event.recordedAt.toISOString(),
    month: monthStart(event.recordedAt),
    // The identifier the policies list shows: the SA ID, or the passport number when the member has none.
    id_number: d.identifierType === 'passport' ? (passport ?? saId) : (saId ?? passport),
  };
}

export function policyIssuedRow(event: Recorded<PolicyIssued>) {
  const d = event.data;
  return {
    id: d.policyId,
    company_id: companyOf(event),
    policy_number: d.policyNumber,
    member_id: d.memberId,
    policy_type_id: d.policyTypeId,
    monthly_premium: d.monthlyPremium,
    coverage_amount: d.coverageAmount,
    waiting_period: Number(d.waitingPeriod),
    start_date: d.startDate,
    // Absent before issue #20: the 1st.
    debit_day: d.debitDay ?? 1,
    agent_id: d.agentId ?? null,
    lives: d.lives ?? [],
    // Absent before issue #22 copied it: the type's as it stands when the policy is projected (SUICIDE_WAIT_OF_TYPE).
    suicide_waiting_months: d.suicideWaitingMonths ?? null,
    position: event.globalPosition,
    created_at: event.recordedAt.toISOString(),
  };
}

/** Staff's change, or the calendar's lapse or reinstatement: the status the policy reaches. */
export function statusChangedRow(event: Recorded<PolicyStatusEvent>) {
  return { id: event.data.policyId, company_id: companyOf(event), status: statusMove(event).to, at: event.recordedAt.toISOString() };
}

/**
 * The tenant written in the event; the append's company for a hand-written event whose data names
 * none (the write model always writes companyId).
 */
export function companyOf(event: Recorded<{ type: string; data: { companyId: string } }>): string {
  const company = (event.data.companyId as string | undefined) ?? event.metadata.companyId;
  if (!company) throw new Error(`${event.type} ${event.eventId} has no company`);
  return company;
}

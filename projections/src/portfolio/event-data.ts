import type { RecordedEvent } from '@fpa/write-model/event-store';
import { monthStart } from './portfolio.paging.ts';

/** A field of the event's data as text or null (values arrive decrypted; an erased person's read '[erased]'). */
export function text(event: RecordedEvent, field: string): string | null {
  const value = event.data[field];
  return value === null || value === undefined ? null : String(value);
}

export function required(event: RecordedEvent, field: string): string {
  const value = text(event, field);
  if (value === null) throw new Error(`${event.type} ${event.eventId} has no ${field}`);
  return value;
}

/** The tenant written in the event; the append metadata as a fallback. */
export function companyOf(event: RecordedEvent): string {
  const company = text(event, 'companyId') ?? event.metadata.companyId;
  if (!company) throw new Error(`${event.type} ${event.eventId} has no company`);
  return company;
}

/** The identifier the policies list shows: the SA ID, or the passport number when the member has none. */
export function idNumber(event: RecordedEvent): string | null {
  const saId = text(event, 'saId');
  const passport = text(event, 'passportNumber');
  return text(event, 'identifierType') === 'passport' ? (passport ?? saId) : (saId ?? passport);
}

/*
 * The columns an event writes, taken from its data once: the per-event statements bind them as
 * parameters and the set-based ones send them as JSON rows (keys = recordset columns), so both
 * paths read every event exactly alike. JSON carries text, numbers, booleans and nulls only, so
 * instants go as ISO text (a Date has millisecond precision either way).
 */

export function memberRegisteredRow(event: RecordedEvent) {
  const isMain = event.data.isMainMember === true;
  return {
    id: required(event, 'memberId'),
    company_id: companyOf(event),
    first_name: text(event, 'firstName') ?? '',
    last_name: text(event, 'lastName') ?? '',
    identifier_type: text(event, 'identifierType') ?? (text(event, 'saId') === null ? 'passport' : 'saId'),
    sa_id: text(event, 'saId'),
    passport_number: text(event, 'passportNumber'),
    nationality: text(event, 'nationality') ?? 'ZA',
    email: text(event, 'email'),
    phone: text(event, 'phone'),
    address: text(event, 'address'),
    city: text(event, 'city'),
    province: text(event, 'province'),
    postal_code: text(event, 'postalCode'),
    date_of_birth: text(event, 'dateOfBirth'),
    is_main_member: isMain,
    main_member_id: isMain ? null : text(event, 'mainMemberId'),
    relationship: text(event, 'relationship'),
    other_relationship: text(event, 'otherRelationship'),
    policy_id: text(event, 'policyId'),
    source: text(event, 'source') ?? 'manual',
    position: event.globalPosition,
    created_at: event.recordedAt.toISOString(),
    month: monthStart(event.recordedAt),
    id_number: idNumber(event),
  };
}

export function policyIssuedRow(event: RecordedEvent) {
  return {
    id: required(event, 'policyId'),
    company_id: companyOf(event),
    policy_number: required(event, 'policyNumber'),
    member_id: required(event, 'memberId'),
    policy_type_id: required(event, 'policyTypeId'),
    monthly_premium: required(event, 'monthlyPremium'),
    coverage_amount: required(event, 'coverageAmount'),
    waiting_period: Number(event.data.waitingPeriod),
    start_date: required(event, 'startDate'),
    agent_id: text(event, 'agentId'),
    position: event.globalPosition,
    created_at: event.recordedAt.toISOString(),
  };
}

export function statusChangedRow(event: RecordedEvent) {
  return {
    id: required(event, 'policyId'),
    company_id: companyOf(event),
    status: required(event, 'to'),
    at: event.recordedAt.toISOString(),
  };
}

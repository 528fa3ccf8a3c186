import type { RecordedEvent } from '@fpa/write-model/event-store';

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

import { notificationsOf } from '@fpa/write-model';
import { ERASED, type RecordedEvent, type SqlExecutor } from '@fpa/write-model/event-store';
import { smsSegments, type PreferredChannel, type TemplateText } from '@fpa/write-model/validation';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { OUTBOX } from './outbox.schema.ts';
import { rowSet } from '../engine/row-set.ts';
import {
  DEFAULT_TEMPLATES,
  renderMessage,
  templateFor,
  type NotificationChannel,
  type NotificationType,
  type TemplateValues,
} from './templates.ts';

/** A message older than this when the projector first meets its event is recorded, not sent late. */
export const SEND_LATE_LIMIT_HOURS = 72;

export type Recipient = {
  /** Unique per source event: 'member:<id>' or 'claimant:<claimId>'. */
  key: string;
  memberId: string | null;
  firstName: string | null;
  phone: string | null;
  email: string | null;
  /** A member's own choice (issue #24, POPIA); a claimant who is not the member has none. */
  preferences?: { preferredChannel: PreferredChannel; optedOut: boolean };
};

export type Company = { name: string; phone: string | null; email: string | null; tier: string };

/** What enqueue reads besides the event: the live tables by default, or a batch's reads made once (notifications.batch). */
export type EnqueueReads = {
  company(companyId: string): Promise<Company | null>;
  words(companyId: string, type: NotificationType): Promise<TemplateText>;
  /**
   * Whether the outbox already holds the message of this event to this recipient on this channel (its unique key):
   * a run that looked its events up (writtenMessages) renders only what it will write. Without it, every message
   * is rendered and the outbox's key refuses the ones it holds.
   */
  written?(eventId: string, recipient: string, channel: NotificationChannel): boolean;
};

/** Whether the company's tier sends messages of this type at all (the free tier: legally required notices only). */
export function tierSends(company: Company, type: NotificationType): boolean {
  return notificationsOf(company.tier) !== 'legal_by_email' || DEFAULT_TEMPLATES[type].legallyRequired;
}

/** EnqueueReads.written for these events: the keys of the messages the outbox holds from them, read in one statement. */
export async function writtenMessages(tx: SqlExecutor, eventIds: readonly string[]): Promise<NonNullable<EnqueueReads['written']>> {
  const rows = await tx.query<{ key: string }>(
    `select source_event_id || '|' || recipient || '|' || channel as key from ${OUTBOX} where source_event_id = any($1::text[])`,
    [eventIds],
  );
  const keys = new Set(rows.map((row) => row.key));
  return (eventId, recipient, channel) => keys.has(`${eventId}|${recipient}|${channel}`);
}

export const liveEnqueueReads = (tx: SqlExecutor): EnqueueReads => ({
  company: (companyId) => companyFor(tx, companyId),
  words: (companyId, type) => templateFor(tx, companyId, type),
});

const usable = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '' && value !== ERASED;

export const ERASED_TEXT = '[erased]';
export const ERASED_REASON = 'personal data erased';

/**
 * POPIA: the person's data was erased, and the erasure rebuilds this projector from a log whose personal
 * fields now read '[erased]'. Their messages keep their status and lose their text and address; one not
 * sent yet never will be. A message never written for them is not written now.
 */
async function forget(tx: SqlExecutor, event: RecordedEvent, recipient: Recipient): Promise<void> {
  await tx.query(
    `update ${OUTBOX}
        set to_address = null, subject = null, body = $3,
            status = case when status in ('queued', 'sending') then 'not_sent' else status end,
            reason = case when status in ('queued', 'sending') then $4 else reason end
      where source_event_id = $1 and recipient = $2 and body <> $3`,
    [event.eventId, recipient.key, ERASED_TEXT, ERASED_REASON],
  );
}

/** A South African (or international) number as E.164 ('+27821234567'), null when it is not a valid number. */
export function toE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'ZA');
  return parsed?.isValid() ? parsed.number : null;
}

export async function companyFor(tx: SqlExecutor, companyId: string): Promise<Company | null> {
  const [row] = await tx.query<Company>(`select name, phone, email, tier from notify_companies where company_id = $1`, [companyId]);
  return row ?? null;
}

type Address = { to: string | null; problem: string | null };

function addressOf(channel: NotificationChannel, recipient: Recipient): Address {
  if (channel === 'email')
    return usable(recipient.email) ? { to: recipient.email.trim(), problem: null } : { to: null, problem: 'no e-mail address on record' };
  if (!usable(recipient.phone)) return { to: null, problem: 'no phone number on record' };
  const e164 = toE164(recipient.phone);
  return e164 ? { to: e164, problem: null } : { to: recipient.phone, problem: `${recipient.phone} is not a valid phone number` };
}

/**
 * The member's choice applied (POPIA): an opted-out member gets only a legally required notice, on every
 * channel it goes by; a preferred channel with an address on record carries the message alone (an SMS-only
 * receipt goes by e-mail to a member who prefers e-mail: every type has e-mail words); without an address
 * on it, the message goes as usual rather than not at all.
 */
export function channelsFor(
  recipient: Recipient,
  template: { legallyRequired: boolean },
  channels: readonly NotificationChannel[],
): readonly NotificationChannel[] {
  const choice = recipient.preferences;
  if (!choice || template.legallyRequired) return channels;
  if (choice.optedOut) return [];
  if (choice.preferredChannel === 'both' || !addressOf(choice.preferredChannel, recipient).to) return channels;
  return [choice.preferredChannel];
}

/**
 * Writes the event's messages to the outbox, in the projector's transaction: one row per channel of the
 * type's template that the company's tier sends (the free tier: the legally required notice, by e-mail).
 * A channel without an address is left out, except for a legally required notice, which is recorded as
 * not sent with the reason. The row's id and its unique key come from the event, the recipient and the
 * channel, so applying the event again (a replay, a rebuild) writes nothing. `values` may be given as a function,
 * asked only when a message is written (a receipt's paid-up-to date folds the policy's payments). With `pending`
 * the rows are added to it, for a run to write them together (writeOutboxRows) at its end.
 */
export async function enqueue(
  tx: SqlExecutor,
  event: RecordedEvent,
  companyId: string,
  type: NotificationType,
  recipient: Recipient,
  values: TemplateValues | (() => Promise<TemplateValues>),
  reads: EnqueueReads = liveEnqueueReads(tx),
  pending?: OutboxRow[],
): Promise<void> {
  const company = await reads.company(companyId);
  if (!company) return;
  if ([recipient.firstName, recipient.phone, recipient.email].includes(ERASED)) return forget(tx, event, recipient);
  const template = DEFAULT_TEMPLATES[type];
  if (!tierSends(company, type)) return;
  const scope = notificationsOf(company.tier);
  const channels = channelsFor(
    recipient,
    template,
    scope === 'legal_by_email' ? template.channels.filter((c) => c === 'email') : template.channels,
  );
  const addressed = channels
    .map((channel) => ({ channel, address: addressOf(channel, recipient) }))
    .filter(({ address }) => address.to || template.legallyRequired)
    .filter(({ channel }) => !reads.written?.(event.eventId, recipient.key, channel));
  if (addressed.length === 0) return;
  // Settings may leave the company's phone or e-mail blank ('').
  const contact = usable(company.phone) ? company.phone.trim() : usable(company.email) ? company.email.trim() : 'our offices';
  const filled: TemplateValues = {
    companyName: company.name,
    companyContact: contact,
    firstName: recipient.firstName ?? '',
    ...(typeof values === 'function' ? await values() : values),
  };
  // The company's template in force at this event (the projector folds the template events in log order),
  // so a rebuild renders each message as it was first written; the outbox keeps the row written then anyway.
  const words = await reads.words(companyId, type);
  const rows = addressed.map(({ channel, address }): OutboxRow => {
    const message = renderMessage(words, channel, filled);
    return {
      company_id: companyId,
      source_event_id: event.eventId,
      source_position: event.globalPosition,
      type,
      recipient: recipient.key,
      member_id: recipient.memberId,
      channel,
      to_address: address.to,
      subject: message.subject,
      body: message.text,
      legally_required: template.legallyRequired,
      problem: address.problem,
      created_at: event.recordedAt.toISOString(),
      parts: channel === 'sms' ? smsSegments(message.text).segments : 1,
    };
  });
  if (pending) pending.push(...rows);
  else await writeOutboxRows(tx, rows);
}

/** A message of the outbox as enqueue makes it: its status and reason are the statement's (writeOutboxRows). */
export type OutboxRow = {
  company_id: string;
  source_event_id: string;
  source_position: number;
  type: NotificationType;
  recipient: string;
  member_id: string | null;
  channel: NotificationChannel;
  to_address: string | null;
  subject: string | null;
  body: string;
  legally_required: boolean;
  /** Why it cannot be sent (no usable address): written as not sent with this reason. */
  problem: string | null;
  created_at: string;
  parts: number;
};

const OUTBOX_ROWS = rowSet(`
  ord int, company_id uuid, source_event_id text, source_position bigint, type text, recipient text, member_id uuid, channel text,
  to_address text, subject text, body text, legally_required boolean, problem text, created_at timestamptz, parts int`);

/**
 * Messages into the outbox in one statement, in order. A message with a problem, or whose event is older than
 * SEND_LATE_LIMIT_HOURS, is recorded as not sent with the reason; the others are queued. The id and the unique
 * key come from the event, the recipient and the channel: a message already there (a replay, a rebuild) is left.
 */
export async function writeOutboxRows(tx: SqlExecutor, rows: readonly OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${OUTBOX} (id, company_id, source_event_id, source_position, type, recipient, member_id, channel, to_address,
                            subject, body, legally_required, status, reason, created_at, parts)
     select md5(source_event_id || '|' || recipient || '|' || channel)::uuid, company_id, source_event_id, source_position, type,
            recipient, member_id, channel, to_address, subject, body, legally_required,
            case when problem is not null or created_at < now() - make_interval(hours => $2) then 'not_sent' else 'queued' end,
            coalesce(problem, case when created_at < now() - make_interval(hours => $2)
                                   then 'older than ' || $2 || ' hours when first projected: not sent late' end),
            created_at, parts
       from ${OUTBOX_ROWS.from('$1', 'r')}
      order by ord
     on conflict (source_event_id, recipient, channel) do nothing`,
    [OUTBOX_ROWS.json(rows.map((row, ord) => ({ ord, ...row }))), SEND_LATE_LIMIT_HOURS],
  );
}

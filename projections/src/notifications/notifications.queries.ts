import type { SqlExecutor } from '@fpa/write-model/event-store';
import { isUuid } from '../portfolio/uuid.ts';
import { OUTBOX, type NotificationStatus } from './outbox.schema.ts';
import type { NotificationChannel, NotificationType } from './templates.ts';
import type { PreferredChannel } from '@fpa/write-model/validation';

export type NotificationView = {
  id: string;
  type: NotificationType;
  channel: NotificationChannel;
  memberId: string | null;
  to: string | null;
  subject: string | null;
  text: string;
  legallyRequired: boolean;
  /** `sending` (the dispatcher's claim) shows as queued. */
  status: Exclude<NotificationStatus, 'sending'>;
  reason: string | null;
  attempts: number;
  provider: string | null;
  createdAt: string;
  sentAt: string | null;
};

export type NotificationFilter = {
  memberId?: string | null;
  type?: NotificationType | null;
  channel?: NotificationChannel | null;
  status?: NotificationStatus | null;
  /** YYYY-MM-DD, South African days, inclusive. */
  from?: string | null;
  to?: string | null;
  limit?: number | null;
  offset?: number | null;
};

type Stored = Omit<NotificationView, 'status'> & { status: NotificationStatus };

const listed = (row: Stored): NotificationView => ({
  ...row,
  status: row.status === 'sending' ? 'queued' : row.status,
});

const COLUMNS = `id::text, type, channel, member_id::text as "memberId", to_address as "to", subject, body as text,
  legally_required as "legallyRequired", status, reason, attempts, provider,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt"`;

/** The company's outbox, newest first, filtered; `sending` shows as queued (a claim is the dispatcher's business). */
export async function listNotifications(
  sql: SqlExecutor,
  companyId: string,
  filter: NotificationFilter = {},
): Promise<{ items: NotificationView[]; total: number }> {
  if (filter.memberId && !isUuid(filter.memberId)) return { items: [], total: 0 };
  const where = `company_id = $1 and ($2::uuid is null or member_id = $2) and ($3::text is null or type = $3)
    and ($4::text is null or channel = $4)
    and ($5::text is null or status = $5 or ($5 = 'queued' and status = 'sending'))
    and ($6::date is null or created_at >= ($6::date::timestamp at time zone 'Africa/Johannesburg'))
    and ($7::date is null or created_at < (($7::date + 1)::timestamp at time zone 'Africa/Johannesburg'))`;
  const params = [
    companyId,
    filter.memberId ?? null,
    filter.type ?? null,
    filter.channel ?? null,
    filter.status ?? null,
    filter.from ?? null,
    filter.to ?? null,
  ];
  const items = await sql.query<Stored>(`select ${COLUMNS} from ${OUTBOX} where ${where} order by created_at desc, id limit $8 offset $9`, [
    ...params,
    filter.limit ?? 100,
    filter.offset ?? 0,
  ]);
  const [count] = await sql.query<{ total: number }>(`select count(*)::int as total from ${OUTBOX} where ${where}`, params);
  return {
    items: items.map((item) => ({ ...item, status: item.status === 'sending' ? 'queued' : item.status })),
    total: count?.total ?? 0,
  };
}

export async function findNotification(sql: SqlExecutor, companyId: string, id: string): Promise<NotificationView | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<Stored>(`select ${COLUMNS} from ${OUTBOX} where company_id = $1 and id = $2`, [companyId, id]);
  return row ? listed(row) : null;
}

export type NotificationMonth = {
  month: string;
  channel: NotificationChannel;
  sent: number;
  failed: number;
  notSent: number;
  queued: number;
  /** What the month's sent messages cost, in rand ('12.50'): SMS parts × SMS_COST_RAND, e-mails × EMAIL_COST_RAND. */
  estimatedCost: string;
};

/** The price of one SMS part and one e-mail, in rand (configuration: SMS_COST_RAND, EMAIL_COST_RAND). */
export type MessageCosts = Record<NotificationChannel, number>;

/** Counts per South African month and channel, the last twelve months with any message. */
export async function notificationMonths(sql: SqlExecutor, companyId: string, costs: MessageCosts): Promise<NotificationMonth[]> {
  const rows = await sql.query<Omit<NotificationMonth, 'estimatedCost'> & { units: number }>(
    `select to_char(created_at at time zone 'Africa/Johannesburg', 'YYYY-MM') as month, channel,
            count(*) filter (where status in ('sent', 'delivered'))::int as sent,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'not_sent')::int as "notSent",
            count(*) filter (where status in ('queued', 'sending'))::int as queued,
            coalesce(sum(coalesce(parts, 1)) filter (where status in ('sent', 'delivered')), 0)::int as units
       from ${OUTBOX} where company_id = $1
      group by 1, 2 order by 1 desc, 2 limit 24`,
    [companyId],
  );
  // Cents, rounded once per month and channel: an estimate, not an invoice.
  return rows.map(({ units, ...row }) => ({ ...row, estimatedCost: (Math.round(units * costs[row.channel] * 100) / 100).toFixed(2) }));
}

export type ProviderStatus = {
  channel: NotificationChannel;
  /** smsportal, twilio or smtp; null when none is configured. */
  provider: string | null;
  /** The reason of this company's latest message the provider refused or that failed, and when. */
  lastError: string | null;
  lastErrorAt: string | null;
};

/** Each channel's provider as configured, and its latest failure for the company (a wrong key shows here). */
export async function providerStatuses(
  sql: SqlExecutor,
  companyId: string,
  configured: Record<NotificationChannel, string | null>,
): Promise<ProviderStatus[]> {
  const rows = await sql.query<{ channel: NotificationChannel; reason: string; at: string }>(
    `select distinct on (channel) channel, reason,
            to_char(coalesce(next_attempt_at, queued_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
       from ${OUTBOX}
      where company_id = $1 and provider is not null and reason is not null and (status = 'failed' or (status = 'queued' and attempts > 0))
      order by channel, coalesce(next_attempt_at, queued_at) desc`,
    [companyId],
  );
  return (['sms', 'email'] as const).map((channel) => {
    const last = rows.find((r) => r.channel === channel);
    return { channel, provider: configured[channel], lastError: last?.reason ?? null, lastErrorAt: last?.at ?? null };
  });
}

export type MemberCommunication = { memberId: string; preferredChannel: PreferredChannel; optedOut: boolean };

/** A member's communication preferences as the outbox projector applies them; null for a member it does not know. */
export async function findMemberCommunication(sql: SqlExecutor, companyId: string, memberId: string): Promise<MemberCommunication | null> {
  if (!isUuid(memberId)) return null;
  const [row] = await sql.query<MemberCommunication>(
    `select member_id::text as "memberId", preferred_channel as "preferredChannel", opted_out as "optedOut"
       from notify_people where company_id = $1 and member_id = $2`,
    [companyId, memberId],
  );
  return row ?? null;
}

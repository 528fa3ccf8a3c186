import { decisionClock, longDate, notificationsOf, UNDECIDED_STATUSES } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { southAfricanDate } from '@fpa/write-model/validation';
import { effectivePermissionsSelect } from '../access/access.queries.ts';
import { SEND_LATE_LIMIT_HOURS } from './enqueue.ts';
import { OUTBOX } from './outbox.schema.ts';
import { renderMessage, templateFor } from './templates.ts';

/*
 * The claims staff's reminders (issue #24): an e-mail to each of the company's claims staff (an active user
 * whose permissions, role set + grants − revokes, hold claims:update_status, the permission that decides a
 * claim) once when an undecided claim's decision (PPR rule 2A.8's clock, issue #23) falls due within 4
 * business hours, and once when it is overdue. Not an event's consequence but the clock's: the dispatcher's
 * periodic check runs it on the injected clock, reading the read models the dashboard's deadline panel reads
 * (claims, user_accounts, the access tables) and the outbox projector's companies and templates.
 *
 * Exactly once: a row's key is (claim-decision:<claim>:<state>, user:<user>, email), unique in the durable
 * outbox, so a restart, a replay or a rebuild of any projector writes nothing twice; once a state has rows,
 * the claim is not looked at again for it (a user added later is not reminded of it). A decided claim has
 * its decided_at and is never reminded. Staff e-mails are the Premium Plan's: the free tier sends none.
 */

export const DEADLINE_STATES = ['due_soon', 'overdue'] as const;
export type DeadlineState = (typeof DEADLINE_STATES)[number];

export const DEADLINE_STATE_WORDS: Record<DeadlineState, string> = {
  due_soon: 'due within 4 business hours',
  overdue: 'overdue',
};

/** The outbox key of a claim's reminder in one state. */
export const deadlineReminderKey = (claimId: string, state: DeadlineState) => `claim-decision:${claimId}:${state}`;

/** 4 business hours before a deadline never lie further back than this (a long weekend with holidays). */
const LOOK_AHEAD_DAYS = 14;

/** '27 November 2026 at 14:30', in South Africa (UTC+2 all year). */
export function southAfricanDateTime(instant: Date): string {
  const local = new Date(instant.getTime() + 2 * 3_600_000).toISOString();
  return `${longDate(southAfricanDate(instant))} at ${local.slice(11, 16)}`;
}

type Candidate = {
  claimId: string;
  companyId: string;
  claimNumber: string;
  clockStartedAt: Date;
  decisionDueAt: Date;
  tier: string;
  companyName: string;
  dueSoonSent: boolean;
};

type Staff = { userId: string; companyId: string; email: string; firstName: string };

/** Writes the reminders due at `now` to the outbox; answers how many rows it wrote. */
export async function enqueueDeadlineReminders(sql: SqlExecutor, now: Date): Promise<number> {
  // The read models it reads exist wherever every projector runs; a process with the outbox projector alone has none.
  const [present] = await sql.query<{ ok: boolean }>(
    `select to_regclass('claims') is not null and to_regclass('user_accounts') is not null
            and to_regclass('role_permissions') is not null and to_regclass('user_permission_overrides') is not null
            and to_regclass('notify_companies') is not null as ok`,
  );
  if (!present?.ok) return 0;
  const candidates = await sql.query<Candidate>(
    `select c.id::text as "claimId", c.company_id::text as "companyId", c.claim_number as "claimNumber",
            c.clock_started_at as "clockStartedAt", c.decision_due_at as "decisionDueAt", nc.tier, nc.name as "companyName",
            exists (select 1 from ${OUTBOX} o where o.source_event_id = 'claim-decision:' || c.id::text || ':due_soon') as "dueSoonSent"
       from claims c join notify_companies nc on nc.company_id = c.company_id
      where c.decided_at is null and c.decision_due_at is not null and c.clock_started_at is not null
        and c.status = any($3::text[])
        and c.decision_due_at <= $1::timestamptz + make_interval(days => $2)
        and not exists (select 1 from ${OUTBOX} o where o.source_event_id = 'claim-decision:' || c.id::text || ':overdue')
      order by c.decision_due_at, c.id`,
    [now, LOOK_AHEAD_DAYS, UNDECIDED_STATUSES],
  );
  const due: { claim: Candidate; state: DeadlineState }[] = [];
  for (const claim of candidates) {
    if (notificationsOf(claim.tier) !== 'all') continue;
    const { state } = decisionClock(
      { clockStartedAt: new Date(claim.clockStartedAt), decisionDueAt: new Date(claim.decisionDueAt), decidedAt: null },
      now,
    );
    if (state === 'overdue' || (state === 'due_soon' && !claim.dueSoonSent)) due.push({ claim, state });
  }
  if (due.length === 0) return 0;
  const companies = [...new Set(due.map((d) => d.claim.companyId))];
  const staff = await sql.query<Staff>(
    `select u.id::text as "userId", u.company_id::text as "companyId", trim(u.email) as email, u.first_name as "firstName"
       from user_accounts u
      where u.company_id = any($1::uuid[]) and u.is_active and trim(u.email) <> ''
        and 'claims:update_status' in (${effectivePermissionsSelect('u.company_id', 'u.id', 'u.role')})
      order by u.created_at, u.id`,
    [companies],
  );
  let written = 0;
  for (const { claim, state } of due) {
    const words = await templateFor(sql, claim.companyId, 'claim_decision_due');
    const dueAt = new Date(claim.decisionDueAt);
    // Overdue for days when first seen (the feature's first start over an old book, a long outage): recorded, not sent late.
    const late = state === 'overdue' && dueAt.getTime() < now.getTime() - SEND_LATE_LIMIT_HOURS * 3_600_000;
    const key = deadlineReminderKey(claim.claimId, state);
    for (const person of staff.filter((s) => s.companyId === claim.companyId)) {
      const message = renderMessage(words, 'email', {
        companyName: claim.companyName,
        firstName: person.firstName,
        claimNumber: claim.claimNumber,
        dueAt: southAfricanDateTime(dueAt),
        state: DEADLINE_STATE_WORDS[state],
      });
      const rows = await sql.query(
        `insert into ${OUTBOX} (id, company_id, source_event_id, source_position, type, recipient, member_id, channel, to_address,
                                subject, body, legally_required, status, reason, created_at, parts)
         values (md5($2 || '|' || $4 || '|email')::uuid, $1, $2, 0, 'claim_decision_due', $4, null, 'email', $5, $6, $7, false,
                 case when $8::text is null then 'queued' else 'not_sent' end, $8::text, $3, 1)
         on conflict (source_event_id, recipient, channel) do nothing
         returning id`,
        [
          claim.companyId,
          key,
          now,
          `user:${person.userId}`,
          person.email,
          message.subject,
          message.text,
          late ? `overdue for more than ${SEND_LATE_LIMIT_HOURS} hours when first checked: not sent late` : null,
        ],
      );
      written += rows.length;
    }
  }
  return written;
}

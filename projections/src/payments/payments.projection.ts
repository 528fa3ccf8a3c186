import type { PaymentEvent, PaymentRecorded, PaymentStatusChanged, PolicyEvent, PolicyIssued } from '@fpa/write-model';
import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { PAYMENT_STATUSES, type PaymentStatus } from '@fpa/write-model/validation';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { companyOf } from '../portfolio/event-data.ts';
import { POLICY_STATUS_EVENTS, statusMove, type PolicyStatusEvent } from '../portfolio/policy-status.ts';
import { applyPaymentRuns } from './payments.batch.ts';
import {
  ADD_TO_PAYMENT_STATS,
  ADD_TO_PREMIUM_MONTHS,
  createPaymentsTables,
  PAYMENTS_PARTITIONED_TABLES,
  PAYMENTS_QUERY_INDEXES,
  PAYMENTS_TABLES,
} from './payments.schema.ts';

/**
 * Payments (individual and group alike: a group payment is one PaymentRecorded per group policy),
 * their counters, premiums collected per month and the arrears of regular policies. Who recorded a
 * payment or changed its status, and when, come from the event's metadata and recorded time.
 */
export const paymentsProjection: Projector = projectorOf<PaymentEvent | PolicyEvent>()({
  name: 'payments',
  // 2: the calendar's PolicyLapsed and PolicyReinstated move the arrears rows' status (issue #20).
  // 3: keys lead with company_id, so payments and policy_arrears can be partitioned by company (issue #28).
  // 4: the searched columns stored lower-cased (search_*), searched with starts_with() (ADR 0003): the payments
  //    search read all of a company's payments under the tenant wall (issue #26).
  version: 4,
  handles: ['PaymentRecorded', 'PaymentStatusChanged', 'PolicyIssued', ...POLICY_STATUS_EVENTS],
  tables: PAYMENTS_TABLES,
  partitionedTables: PAYMENTS_PARTITIONED_TABLES,
  init: createPaymentsTables,
  queryIndexes: PAYMENTS_QUERY_INDEXES,
  async apply(tx, event) {
    switch (event.type) {
      case 'PaymentRecorded':
        return paymentRecorded(tx, event);
      case 'PaymentStatusChanged':
        return paymentStatusChanged(tx, event);
      case 'PolicyIssued':
        return policyIssued(tx, event);
      case 'PolicyStatusChanged':
      case 'PolicyLapsed':
      case 'PolicyReinstated':
        return policyStatusChanged(tx, event);
    }
  },
  applyBatch: (tx, events) => applyPaymentRuns(tx, events, (t, event) => paymentsProjection.apply(t, event), paymentStatus),
});

/** One +1 (or −1) per status column, and the completed amount moved with 'completed'. */
const statusDeltas = (to: string, was: string, amount: string) =>
  PAYMENT_STATUSES.map((s) => `(${to} = '${s}')::int - (${was} = '${s}')::int`).join(', ') +
  `, ((${to} = 'completed')::int - (${was} = 'completed')::int) * ${amount}`;
const STATS_COLUMNS = `company_id, total, ${PAYMENT_STATUSES.join(', ')}, completed_amount`;

/**
 * The row; +1 on the company's counters; a completed payment adds to its month and moves its regular
 * policy's last payment forward (a later-dated payment only ever moves it forward).
 */
async function paymentRecorded(tx: SqlExecutor, event: Recorded<PaymentRecorded>): Promise<void> {
  const d = event.data;
  const status = paymentStatus(event, d.status);
  await tx.query(
    `with p as (
       insert into payments (id, company_id, policy_id, policy_number, member_id, member_name, amount, payment_date,
                             payment_method, reference, notes, status, group_scheme_id, group_payment_id, recorded_by,
                             position, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
       on conflict (company_id, id) do nothing
       returning company_id, policy_id, status, amount, payment_date
     ), m as (
       insert into premium_months (company_id, month, amount, payment_count)
       select company_id, date_trunc('month', payment_date)::date, amount, 1 from p where status = 'completed'
       ${ADD_TO_PREMIUM_MONTHS}
     ), a as (
       update policy_arrears a
          set last_payment_date = greatest(a.last_payment_date, p.payment_date),
              due_since = greatest(a.last_payment_date, p.payment_date)
         from p
        where a.policy_id = p.policy_id and a.company_id = p.company_id and p.status = 'completed'
     )
     insert into payment_stats (${STATS_COLUMNS})
     select company_id, 1, ${statusDeltas('status', "''", 'amount')} from p
     ${ADD_TO_PAYMENT_STATS}`,
    [
      d.paymentId,
      companyOf(event),
      d.policyId,
      d.policyNumber,
      d.memberId,
      // Absent fields (payments written by hand, as the tests' logs) read as '' or null, as they always did.
      d.memberName ?? '',
      d.amount,
      d.paymentDate,
      d.paymentMethod,
      d.reference ?? null,
      d.notes ?? null,
      status,
      d.groupSchemeId ?? null,
      d.groupPaymentId ?? null,
      event.metadata.actorUserId,
      event.globalPosition,
      event.recordedAt,
    ],
  );
}

/**
 * The row's status with who and when, the counters moved from the old status to the new, the month
 * moved in or out of the premiums collected, and the policy's last completed payment read again.
 */
async function paymentStatusChanged(tx: SqlExecutor, event: Recorded<PaymentStatusChanged>): Promise<void> {
  const to = paymentStatus(event, event.data.to);
  const paymentId = event.data.paymentId;
  const companyId = companyOf(event);
  await tx.query(
    `with old as (
       select id, company_id, status, amount, payment_date from payments where id = $1 and company_id = $2
     ), u as (
       update payments p set status = $3::text, status_changed_by = $4, status_changed_at = $5, updated_at = $5
         from old where p.company_id = old.company_id and p.id = old.id and old.status <> $3::text
       returning old.company_id, old.status as was, old.amount, old.payment_date
     ), m as (
       insert into premium_months (company_id, month, amount, payment_count)
       select company_id, date_trunc('month', payment_date)::date,
              case when $3::text = 'completed' then amount else -amount end,
              case when $3::text = 'completed' then 1 else -1 end
         from u where (was = 'completed') <> ($3::text = 'completed')
       ${ADD_TO_PREMIUM_MONTHS}
     )
     insert into payment_stats (${STATS_COLUMNS})
     select company_id, 0, ${statusDeltas('$3::text', 'was', 'amount')} from u
     ${ADD_TO_PAYMENT_STATS}`,
    [paymentId, companyId, to, event.metadata.actorUserId, event.recordedAt],
  );
  if (to !== 'completed' && event.data.from !== 'completed') return;
  // A payment leaving 'completed' may have been the last one: the latest completed one is read again.
  await tx.query(
    `update policy_arrears a set last_payment_date = x.last, due_since = coalesce(x.last, a.start_date)
       from payments pay,
            lateral (select max(p.payment_date) as last from payments p
                      where p.company_id = pay.company_id and p.policy_id = pay.policy_id and p.status = 'completed') x
      where pay.id = $1 and pay.company_id = $2 and a.company_id = pay.company_id and a.policy_id = pay.policy_id`,
    [paymentId, companyId],
  );
}

async function policyIssued(tx: SqlExecutor, event: Recorded<PolicyIssued>): Promise<void> {
  await tx.query(
    `insert into policy_arrears (policy_id, company_id, policy_number, member_id, status, start_date, due_since, position)
     values ($1, $2, $3, $4, 'active', $5::date, $5::date, $6)
     on conflict (company_id, policy_id) do nothing`,
    [event.data.policyId, companyOf(event), event.data.policyNumber, event.data.memberId, event.data.startDate, event.globalPosition],
  );
}

async function policyStatusChanged(tx: SqlExecutor, event: Recorded<PolicyStatusEvent>): Promise<void> {
  await tx.query(`update policy_arrears set status = $3 where policy_id = $1 and company_id = $2`, [
    event.data.policyId,
    companyOf(event),
    statusMove(event).to,
  ]);
}

/** A status outside the four would leave the counters silently wrong: stop loudly instead. */
export function paymentStatus(event: Pick<RecordedEvent, 'type' | 'eventId'>, value: string): PaymentStatus {
  if (!(PAYMENT_STATUSES as readonly string[]).includes(value))
    throw new Error(`${event.type} ${event.eventId} has an unknown status "${value}"`);
  return value as PaymentStatus;
}

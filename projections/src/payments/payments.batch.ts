import type { PaymentEvent, PaymentRecorded, PolicyEvent, PolicyIssued } from '@fpa/write-model';
import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import { PAYMENT_STATUSES } from '@fpa/write-model/validation';
import type { Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';
import { companyOf } from '../portfolio/event-data.ts';
import { ADD_TO_PAYMENT_STATS, ADD_TO_PREMIUM_MONTHS } from './payments.schema.ts';

const PAYMENT_ROWS = rowSet(`
  ord int, id uuid, company_id uuid, policy_id uuid, policy_number text, member_id uuid, member_name text,
  amount numeric, payment_date date, payment_method text, reference text, notes text, status text,
  group_scheme_id uuid, group_payment_id uuid, recorded_by uuid, position bigint, created_at timestamptz`);

const ARREARS_ROWS = rowSet(`
  ord int, policy_id uuid, company_id uuid, policy_number text, member_id uuid, start_date date, position bigint`);

/**
 * The payments projector's set-based path. Two years of monthly payments make PaymentRecorded most of
 * a rebuild's log, in long runs; each maximal run is written by ONE statement (the rows as one parameter,
 * engine/row-set.ts) that also adds its counters, months and policies' last payments, aggregated per
 * key first: ON CONFLICT DO UPDATE may touch a row only once per statement, and the sums commute, so
 * the aggregate equals adding the payments one by one. Everything else goes through apply, in order.
 * payments-batch.int.test.ts compares both paths on a random stream cut into random batches.
 */
type PaymentsEvent = Recorded<PaymentEvent | PolicyEvent>;
type StatusOf = (event: Pick<RecordedEvent, 'type' | 'eventId'>, value: string) => string;

export async function applyPaymentRuns(
  tx: SqlExecutor,
  events: readonly PaymentsEvent[],
  applyOne: (tx: SqlExecutor, event: PaymentsEvent) => Promise<void>,
  statusOf: StatusOf,
): Promise<void> {
  await applyTypeRuns(
    tx,
    inTypeRuns(events, paymentKeys),
    { PaymentRecorded: (t, run) => paymentsRecorded(t, run, statusOf), PolicyIssued: policiesIssued },
    applyOne,
  );
}

/**
 * What each handler reads or writes besides the counters and months (which add) and a policy's last
 * payment (which a recorded payment only moves forward, greatest() of the dates): a recorded payment
 * its row and its policy's arrears row; an issued policy or a policy's status change that row. A
 * payment's status change reads every payment of its policy again (a policy the event does not name),
 * so it stays in place. Batches of a log that goes member by member (a policy, then its payments)
 * become one run of policies and one of payments.
 */
function paymentKeys(event: PaymentsEvent): EventKeys {
  switch (event.type) {
    case 'PaymentRecorded':
      return [`payment:${event.data.paymentId}`, `policy:${event.data.policyId}`];
    case 'PolicyIssued':
    case 'PolicyStatusChanged':
    case 'PolicyLapsed':
    case 'PolicyReinstated':
      return [`policy:${event.data.policyId}`];
    default:
      return 'barrier';
  }
}

/** A run of issued policies: their arrears rows, in log order (the first of a repeated policy id stands, as with apply). */
async function policiesIssued(tx: SqlExecutor, events: readonly Recorded<PolicyIssued>[]): Promise<void> {
  const rows = events.map((event, ord) => ({
    ord,
    policy_id: event.data.policyId,
    company_id: companyOf(event),
    policy_number: event.data.policyNumber,
    member_id: event.data.memberId,
    start_date: event.data.startDate,
    position: event.globalPosition,
  }));
  await tx.query(
    `insert into policy_arrears (policy_id, company_id, policy_number, member_id, status, start_date, due_since, position)
     select policy_id, company_id, policy_number, member_id, 'active', start_date, start_date, position
       from ${ARREARS_ROWS.from('$1', 'r')}
      order by ord
     on conflict (company_id, policy_id) do nothing`,
    [ARREARS_ROWS.json(rows)],
  );
}

const statusSums = PAYMENT_STATUSES.map((s) => `count(*) filter (where status = '${s}')`).join(', ');

async function paymentsRecorded(tx: SqlExecutor, events: readonly Recorded<PaymentRecorded>[], statusOf: StatusOf) {
  const rows = events
    .map((event, ord) => ({ event, d: event.data, ord }))
    .map(({ event, d, ord }) => ({
      ord,
      id: d.paymentId,
      company_id: companyOf(event),
      policy_id: d.policyId,
      policy_number: d.policyNumber,
      member_id: d.memberId,
      member_name: d.memberName ?? '', // as paymentRecorded reads it
      amount: d.amount,
      payment_date: d.paymentDate,
      payment_method: d.paymentMethod,
      reference: d.reference ?? null,
      notes: d.notes ?? null,
      status: statusOf(event, d.status),
      group_scheme_id: d.groupSchemeId ?? null, // as paymentRecorded reads it
      group_payment_id: d.groupPaymentId ?? null,
      recorded_by: event.metadata.actorUserId,
      position: event.globalPosition,
      created_at: event.recordedAt.toISOString(),
    }));
  await tx.query(
    `with r as (
       select * from ${PAYMENT_ROWS.from('$1', 'r')}
     ), p as (
       insert into payments (id, company_id, policy_id, policy_number, member_id, member_name, amount, payment_date,
                             payment_method, reference, notes, status, group_scheme_id, group_payment_id, recorded_by,
                             position, created_at, updated_at)
       select id, company_id, policy_id, policy_number, member_id, member_name, amount, payment_date, payment_method, reference,
              notes, status, group_scheme_id, group_payment_id, recorded_by, position, created_at, created_at
         from r order by ord
       on conflict (company_id, id) do nothing
       returning company_id, policy_id, status, amount, payment_date
     ), m as (
       insert into premium_months (company_id, month, amount, payment_count)
       select company_id, date_trunc('month', payment_date)::date, sum(amount), count(*) from p where status = 'completed'
        group by 1, 2
       ${ADD_TO_PREMIUM_MONTHS}
     ), a as (
       update policy_arrears a
          set last_payment_date = greatest(a.last_payment_date, x.last),
              due_since = greatest(a.last_payment_date, x.last)
         from (select company_id, policy_id, max(payment_date) as last from p where status = 'completed' group by 1, 2) as x
        where a.policy_id = x.policy_id and a.company_id = x.company_id
     )
     insert into payment_stats (company_id, total, ${PAYMENT_STATUSES.join(', ')}, completed_amount)
     select company_id, count(*), ${statusSums}, coalesce(sum(amount) filter (where status = 'completed'), 0) from p group by company_id
     ${ADD_TO_PAYMENT_STATS}`,
    [PAYMENT_ROWS.json(rows)],
  );
}

import type { ClaimEvent, CompanyEvent, MemberEvent, PaymentEvent, PolicyEvent, PolicyTypeEvent } from '@fpa/write-model';
import { southAfricanDate } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { personal } from '../engine/personal.ts';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import { insertPaymentRows, withOpenSuspension, withPremiumChange, withSuspensionsClosed } from './ledger-terms.sql.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';

const POLICY_ROWS = rowSet(`
  ord int, policy_id uuid, company_id uuid, policy_number text, member_id uuid, policy_type_id uuid,
  start_date date, monthly_premium numeric, debit_day int, opening_paid_up_to date, position bigint`);

const MEMBER_ROWS = rowSet(`
  ord int, member_id uuid, company_id uuid, phone text, email text, id_number text`);

type BillingEvent = PolicyEvent | PaymentEvent | PolicyTypeEvent | MemberEvent | ClaimEvent | CompanyEvent;

export const BILLING_TABLES = [
  'billing_companies',
  'billing_policy_types',
  'billing_policies',
  'billing_members',
  'billing_payments',
  'billing_claims',
];

/**
 * What the calendar's daily run reads in bulk for a company (issue #20): its regular policies with their
 * terms and calendar state (notices since the last activation, the lapse, the suspended spans, the
 * activations), their main member's contact, their payments, each policy type's calendar rules, and the
 * deaths of main members (a claim for the main member approved or paid: nothing falls due after the
 * date of death). Group-scheme policies are not here: their scheme pays for them (no PolicyIssued).
 * The policy statement (premiumLedger) and the arrears list read the same rows; a notice keeps its grace end
 * and channel for them (version 3).
 */
export const billingProjection = projectorOf<BillingEvent>()({
  name: 'billing',
  // 2: a migrated policy's opening paid-up-to date (PolicyIssued.paidUpTo), and a reinstatement window of 0 months kept as 0.
  // 3: each notice keeps its grace end and channel (the statement and the arrears list show them).
  // 4: the premium changes of a policy with a benefit table (a life joined or left) or of a change of type (issue #22).
  // 5: a spouse who holds the policy after the main member's death (PolicyHolderSucceeded, issue #22) is the
  //    policy's member: only their death ends it; every member's contact and ID is kept (family members too).
  version: 5,
  handles: [
    'CompanyRegistered',
    'CompanyDetailsUpdated',
    'CompanySuspended',
    'CompanyActivated',
    'PolicyTypeCreated',
    'PolicyTypeUpdated',
    'MemberRegistered',
    'MemberUpdated',
    'PolicyIssued',
    'PolicyStatusChanged',
    'NonPaymentNoticeIssued',
    'PolicyLapsed',
    'PolicyReinstated',
    'PolicyLifeAdded',
    'PolicyLifeRemoved',
    'PolicyHolderSucceeded',
    'PolicyTypeChanged',
    'PaymentRecorded',
    'PaymentStatusChanged',
    'ClaimSubmitted',
    'ClaimStatusChanged',
  ],
  tables: BILLING_TABLES,
  // Only the daily run, the statement and the arrears list read by them (issue #26: a rebuild loads without them).
  queryIndexes: ['billing_policies_company', 'billing_payments_company'],
  async init(tx) {
    await tx.exec(`
      create table if not exists billing_companies (
        company_id uuid primary key,
        name text not null,
        is_active boolean not null default true
      );
      create table if not exists billing_policy_types (
        policy_type_id uuid primary key,
        company_id uuid not null,
        grace_days integer,
        lapse_after_missed integer,
        reinstatement_months integer
      );
      create table if not exists billing_members (
        member_id uuid primary key,
        company_id uuid not null,
        phone text,
        email text,
        id_number text
      );
      create table if not exists billing_policies (
        policy_id uuid primary key,
        company_id uuid not null,
        policy_number text not null,
        member_id uuid not null,
        policy_type_id uuid not null,
        start_date date not null,
        monthly_premium numeric(12, 2) not null,
        debit_day integer not null,
        opening_paid_up_to date,
        status text not null,
        notices jsonb not null default '[]',
        lapse_on date,
        lapse_non_payment boolean not null default false,
        suspensions jsonb not null default '[]',
        premium_changes jsonb not null default '[]',
        activations integer not null default 0,
        position bigint not null
      );
      create index if not exists billing_policies_company on billing_policies (company_id, position);
      create table if not exists billing_payments (
        payment_id uuid primary key,
        company_id uuid not null,
        policy_id uuid not null,
        amount numeric(12, 2) not null,
        payment_date date not null,
        status text not null
      );
      create index if not exists billing_payments_company on billing_payments (company_id, policy_id);
      create table if not exists billing_claims (
        claim_id uuid primary key,
        company_id uuid not null,
        policy_id uuid not null,
        deceased_id_number text,
        date_of_death date not null,
        status text not null
      );
      create index if not exists billing_claims_policy on billing_claims (policy_id);
    `);
  },
  async apply(tx, event) {
    switch (event.type) {
      case 'CompanyRegistered':
      case 'CompanyDetailsUpdated':
        await tx.query(
          `insert into billing_companies (company_id, name) values ($1, $2) on conflict (company_id) do update set name = excluded.name`,
          [event.data.companyId, event.data.name],
        );
        return;
      case 'CompanySuspended':
      case 'CompanyActivated':
        await tx.query(`update billing_companies set is_active = $2 where company_id = $1`, [
          event.data.companyId,
          event.type === 'CompanyActivated',
        ]);
        return;
      case 'PolicyTypeCreated':
      case 'PolicyTypeUpdated': {
        const d = event.data;
        await tx.query(
          `insert into billing_policy_types (policy_type_id, company_id, grace_days, lapse_after_missed, reinstatement_months)
           values ($1, $2, $3, $4, $5)
           on conflict (policy_type_id) do update set grace_days = excluded.grace_days, lapse_after_missed = excluded.lapse_after_missed,
             reinstatement_months = excluded.reinstatement_months`,
          // Absent in events before issue #20: null, and the queries apply DEFAULT_CALENDAR_RULES.
          [
            d.policyTypeId,
            d.companyId,
            wholeOrNull(d.graceDays, 1),
            wholeOrNull(d.lapseAfterMissed, 1),
            wholeOrNull(d.reinstatementMonths, 0),
          ],
        );
        return;
      }
      case 'MemberRegistered': {
        const d = event.data;
        // Family members too: a spouse may come to hold the policy (PolicyHolderSucceeded).
        const idNumber = d.identifierType === 'passport' ? (d.passportNumber ?? d.saId) : (d.saId ?? d.passportNumber);
        await tx.query(
          `insert into billing_members (member_id, company_id, phone, email, id_number) values ($1, $2, $3, $4, $5)
           on conflict (member_id) do update set phone = excluded.phone, email = excluded.email, id_number = excluded.id_number`,
          [d.memberId, d.companyId, personal(d.phone), personal(d.email), personal(idNumber)],
        );
        return;
      }
      case 'MemberUpdated':
        await tx.query(`update billing_members set phone = $2, email = $3 where member_id = $1`, [
          event.data.memberId,
          personal(event.data.phone),
          personal(event.data.email),
        ]);
        return;
      case 'PolicyIssued': {
        const d = event.data;
        await tx.query(
          `insert into billing_policies (policy_id, company_id, policy_number, member_id, policy_type_id, start_date, monthly_premium,
                                         debit_day, opening_paid_up_to, status, position)
           values ($1, $2, $3, $4, $5, $6::date, $7, $8, $10::date, 'active', $9) on conflict (policy_id) do nothing`,
          [
            d.policyId,
            d.companyId,
            d.policyNumber,
            d.memberId,
            d.policyTypeId,
            d.startDate,
            d.monthlyPremium,
            d.debitDay ?? 1,
            event.globalPosition,
            d.paidUpTo ?? null,
          ],
        );
        return;
      }
      case 'PolicyStatusChanged': {
        // The South African day of the change; one recorded before issue #20 has none: the day it was recorded.
        const day = event.data.changedOn ?? southAfricanDate(event.recordedAt);
        const { to } = event.data;
        if (to === 'active') return reactivated(tx, event.data.policyId, day);
        // Out of force (a staff lapse, a cancellation): nothing falls due until it is active again.
        await tx.query(
          `update billing_policies
              set status = $2, lapse_on = case when $2 = 'lapsed' then $3::date end, lapse_non_payment = false,
                  suspensions = case when status = 'active' then ${withOpenSuspension('$3')} else suspensions end
            where policy_id = $1`,
          [event.data.policyId, to, day],
        );
        return;
      }
      case 'NonPaymentNoticeIssued': {
        const d = event.data;
        await tx.query(
          `update billing_policies
              set notices = notices || jsonb_build_array(jsonb_build_object('periods', $2::text::jsonb, 'issuedOn', $3::text,
                                                                            'graceEndsOn', $4::text, 'channel', $5::text))
            where policy_id = $1`,
          [d.policyId, JSON.stringify(d.missed.map((m) => m.period)), d.issuedOn, d.graceEndsOn, d.channel],
        );
        return;
      }
      case 'PolicyLapsed':
        await tx.query(
          `update billing_policies
              set status = 'lapsed', lapse_on = $2::date, lapse_non_payment = true,
                  suspensions = ${withOpenSuspension('$2')}
            where policy_id = $1`,
          [event.data.policyId, event.data.lapsedOn],
        );
        return;
      case 'PolicyReinstated':
        return reactivated(tx, event.data.policyId, event.data.reinstatedOn);
      case 'PolicyTypeChanged':
        // The new type's calendar rules apply from now; its premium from the next due date on.
        return premiumChanged(tx, event.data.policyId, event.data.changedOn, event.data.monthlyPremium, event.data.toPolicyTypeId);
      case 'PolicyLifeAdded':
        // The policy's premium (the sum of its lives) from the day the life joined or left on.
        return premiumChanged(tx, event.data.policyId, event.data.life.joinedOn, event.data.monthlyPremium);
      case 'PolicyHolderSucceeded':
        await tx.query(`update billing_policies set member_id = $2 where policy_id = $1`, [event.data.policyId, event.data.toMemberId]);
        return;
      case 'PolicyLifeRemoved':
        return premiumChanged(
          tx,
          event.data.policyId,
          event.data.removedOn || southAfricanDate(event.recordedAt),
          event.data.monthlyPremium,
        );
      case 'PaymentRecorded': {
        const d = event.data;
        // Group payments pay group policies, which the calendar does not bill.
        if (d.groupSchemeId) return;
        await tx.query(
          `insert into billing_payments (payment_id, company_id, policy_id, amount, payment_date, status)
           values ($1, $2, $3, $4, $5::date, $6) on conflict (payment_id) do nothing`,
          [d.paymentId, d.companyId, d.policyId, d.amount, d.paymentDate, d.status],
        );
        return;
      }
      case 'PaymentStatusChanged':
        await tx.query(`update billing_payments set status = $2 where payment_id = $1`, [event.data.paymentId, event.data.to]);
        return;
      case 'ClaimSubmitted': {
        const d = event.data;
        // An erased deceased's date reads '[erased]': without a date the claim cannot end the book.
        if (!/^\d{4}-\d{2}-\d{2}$/.test(d.deceasedDateOfDeath)) return;
        await tx.query(
          `insert into billing_claims (claim_id, company_id, policy_id, deceased_id_number, date_of_death, status)
           values ($1, $2, $3, $4, $5::date, 'submitted') on conflict (claim_id) do nothing`,
          [d.claimId, d.companyId, d.policyId, personal(d.deceasedSaId), d.deceasedDateOfDeath],
        );
        return;
      }
      case 'ClaimStatusChanged':
        await tx.query(`update billing_claims set status = $2 where claim_id = $1`, [event.data.claimId, event.data.to]);
        return;
    }
  },
  // A result file's or a statement's payments come in long runs of PaymentRecorded: one INSERT per run (issue #21).
  // A rebuild's log interleaves each member's registration, policy and payments: gathered into runs of one type
  // (inTypeRuns), each run one statement, instead of a round trip per event (issue #26).
  applyBatch: (tx, events): Promise<void> =>
    applyTypeRuns(
      tx,
      inTypeRuns(events, billingKeys),
      { MemberRegistered: membersRegistered, PolicyIssued: policiesIssued, PaymentRecorded: paymentsRecorded },
      (t, event): Promise<void> => billingProjection.apply(t, event),
    ),
});

/**
 * What an event touches, for gathering a batch into runs of one type: a member's, a policy's or a payment's
 * own row, each keyed by its id. Every other event stays where it is (a barrier).
 */
function billingKeys(event: Recorded<BillingEvent>): EventKeys {
  switch (event.type) {
    case 'MemberRegistered':
    case 'MemberUpdated':
      return [`member:${event.data.memberId}`];
    case 'PolicyIssued':
      return [`policy:${event.data.policyId}`];
    case 'PaymentRecorded':
    case 'PaymentStatusChanged':
      return [`payment:${event.data.paymentId}`];
    default:
      return 'barrier';
  }
}

/**
 * A run of registrations in one upsert. As one by one: a member registered twice in the run keeps the company of
 * the first and the contact of the last (ON CONFLICT DO UPDATE cannot touch one row twice in a statement).
 */
async function membersRegistered(
  tx: SqlExecutor,
  run: readonly Recorded<Extract<BillingEvent, { type: 'MemberRegistered' }>>[],
): Promise<void> {
  const rows = run.map(({ data: d }, ord) => {
    const idNumber = d.identifierType === 'passport' ? (d.passportNumber ?? d.saId) : (d.saId ?? d.passportNumber);
    return {
      ord,
      member_id: d.memberId,
      company_id: d.companyId,
      phone: personal(d.phone),
      email: personal(d.email),
      id_number: personal(idNumber),
    };
  });
  await tx.query(
    `insert into billing_members (member_id, company_id, phone, email, id_number)
     select distinct on (member_id) member_id, first_value(company_id) over (partition by member_id order by ord), phone, email, id_number
       from ${MEMBER_ROWS.from('$1', 'r')}
      order by member_id, ord desc
     on conflict (member_id) do update set phone = excluded.phone, email = excluded.email, id_number = excluded.id_number`,
    [MEMBER_ROWS.json(rows)],
  );
}

/** A run of issued policies in one INSERT, in log order (the first of a repeated policy id stands, as with apply). */
async function policiesIssued(tx: SqlExecutor, run: readonly Recorded<Extract<BillingEvent, { type: 'PolicyIssued' }>>[]): Promise<void> {
  const rows = run.map(({ data: d, globalPosition }, ord) => ({
    ord,
    policy_id: d.policyId,
    company_id: d.companyId,
    policy_number: d.policyNumber,
    member_id: d.memberId,
    policy_type_id: d.policyTypeId,
    start_date: d.startDate,
    monthly_premium: d.monthlyPremium,
    debit_day: d.debitDay ?? 1,
    opening_paid_up_to: d.paidUpTo ?? null,
    position: globalPosition,
  }));
  await tx.query(
    `insert into billing_policies (policy_id, company_id, policy_number, member_id, policy_type_id, start_date, monthly_premium,
                                   debit_day, opening_paid_up_to, status, position)
     select policy_id, company_id, policy_number, member_id, policy_type_id, start_date, monthly_premium, debit_day, opening_paid_up_to,
            'active', position
       from ${POLICY_ROWS.from('$1', 'r')}
      order by ord
     on conflict (policy_id) do nothing`,
    [POLICY_ROWS.json(rows)],
  );
}

/** A run of recorded payments in one INSERT, in log order (the first of a repeated payment id stands, as with apply). */
async function paymentsRecorded(
  tx: SqlExecutor,
  run: readonly Recorded<Extract<BillingEvent, { type: 'PaymentRecorded' }>>[],
): Promise<void> {
  // Group payments pay group policies, which the calendar does not bill.
  const payments = run.filter((event) => !event.data.groupSchemeId).map((event) => event.data);
  await insertPaymentRows(tx, 'billing_payments', payments, 'date');
}

/** Active again (reinstated, or set active by staff): the open suspension ends, the calendar starts afresh. */
async function reactivated(tx: SqlExecutor, policyId: string, day: string): Promise<void> {
  await tx.query(
    `update billing_policies
        set status = 'active', lapse_on = null, lapse_non_payment = false, notices = '[]', activations = activations + 1,
            suspensions = ${withSuspensionsClosed('$2')}
      where policy_id = $1`,
    [policyId, day],
  );
}

function wholeOrNull(value: unknown, min: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : null;
}

/** Issue #22: the policy owes `premium` from `from` on (premium-ledger.ts premiumChanges); on a change of type, under the new type's rules. */
async function premiumChanged(tx: SqlExecutor, policyId: string, from: string, premium: string, policyTypeId: string | null = null) {
  await tx.query(
    `update billing_policies
        set policy_type_id = coalesce($4::uuid, policy_type_id),
            premium_changes = ${withPremiumChange('$2', '$3')}
      where policy_id = $1`,
    [policyId, from, premium, policyTypeId],
  );
}

import type {
  BatchEvent,
  ClaimEvent,
  CompanyEvent,
  GroupSchemeEvent,
  MemberEvent,
  NotificationTemplateEvent,
  PaymentEvent,
  PaymentRecorded,
  PolicyEvent,
  PolicyIssued,
  MemberRegistered,
} from '@fpa/write-model';
import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { addMonths, CLAIM_REJECTION_REASON_LABELS, formatRand, southAfricanDate, type PreferredChannel } from '@fpa/write-model/validation';
import { dayBefore, longDate, monthName, paidUpToOf, type PremiumChange, type Suspension } from '@fpa/write-model';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import {
  insertNewPaymentRows,
  insertPaymentRows,
  withOpenSuspension,
  withPremiumChange,
  withSuspensionsClosed,
} from '../billing/ledger-terms.sql.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { rowSet } from '../engine/row-set.ts';
import {
  enqueue,
  liveEnqueueReads,
  tierSends,
  writeOutboxRows,
  writtenMessages,
  type EnqueueReads,
  type OutboxRow,
  type Recipient,
} from './enqueue.ts';
import { CUSTOM_PLANS_FROM } from '../engine/apply.ts';
import { createNotifyTables, NOTIFY_TABLES } from './outbox.schema.ts';

const POLICY_ROWS = rowSet(`
  ord int, policy_id uuid, company_id uuid, member_id uuid, policy_number text, start_date text, monthly_premium text,
  debit_day int, opening_paid_up_to text`);

const PERSON_ROWS = rowSet(`
  ord int, member_id uuid, company_id uuid, first_name text, phone text, email text`);

type NotifyEvent =
  | CompanyEvent
  | MemberEvent
  | PolicyEvent
  | PaymentEvent
  | ClaimEvent
  | BatchEvent
  | GroupSchemeEvent
  | NotificationTemplateEvent;

/**
 * The outbox projector (issue #24): the events decide what is sent. It keeps what a message needs
 * (companies with their tier, people's contact details, policies, claimants) in its own tables and
 * writes the messages to the durable outbox (outbox.schema.ts) in the same transaction; the dispatcher
 * sends them.
 */
export const notificationsProjection: Projector = projectorOf<NotifyEvent>()({
  name: 'notifications',
  // 2: the company's message templates (NotificationTemplateSet/Reset); members' preferred channel and opt-out.
  // 3: a receipt's paid-up-to date (the policy's ledger terms and payments folded here); a payment completed later is
  //    receipted; a spouse who comes to hold the policy (PolicyHolderSucceeded) is its holder for messages.
  version: 3,
  handles: [
    'NotificationTemplateSet',
    'NotificationTemplateReset',
    'MemberCommunicationSet',
    'CompanyRegistered',
    'CompanyDetailsUpdated',
    'SubscriptionTierChanged',
    'MemberRegistered',
    'MemberUpdated',
    'SchemeMemberAdded',
    'PolicyIssued',
    'PaymentRecorded',
    'PaymentStatusChanged',
    'NonPaymentNoticeIssued',
    'PolicyLapsed',
    'PolicyStatusChanged',
    'PolicyReinstated',
    'PolicyTypeChanged',
    'PolicyLifeAdded',
    'PolicyLifeRemoved',
    'PolicyHolderSucceeded',
    'ClaimSubmitted',
    'ClaimStatusChanged',
    'PremiumUnpaid',
  ],
  tables: NOTIFY_TABLES,
  init: createNotifyTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'NotificationTemplateSet': {
        const d = event.data;
        await tx.query(
          `insert into notify_templates (company_id, message_type, subject, sms, email) values ($1, $2, $3, $4, $5)
           on conflict (company_id, message_type) do update set subject = excluded.subject, sms = excluded.sms, email = excluded.email`,
          [d.companyId, d.messageType, d.subject, d.sms, d.email],
        );
        return;
      }
      case 'NotificationTemplateReset':
        await tx.query(`delete from notify_templates where company_id = $1 and message_type = $2`, [
          event.data.companyId,
          event.data.messageType,
        ]);
        return;
      case 'MemberCommunicationSet': {
        const d = event.data;
        await tx.query(`update notify_people set preferred_channel = $2, opted_out = $3 where member_id = $1`, [
          d.memberId,
          d.preferredChannel,
          d.optedOut,
        ]);
        return;
      }
      case 'CompanyRegistered': {
        const d = event.data;
        await tx.query(
          `insert into notify_companies (company_id, name, phone, email, tier) values ($1, $2, $3, $4, $5) on conflict (company_id) do nothing`,
          [d.companyId, d.name, d.phone ?? null, d.email ?? null, d.tier],
        );
        return;
      }
      case 'CompanyDetailsUpdated': {
        const d = event.data;
        await tx.query(`update notify_companies set name = $2, phone = $3, email = $4 where company_id = $1`, [
          d.companyId,
          d.name,
          d.phone ?? null,
          d.email ?? null,
        ]);
        return;
      }
      case 'SubscriptionTierChanged':
        await tx.query(`update notify_companies set tier = $2 where company_id = $1`, [event.data.companyId, event.data.toTier]);
        return;
      case 'MemberRegistered':
      case 'MemberUpdated': {
        const d = event.data;
        await tx.query(
          `insert into notify_people (member_id, company_id, first_name, phone, email) values ($1, $2, $3, $4, $5)
           on conflict (member_id) do update set first_name = excluded.first_name, phone = excluded.phone, email = excluded.email`,
          [d.memberId, d.companyId, d.firstName, d.phone ?? null, d.email ?? null],
        );
        return;
      }
      case 'SchemeMemberAdded': {
        const d = event.data;
        await tx.query(
          `insert into notify_people (member_id, company_id, first_name, phone, email) values ($1, $2, $3, $4, $5)
           on conflict (member_id) do update set first_name = excluded.first_name, phone = excluded.phone, email = excluded.email`,
          [d.memberId, d.companyId, d.firstName, d.phone ?? null, d.email ?? null],
        );
        if (!d.isMainMember) return;
        await addPolicy(tx, d.policyId, d.companyId, d.memberId, d.policyNumber);
        const recipient = await member(tx, d.memberId);
        if (recipient)
          await enqueue(tx, event, d.companyId, 'policy_issued', recipient, {
            policyNumber: d.policyNumber,
            cover: d.coverAmount ? formatRand(d.coverAmount) : 'as in your scheme',
            waitingEnds: 'as in your scheme',
          });
        return;
      }
      case 'PolicyIssued': {
        const d = event.data;
        await addPolicy(tx, d.policyId, d.companyId, d.memberId, d.policyNumber);
        await tx.query(
          `update notify_policies set start_date = $2, monthly_premium = $3, debit_day = $4, opening_paid_up_to = $5 where policy_id = $1`,
          [d.policyId, d.startDate, d.monthlyPremium, d.debitDay ?? 1, d.paidUpTo ?? null],
        );
        // A policy migrated from another system (paid up to a date there) is not new to its holder: a book
        // imported at once is not welcomed by thousands of SMS.
        if (d.paidUpTo !== undefined) return;
        const recipient = await member(tx, d.memberId);
        if (recipient)
          await enqueue(tx, event, d.companyId, 'policy_issued', recipient, {
            policyNumber: d.policyNumber,
            cover: formatRand(d.coverageAmount),
            waitingEnds: longDate(addMonths(d.startDate, d.waitingPeriod)),
          });
        return;
      }
      case 'PaymentRecorded': {
        const d = event.data;
        // A group scheme's run is paid by the scheme, not by its members: no receipt to each of them.
        if (d.groupSchemeId) return;
        await tx.query(
          `insert into notify_payments (payment_id, company_id, policy_id, amount, payment_date, status) values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
          [d.paymentId, d.companyId, d.policyId, d.amount, d.paymentDate, d.status],
        );
        if (d.status !== 'completed') return;
        return receipt(tx, event, d.companyId, d.policyId, d.amount, d.paymentDate);
      }
      case 'PaymentStatusChanged': {
        const d = event.data;
        const [payment] = await tx.query<{ policy_id: string; amount: string; payment_date: string }>(
          `update notify_payments set status = $2 where payment_id = $1 returning policy_id::text, amount::text, payment_date`,
          [d.paymentId, d.to],
        );
        if (d.to !== 'completed') return;
        if (payment) await receipt(tx, event, d.companyId, payment.policy_id, payment.amount, payment.payment_date);
        return;
      }
      case 'NonPaymentNoticeIssued': {
        const d = event.data;
        const recipient = await holder(tx, d.policyId);
        if (recipient)
          await enqueue(tx, event, d.companyId, 'non_payment_notice', recipient, {
            policyNumber: d.policyNumber,
            amount: formatRand(d.arrears),
            text: d.text,
          });
        return;
      }
      case 'PolicyLapsed':
        await suspend(tx, event.data.policyId, event.data.lapsedOn);
        return policyMessage(tx, event, event.data.policyId, event.data.companyId, 'policy_lapsed', longDate(event.data.lapsedOn));
      case 'PolicyStatusChanged': {
        const d = event.data;
        const on = d.changedOn ?? southAfricanDate(event.recordedAt);
        // The ledger as billing folds it: out of force, nothing falls due until it is active again.
        if (d.to === 'active') await resume(tx, d.policyId, on);
        else await suspend(tx, d.policyId, on);
        // Staff lapsing a policy by hand; a lapsed policy set active again comes as PolicyReinstated.
        if (d.to !== 'lapsed') return;
        return policyMessage(tx, event, d.policyId, d.companyId, 'policy_lapsed', longDate(on));
      }
      case 'PolicyReinstated':
        await resume(tx, event.data.policyId, event.data.reinstatedOn);
        return policyMessage(tx, event, event.data.policyId, event.data.companyId, 'policy_reinstated', null);
      case 'PolicyTypeChanged':
        return premiumChanged(tx, event.data.policyId, event.data.changedOn, event.data.monthlyPremium);
      case 'PolicyLifeAdded':
        return premiumChanged(tx, event.data.policyId, event.data.life.joinedOn, event.data.monthlyPremium);
      case 'PolicyLifeRemoved':
        return premiumChanged(
          tx,
          event.data.policyId,
          event.data.removedOn || southAfricanDate(event.recordedAt),
          event.data.monthlyPremium,
        );
      case 'PolicyHolderSucceeded':
        // Issue #22: the main member died and the spouse holds the policy now: receipts and notices go to them.
        await tx.query(`update notify_policies set member_id = $2 where policy_id = $1`, [event.data.policyId, event.data.toMemberId]);
        return;
      case 'ClaimSubmitted': {
        const d = event.data;
        await tx.query(
          `insert into notify_claims (claim_id, company_id, member_id, claim_number, policy_number, first_name, phone, email)
           values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (claim_id) do nothing`,
          [d.claimId, d.companyId, d.memberId, d.claimNumber, d.policyNumber, d.claimantFirstName, d.claimantPhone, d.claimantEmail],
        );
        const claimant = await claimantOf(tx, d.claimId);
        if (claimant)
          await enqueue(tx, event, d.companyId, 'claim_received', claimant.recipient, {
            claimNumber: d.claimNumber,
            policyNumber: d.policyNumber,
          });
        return;
      }
      case 'ClaimStatusChanged': {
        const d = event.data;
        const claimant = await claimantOf(tx, d.claimId);
        if (!claimant) return;
        const values = { claimNumber: claimant.claimNumber, policyNumber: claimant.policyNumber };
        if (d.to === 'approved')
          await enqueue(tx, event, d.companyId, 'claim_approved', claimant.recipient, {
            ...values,
            amount: d.decision ? formatRand(d.decision.approvedAmount) : 'the amount approved',
          });
        else if (d.to === 'rejected') {
          const reason = d.rejection
            ? [CLAIM_REJECTION_REASON_LABELS[d.rejection.reason], d.rejection.detail].filter(Boolean).join(': ')
            : (d.note ?? 'see our letter');
          await enqueue(tx, event, d.companyId, 'claim_rejected', claimant.recipient, { ...values, reason });
        } else if (d.to === 'paid')
          await enqueue(tx, event, d.companyId, 'claim_paid', claimant.recipient, {
            ...values,
            amount: d.payout ? formatRand(d.payout.amount) : 'the amount approved',
            paidOn: d.payout ? longDate(d.payout.paidOn) : longDate(southAfricanDate(event.recordedAt)),
          });
        return;
      }
      case 'PremiumUnpaid': {
        const d = event.data;
        const recipient = await holder(tx, d.policyId);
        if (recipient)
          await enqueue(tx, event, d.companyId, 'debit_unpaid', recipient, {
            policyNumber: d.policyNumber,
            amount: formatRand(d.amount),
            meaning: d.meaning,
          });
        return;
      }
    }
  },
  // A result file's or a statement's payments: a run of PaymentRecorded reads what its receipts need once (paymentRun).
  // A rebuild's log interleaves each member's registration, policy and payments: gathered into runs of one type
  // (inTypeRuns), each run a few statements instead of several per event (issue #26).
  applyBatch: async (tx, events): Promise<void> => {
    const holders = await receiptHolders(tx, events);
    await applyTypeRuns(
      tx,
      inTypeRuns(events, (event) => notifyKeys(event, holders)),
      { PaymentRecorded: paymentRun, MemberRegistered: peopleRegistered, PolicyIssued: policiesIssued },
      (t, event): Promise<void> => notificationsProjection.apply(t, event as never),
    );
  },
});

/**
 * What an event touches, for gathering a batch into runs of one type: a person's row (registrations, updates,
 * a member's choice), a policy's row and its holder's person (a policy issued: its welcome reads the holder), a
 * payment's row, its policy's terms and payments and the holder its receipt goes to. Everything else (company,
 * template and policy-state events, successions, status changes, claims) stays where it is.
 */
function notifyKeys(event: Recorded<NotifyEvent>, holders: Map<RecordedEvent, string | null>): EventKeys {
  switch (event.type) {
    case 'MemberRegistered':
    case 'MemberUpdated':
    case 'MemberCommunicationSet':
      return [`member:${event.data.memberId}`];
    case 'PolicyIssued':
      return [`policy:${event.data.policyId}`, `member:${event.data.memberId}`];
    case 'PaymentRecorded': {
      const holder = holders.get(event);
      return [`payment:${event.data.paymentId}`, `policy:${event.data.policyId}`, ...(holder ? [`member:${holder}`] : [])];
    }
    default:
      return 'barrier';
  }
}

/**
 * Whom each payment's receipt in the batch goes to (the policy's member_id at the payment, in log order): the
 * table's, or the first PolicyIssued's (addPolicy keeps the first), moved by a succession. A payment's keys name
 * them, so it is never moved across a change of the person its receipt reads.
 */
async function receiptHolders(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<Map<RecordedEvent, string | null>> {
  const typed = events as readonly Recorded<NotifyEvent>[];
  const policyIds = [...new Set(typed.flatMap((e) => (e.type === 'PaymentRecorded' && !e.data.groupSchemeId ? [e.data.policyId] : [])))];
  const out = new Map<RecordedEvent, string | null>();
  if (policyIds.length === 0) return out;
  const rows = await tx.query<{ policy_id: string; member_id: string }>(
    `select policy_id::text, member_id::text from notify_policies where policy_id = any($1::uuid[])`,
    [policyIds],
  );
  const holder = new Map(rows.map((r) => [r.policy_id, r.member_id]));
  for (const event of typed) {
    if (event.type === 'PolicyIssued' && !holder.has(event.data.policyId)) holder.set(event.data.policyId, event.data.memberId);
    else if (event.type === 'SchemeMemberAdded' && event.data.isMainMember && !holder.has(event.data.policyId))
      holder.set(event.data.policyId, event.data.memberId);
    else if (event.type === 'PolicyHolderSucceeded' && holder.has(event.data.policyId))
      holder.set(event.data.policyId, event.data.toMemberId);
    else if (event.type === 'PaymentRecorded') out.set(event, holder.get(event.data.policyId) ?? null);
  }
  return out;
}

/** A run of registrations in one upsert; a member registered twice in the run keeps the company of the first, the rest of the last. */
async function peopleRegistered(tx: SqlExecutor, run: readonly Recorded<MemberRegistered>[]): Promise<void> {
  const rows = run.map(({ data: d }, ord) => ({
    ord,
    member_id: d.memberId,
    company_id: d.companyId,
    first_name: d.firstName,
    phone: d.phone,
    email: d.email,
  }));
  await tx.query(
    `insert into notify_people (member_id, company_id, first_name, phone, email)
     select distinct on (member_id) member_id, first_value(company_id) over (partition by member_id order by ord), first_name, phone, email
       from ${PERSON_ROWS.from('$1', 'r')}
      order by member_id, ord desc
     on conflict (member_id) do update set first_name = excluded.first_name, phone = excluded.phone, email = excluded.email`,
    [PERSON_ROWS.json(rows)],
  );
}

/**
 * A run of issued policies: one INSERT (the first of a repeated policy id stands), one UPDATE of the terms (the
 * last stands), then each welcome as apply writes it, its holder, company and words read once for the run (a run
 * changes none of them).
 */
async function policiesIssued(tx: SqlExecutor, run: readonly Recorded<PolicyIssued>[]): Promise<void> {
  const rows = run.map(({ data: d }, ord) => ({
    ord,
    policy_id: d.policyId,
    company_id: d.companyId,
    member_id: d.memberId,
    policy_number: d.policyNumber,
    start_date: d.startDate,
    monthly_premium: d.monthlyPremium,
    debit_day: d.debitDay ?? 1,
    opening_paid_up_to: d.paidUpTo ?? null,
  }));
  const recordset = POLICY_ROWS.from('$1', 'r');
  const json = POLICY_ROWS.json(rows);
  await tx.query(
    `insert into notify_policies (policy_id, company_id, member_id, policy_number)
     select policy_id, company_id, member_id, policy_number from ${recordset} order by ord
     on conflict (policy_id) do nothing`,
    [json],
  );
  await tx.query(
    `update notify_policies p set start_date = r.start_date, monthly_premium = r.monthly_premium, debit_day = r.debit_day,
            opening_paid_up_to = r.opening_paid_up_to
       from (select distinct on (policy_id) * from ${recordset} order by policy_id, ord desc) r
      where p.policy_id = r.policy_id`,
    [json],
  );
  // A policy migrated from another system (paid up to a date there) is not new to its holder: no welcome.
  const welcomed = run.filter((event) => event.data.paidUpTo === undefined);
  if (welcomed.length === 0) return;
  const people = await tx.query<PersonRow & { member_id: string }>(
    `select member_id::text, ${PERSON_COLUMNS} from notify_people where member_id = any($1::uuid[])`,
    [[...new Set(welcomed.map((e) => e.data.memberId))]],
  );
  const personOf = new Map(people.map((p) => [p.member_id, p]));
  const reads = onceReads(tx);
  const messages: OutboxRow[] = [];
  for (const event of welcomed) {
    const d = event.data;
    const person = personOf.get(d.memberId);
    if (!person) continue;
    await enqueue(
      tx,
      event,
      d.companyId,
      'policy_issued',
      recipientOf(d.memberId, person),
      { policyNumber: d.policyNumber, cover: formatRand(d.coverageAmount), waitingEnds: longDate(addMonths(d.startDate, d.waitingPeriod)) },
      reads,
      messages,
    );
  }
  await writeOutboxRows(tx, messages);
}

/** The company and its words, each read once for a run (a run changes neither). */
function onceReads(tx: SqlExecutor): EnqueueReads {
  const live = liveEnqueueReads(tx);
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, read());
    return memo.get(key) as Promise<T>;
  };
  return {
    company: (companyId) => once(`company:${companyId}`, () => live.company(companyId)),
    words: (companyId, type) => once(`words:${companyId}:${type}`, () => live.words(companyId, type)),
  };
}

async function addPolicy(tx: SqlExecutor, policyId: string, companyId: string, memberId: string, policyNumber: string) {
  await tx.query(
    `insert into notify_policies (policy_id, company_id, member_id, policy_number) values ($1, $2, $3, $4) on conflict (policy_id) do nothing`,
    [policyId, companyId, memberId, policyNumber],
  );
}

/** A row of notify_people, as a message reads it. */
type PersonRow = {
  first_name: string | null;
  phone: string | null;
  email: string | null;
  preferred_channel: PreferredChannel;
  opted_out: boolean;
};
const PERSON_COLUMNS = 'first_name, phone, email, preferred_channel, opted_out';

const recipientOf = (memberId: string, row: PersonRow): Recipient => ({
  key: `member:${memberId}`,
  memberId,
  firstName: row.first_name,
  phone: row.phone,
  email: row.email,
  preferences: { preferredChannel: row.preferred_channel, optedOut: row.opted_out },
});

async function member(tx: SqlExecutor, memberId: string): Promise<Recipient | null> {
  const [row] = await tx.query<PersonRow>(`select ${PERSON_COLUMNS} from notify_people where member_id = $1`, [memberId]);
  return row ? recipientOf(memberId, row) : null;
}

/** The policyholder of a policy, and its number. */
async function holder(tx: SqlExecutor, policyId: string): Promise<Holder | null> {
  const [row] = await tx.query<{ member_id: string; policy_number: string }>(
    `select member_id::text, policy_number from notify_policies where policy_id = $1`,
    [policyId],
  );
  if (!row) return null;
  const recipient = await member(tx, row.member_id);
  return recipient ? { ...recipient, policyNumber: row.policy_number } : null;
}

type Holder = Recipient & { policyNumber: string };

/** A policy's ledger terms as this projector folds them (the billing ledger's inputs). */
type LedgerTerms = {
  start_date: string | null;
  monthly_premium: string | null;
  debit_day: number | null;
  opening_paid_up_to: string | null;
  suspensions: Suspension[];
  premium_changes: PremiumChange[];
};

/**
 * What a receipt reads: the live tables, one query each (apply), or what a run of payments read once
 * (paymentRun, applyBatch); both answer the same at each event of the run.
 */
type ReceiptReads = EnqueueReads & {
  holder(policyId: string): Promise<Holder | null>;
  terms(policyId: string): Promise<LedgerTerms | undefined>;
  /** The policy's completed payments in the table, this one included, by date then id. */
  completedPayments(policyId: string): Promise<{ date: string; amount: string }[]>;
};

const liveReceiptReads = (tx: SqlExecutor): ReceiptReads => ({
  ...liveEnqueueReads(tx),
  holder: (policyId) => holder(tx, policyId),
  terms: async (policyId) =>
    (
      await tx.query<LedgerTerms>(
        `select start_date, monthly_premium, debit_day, opening_paid_up_to, suspensions, premium_changes from notify_policies where policy_id = $1`,
        [policyId],
      )
    )[0],
  completedPayments: (policyId) =>
    tx.query<{ date: string; amount: string }>(
      `select payment_date as date, amount::text as amount from notify_payments
        where policy_id = $1 and status = 'completed' order by payment_date, payment_id`,
      [policyId],
    ),
});

async function receipt(
  tx: SqlExecutor,
  event: Parameters<typeof enqueue>[1],
  companyId: string,
  policyId: string,
  amount: string,
  paymentDate: string,
  reads: ReceiptReads = liveReceiptReads(tx),
  pending?: OutboxRow[],
) {
  const recipient = await reads.holder(policyId);
  if (!recipient) return;
  await enqueue(
    tx,
    event,
    companyId,
    'premium_received',
    recipient,
    // The paid-up-to date folds the policy's payments: only for a receipt that is written (not on the free tier).
    async () => ({
      policyNumber: recipient.policyNumber,
      amount: formatRand(amount),
      paidOn: longDate(paymentDate),
      month: monthName(paymentDate.slice(0, 7)),
      paidUpTo: await paidUpToAfter(reads, policyId, paymentDate, southAfricanDate(event.recordedAt)),
    }),
    reads,
    pending,
  );
}

/**
 * The policy's paid-up-to date once this payment is in (premium-ledger.ts, the billing ledger's one rule),
 * from the terms and the completed payments folded so far: the value at the event, the same on a rebuild.
 * As of the later of the payment's date and the day it was recorded (a payment dated ahead counts).
 */
async function paidUpToAfter(reads: ReceiptReads, policyId: string, paymentDate: string, recordedOn: string): Promise<string> {
  const terms = await reads.terms(policyId);
  if (!terms?.start_date || !terms.monthly_premium) return 'see your statement';
  const paidUpTo = paidUpToOf(
    {
      startDate: terms.start_date,
      monthlyPremium: terms.monthly_premium,
      debitDay: terms.debit_day ?? 1,
      openingPaidUpTo: terms.opening_paid_up_to,
      suspensions: terms.suspensions,
      premiumChanges: terms.premium_changes,
    },
    await reads.completedPayments(policyId),
    paymentDate > recordedOn ? paymentDate : recordedOn,
  );
  // No month fully paid yet: covered up to the day before the policy started.
  return longDate(paidUpTo ?? dayBefore(terms.start_date));
}

/**
 * A run of PaymentRecorded (a result file's or a statement's payments: issue #21's 50,000 lines), with what
 * apply reads per payment read once for the run: the policies' terms and holders, their payments, each
 * company and template. Nothing a run changes is read from those: the payments are folded in memory in log
 * order (a payment id already known is not added again, as the table's key refuses it), written in one
 * statement first. The receipts are made as apply makes them and written together at the end (writeOutboxRows).
 * Equal to apply event by event (notifications-batch.int.test.ts).
 */
async function paymentRun(tx: SqlExecutor, run: readonly Recorded<PaymentRecorded>[]): Promise<void> {
  // A group scheme's run is paid by the scheme, not by its members: not in this table, no receipt.
  const paying = run.filter((event) => !event.data.groupSchemeId);
  if (paying.length === 0) return;
  const once = onceReads(tx);
  // The receipts the companies' tiers send (the free tier sends none): only their policies' terms, holders and
  // payments are read. A payment whose tier sends no receipt was never receipted, so nothing of it is in the outbox
  // for an erasure to blank either.
  const receipted: Recorded<PaymentRecorded>[] = [];
  for (const event of paying) {
    const company = event.data.status === 'completed' ? await once.company(event.data.companyId) : null;
    if (company && tierSends(company, 'premium_received')) receipted.push(event);
  }
  if (receipted.length === 0) {
    await insertPaymentRows(
      tx,
      'notify_payments',
      paying.map((event) => event.data),
      'text',
    );
    return;
  }
  const policyIds = [...new Set(receipted.map((e) => e.data.policyId))];
  const terms = await tx.query<LedgerTerms & { policy_id: string; member_id: string; policy_number: string }>(
    `select policy_id::text, member_id::text, policy_number, start_date, monthly_premium, debit_day, opening_paid_up_to,
            suspensions, premium_changes
       from notify_policies where policy_id = any($1::uuid[])`,
    [policyIds],
  );
  const termsOf = new Map(terms.map((t) => [t.policy_id, t]));
  const people = await tx.query<PersonRow & { member_id: string }>(
    `select member_id::text, ${PERSON_COLUMNS} from notify_people where member_id = any($1::uuid[])`,
    [[...new Set(terms.map((t) => t.member_id))]],
  );
  const personOf = new Map(people.map((p) => [p.member_id, p]));
  type Paid = { id: string; date: string; amount: string; status: string };
  const paymentsOf = new Map<string, Paid[]>(policyIds.map((id) => [id, []]));
  for (const row of await tx.query<{ policy_id: string; payment_id: string; date: string; amount: string; status: string }>(
    `select policy_id::text, payment_id::text, payment_date as date, amount::text as amount, status
       from notify_payments where policy_id = any($1::uuid[])`,
    [policyIds],
  ))
    paymentsOf.get(row.policy_id)!.push({ id: row.payment_id, date: row.date, amount: row.amount, status: row.status });
  // A rebuild meets receipts the outbox already holds: a long run looks them up first and renders only the others
  // (each receipt folds its policy's premium ledger). A live payment or a few would pay a statement for nothing.
  const reads: ReceiptReads = {
    ...once,
    ...(receipted.length >= CUSTOM_PLANS_FROM
      ? {
          written: await writtenMessages(
            tx,
            receipted.map((e) => e.eventId),
          ),
        }
      : {}),
    holder: async (policyId) => {
      const t = termsOf.get(policyId);
      const person = t ? personOf.get(t.member_id) : undefined;
      return t && person ? { ...recipientOf(t.member_id, person), policyNumber: t.policy_number } : null;
    },
    terms: async (policyId) => termsOf.get(policyId),
    completedPayments: async (policyId) =>
      (paymentsOf.get(policyId) ?? [])
        .filter((p) => p.status === 'completed')
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((p) => ({ date: p.date, amount: p.amount })),
  };
  // The payments the table takes, in log order (a payment id already there is refused by its key), written first:
  // what it inserted says which are new, and the payments each receipt folds were read before it.
  const inserted = await insertNewPaymentRows(
    tx,
    'notify_payments',
    paying.map((event) => event.data),
    'text',
  );
  const messages: OutboxRow[] = [];
  const receipts = new Set(receipted);
  for (const event of paying) {
    const d = event.data;
    if (inserted.delete(d.paymentId))
      paymentsOf.get(d.policyId)?.push({ id: d.paymentId, date: d.paymentDate, amount: d.amount, status: d.status });
    if (receipts.has(event)) await receipt(tx, event, d.companyId, d.policyId, d.amount, d.paymentDate, reads, messages);
  }
  await writeOutboxRows(tx, messages);
}

/** Out of force from `day` (a lapse, a cancellation): an open suspension, as the billing projector keeps it. */
async function suspend(tx: SqlExecutor, policyId: string, day: string) {
  await tx.query(
    `update notify_policies set suspensions = ${withOpenSuspension('$2')}
      where policy_id = $1 and not exists (select 1 from jsonb_array_elements(suspensions) s where s->'to' = 'null'::jsonb)`,
    [policyId, day],
  );
}

/** Active again on `day`: the open suspension ends. */
async function resume(tx: SqlExecutor, policyId: string, day: string) {
  await tx.query(
    `update notify_policies
        set suspensions = ${withSuspensionsClosed('$2')}
      where policy_id = $1`,
    [policyId, day],
  );
}

/** Issue #22: the premium owed from `from` on. */
async function premiumChanged(tx: SqlExecutor, policyId: string, from: string, premium: string) {
  await tx.query(
    `update notify_policies set premium_changes = ${withPremiumChange('$2', '$3')}
      where policy_id = $1`,
    [policyId, from, premium],
  );
}

async function policyMessage(
  tx: SqlExecutor,
  event: Parameters<typeof enqueue>[1],
  policyId: string,
  companyId: string,
  type: 'policy_lapsed' | 'policy_reinstated',
  lapsedOn: string | null,
) {
  const recipient = await holder(tx, policyId);
  if (recipient)
    await enqueue(tx, event, companyId, type, recipient, { policyNumber: recipient.policyNumber, ...(lapsedOn ? { lapsedOn } : {}) });
}

async function claimantOf(tx: SqlExecutor, claimId: string) {
  const [row] = await tx.query<{
    member_id: string | null;
    claim_number: string;
    policy_number: string;
    first_name: string | null;
    phone: string | null;
    email: string | null;
  }>(`select member_id::text, claim_number, policy_number, first_name, phone, email from notify_claims where claim_id = $1`, [claimId]);
  if (!row) return null;
  // The claimant is often not the member: the row names the member whose policy it is (the member's page lists it).
  const recipient: Recipient = {
    key: `claimant:${claimId}`,
    memberId: row.member_id,
    firstName: row.first_name,
    phone: row.phone,
    email: row.email,
  };
  return { recipient, claimNumber: row.claim_number, policyNumber: row.policy_number };
}

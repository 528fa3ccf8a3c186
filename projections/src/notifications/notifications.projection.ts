import type {
  BatchEvent,
  ClaimEvent,
  CompanyEvent,
  GroupSchemeEvent,
  MemberEvent,
  NotificationTemplateEvent,
  PaymentEvent,
  PolicyEvent,
} from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { addMonths, CLAIM_REJECTION_REASON_LABELS, formatRand, southAfricanDate, type PreferredChannel } from '@fpa/write-model/validation';
import { longDate, monthName } from '@fpa/write-model';
import { projectorOf } from '../engine/typed.ts';
import type { Projector } from '../engine/types.ts';
import { enqueue, type Recipient } from './enqueue.ts';
import { createNotifyTables, NOTIFY_TABLES } from './outbox.schema.ts';

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
  version: 2,
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
          [d.memberId, d.companyId, d.firstName, d.phone, d.email],
        );
        return;
      }
      case 'SchemeMemberAdded': {
        const d = event.data;
        await tx.query(
          `insert into notify_people (member_id, company_id, first_name, phone, email) values ($1, $2, $3, $4, $5)
           on conflict (member_id) do update set first_name = excluded.first_name, phone = excluded.phone, email = excluded.email`,
          [d.memberId, d.companyId, d.firstName, d.phone, d.email],
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
        if (d.status !== 'completed' || d.groupSchemeId) return;
        await tx.query(
          `insert into notify_payments (payment_id, company_id, policy_id, amount, payment_date) values ($1, $2, $3, $4, $5) on conflict do nothing`,
          [d.paymentId, d.companyId, d.policyId, d.amount, d.paymentDate],
        );
        return receipt(tx, event, d.companyId, d.policyId, d.amount, d.paymentDate);
      }
      case 'PaymentStatusChanged': {
        const d = event.data;
        if (d.to !== 'completed') return;
        const [payment] = await tx.query<{ policy_id: string; amount: string; payment_date: string }>(
          `select policy_id::text, amount::text, payment_date from notify_payments where payment_id = $1`,
          [d.paymentId],
        );
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
        return policyMessage(tx, event, event.data.policyId, event.data.companyId, 'policy_lapsed', longDate(event.data.lapsedOn));
      case 'PolicyStatusChanged': {
        const d = event.data;
        // Staff lapsing a policy by hand; a lapsed policy set active again comes as PolicyReinstated.
        if (d.to !== 'lapsed') return;
        const on = d.changedOn ?? southAfricanDate(event.recordedAt);
        return policyMessage(tx, event, d.policyId, d.companyId, 'policy_lapsed', longDate(on));
      }
      case 'PolicyReinstated':
        return policyMessage(tx, event, event.data.policyId, event.data.companyId, 'policy_reinstated', null);
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
});

async function addPolicy(tx: SqlExecutor, policyId: string, companyId: string, memberId: string, policyNumber: string) {
  await tx.query(
    `insert into notify_policies (policy_id, company_id, member_id, policy_number) values ($1, $2, $3, $4) on conflict (policy_id) do nothing`,
    [policyId, companyId, memberId, policyNumber],
  );
}

async function member(tx: SqlExecutor, memberId: string): Promise<Recipient | null> {
  const [row] = await tx.query<{
    first_name: string | null;
    phone: string | null;
    email: string | null;
    preferred_channel: PreferredChannel;
    opted_out: boolean;
  }>(`select first_name, phone, email, preferred_channel, opted_out from notify_people where member_id = $1`, [memberId]);
  return row
    ? {
        key: `member:${memberId}`,
        memberId,
        firstName: row.first_name,
        phone: row.phone,
        email: row.email,
        preferences: { preferredChannel: row.preferred_channel, optedOut: row.opted_out },
      }
    : null;
}

/** The policyholder of a policy, and its number. */
async function holder(tx: SqlExecutor, policyId: string): Promise<(Recipient & { policyNumber: string }) | null> {
  const [row] = await tx.query<{ member_id: string; policy_number: string }>(
    `select member_id::text, policy_number from notify_policies where policy_id = $1`,
    [policyId],
  );
  if (!row) return null;
  const recipient = await member(tx, row.member_id);
  return recipient ? { ...recipient, policyNumber: row.policy_number } : null;
}

async function receipt(
  tx: SqlExecutor,
  event: Parameters<typeof enqueue>[1],
  companyId: string,
  policyId: string,
  amount: string,
  paymentDate: string,
) {
  const recipient = await holder(tx, policyId);
  if (!recipient) return;
  await enqueue(tx, event, companyId, 'premium_received', recipient, {
    policyNumber: recipient.policyNumber,
    amount: formatRand(amount),
    paidOn: longDate(paymentDate),
    month: monthName(paymentDate.slice(0, 7)),
  });
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

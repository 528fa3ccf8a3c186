import { graceEndsOn, MIN_GRACE_DAYS } from '../../billing/policy-calendar.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { ERASED, type PiiMarking } from '../../event-store/types.ts';
import { memberSubjectId } from '../../members/members.events.ts';
import { decimalToCents } from '../../validation/decimal.ts';
import type { MissedPremiumData, NonPaymentNoticeIssued, PolicyEvent, PolicyLapsed, PolicyReinstated } from '../policies.events.ts';
import type { PolicyState } from '../policies.state.ts';

/*
 * The three commands the calendar issues for one policy (issue #20). The daily run works out the step
 * from its read model (calendarSteps, billing/policy-calendar.ts); each decide here checks what the
 * policy's own stream can know, so a stale or wrong step is refused instead of written. A step already
 * taken (another run got there first) decides nothing: the run is a repeatable process.
 */

export type NoticeContact = { phone: string | null; email: string | null };

export type IssueNonPaymentNotice = {
  step: 'notice';
  policyId: string;
  companyId: string;
  /** The South African day of the run. */
  day: string;
  missed: MissedPremiumData[];
  arrears: string;
  graceEndsOn: string;
  /** The main member's contact as the run read it; the channel follows from it. */
  contact: NoticeContact;
  companyName: string;
};

export type LapseForNonPayment = {
  step: 'lapse';
  policyId: string;
  companyId: string;
  day: string;
  /** The deciding missed premium (the N-th) and its due date: grace runs from there. */
  period: string;
  dueDate: string;
  graceDays: number;
  missed: number;
  arrears: string;
};

export type ReinstateForPayment = { step: 'reinstate'; policyId: string; companyId: string; day: string; lapsedOn: string };

export type CalendarCommand = IssueNonPaymentNotice | LapseForNonPayment | ReinstateForPayment;

export const CALENDAR_POLICY_NOT_FOUND = 'Policy not found';
export const NOTICE_NEEDS_ACTIVE = 'Only an active policy is sent a non-payment notice.';
export const LAPSE_NEEDS_ACTIVE = 'Only an active policy can lapse for non-payment.';
export const LAPSE_NEEDS_EARLIER_NOTICE =
  'A policy is never lapsed without a non-payment notice for the premium issued on an earlier day (rule 15A).';
export const LAPSE_BEFORE_GRACE_ENDS = 'The grace period of this premium has not ended yet (rule 15A).';
export const REINSTATE_NEEDS_LAPSED = 'Only a lapsed policy can be reinstated.';
export const REINSTATE_NEEDS_NON_PAYMENT =
  'Only a policy lapsed for non-payment is reinstated by paying its arrears; a lapse set by staff is undone by staff.';
export const REINSTATE_OTHER_LAPSE = 'The policy lapsed on another day than this reinstatement names.';

type Issued = Exclude<PolicyState, { status: 'none' }>;

function policyOf(state: PolicyState, command: CalendarCommand): Issued {
  if (state.status === 'none' || state.companyId !== command.companyId || state.policyId !== command.policyId) {
    throw new NotFoundError(CALENDAR_POLICY_NOT_FOUND);
  }
  return state;
}

/**
 * The command id of a step: derived from what it is about — the company, the policy, how often it was
 * (re)activated, the step, and its period (notice, lapse) or lapse day (reinstatement) — so running a
 * day twice, a run that crashed half way and runs again, or two runs at once append it once (the event
 * store claims command ids in the append). Activations tell a lapse after a reinstatement from the
 * first one; the period, not the day, keys a notice, so runs of two days cannot notice a premium twice.
 */
export function calendarCommandId(command: CalendarCommand, activations: number): string {
  const key = command.step === 'notice' ? command.missed[0]?.period : command.step === 'lapse' ? command.period : command.lapsedOn;
  return `calendar:${command.companyId}:${command.policyId}:${activations}:${command.step}:${key}`;
}

export function decideCalendarStep(command: CalendarCommand, state: PolicyState): PolicyEvent[] {
  switch (command.step) {
    case 'notice':
      return decideNonPaymentNotice(command, state);
    case 'lapse':
      return decideLapse(command, state);
    case 'reinstate':
      return decideReinstatement(command, state);
  }
}

/** Rule 15A: tell the policyholder of the premiums missed and not told of yet. */
export function decideNonPaymentNotice(command: IssueNonPaymentNotice, state: PolicyState): NonPaymentNoticeIssued[] {
  const policy = policyOf(state, command);
  const missed = command.missed.filter((m) => !Object.hasOwn(policy.noticed, m.period));
  if (missed.length === 0) return [];
  if (policy.status !== 'active') throw new DomainError('INVALID_TRANSITION', NOTICE_NEEDS_ACTIVE);
  const { channel, to } = noticeChannel(command.contact);
  return [
    {
      type: 'NonPaymentNoticeIssued',
      data: {
        policyId: policy.policyId,
        companyId: policy.companyId,
        policyNumber: policy.policyNumber,
        issuedOn: command.day,
        missed,
        arrears: command.arrears,
        graceEndsOn: command.graceEndsOn,
        channel,
        to,
        text: noticeText({
          companyName: command.companyName,
          policyNumber: policy.policyNumber,
          missed,
          arrears: command.arrears,
          graceEndsOn: command.graceEndsOn,
        }),
      },
    },
  ];
}

/** The grace of the deciding premium has ended unpaid, and the policyholder was told on an earlier day. */
export function decideLapse(command: LapseForNonPayment, state: PolicyState): PolicyLapsed[] {
  const policy = policyOf(state, command);
  if (policy.status === 'lapsed' && policy.lapse?.nonPayment && policy.lapse.on === command.day) return [];
  if (policy.status !== 'active') throw new DomainError('INVALID_TRANSITION', LAPSE_NEEDS_ACTIVE);
  const noticedOn = policy.noticed[command.period];
  if (!noticedOn || noticedOn >= command.day) throw new DomainError('RULE_VIOLATED', LAPSE_NEEDS_EARLIER_NOTICE);
  const graceDays = Math.max(command.graceDays, MIN_GRACE_DAYS);
  const graceEndedOn = graceEndsOn(command.dueDate, noticedOn, graceDays);
  if (command.day <= graceEndedOn) throw new DomainError('RULE_VIOLATED', LAPSE_BEFORE_GRACE_ENDS);
  return [
    {
      type: 'PolicyLapsed',
      data: {
        policyId: policy.policyId,
        companyId: policy.companyId,
        lapsedOn: command.day,
        reason: 'non_payment',
        period: command.period,
        graceEndedOn,
        graceDays,
        missed: command.missed,
        arrears: command.arrears,
      },
    },
  ];
}

/** Rule 2A.9: a non-payment lapse whose arrears are paid within the window is reinstated. */
export function decideReinstatement(command: ReinstateForPayment, state: PolicyState): PolicyReinstated[] {
  const policy = policyOf(state, command);
  if (policy.status !== 'lapsed') throw new DomainError('INVALID_TRANSITION', REINSTATE_NEEDS_LAPSED);
  if (!policy.lapse?.nonPayment) throw new DomainError('RULE_VIOLATED', REINSTATE_NEEDS_NON_PAYMENT);
  if (policy.lapse.on !== command.lapsedOn) throw new DomainError('RULE_VIOLATED', REINSTATE_OTHER_LAPSE);
  return [
    {
      type: 'PolicyReinstated',
      data: {
        policyId: policy.policyId,
        companyId: policy.companyId,
        reinstatedOn: command.day,
        lapsedOn: command.lapsedOn,
        reason: 'arrears_paid',
        note: null,
      },
    },
  ];
}

const usable = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '' && value !== ERASED;

/** SMS when the main member has a phone, else e-mail when an address, else post (to the member's address). */
export function noticeChannel(contact: NoticeContact): { channel: 'sms' | 'email' | 'post'; to: string | null } {
  if (usable(contact.phone)) return { channel: 'sms', to: contact.phone.trim() };
  if (usable(contact.email)) return { channel: 'email', to: contact.email.trim() };
  return { channel: 'post', to: null };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for '2026-11'. */
export const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
/** '16 December 2026' for '2026-12-16'. */
export const longDate = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${monthName(isoDate.slice(0, 7))}`;
/** 'R120.00' */
export const rand = (amount: string) => {
  const cents = decimalToCents(amount);
  return `R${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the policyholder is told, in plain words (rule 15A). */
export function noticeText(args: {
  companyName: string;
  policyNumber: string;
  missed: readonly MissedPremiumData[];
  arrears: string;
  graceEndsOn: string;
}): string {
  const months = list(args.missed.map((m) => monthName(m.period)));
  const premiums = args.missed.length === 1 ? 'premium' : 'premiums';
  return (
    `${args.companyName}: we have not received your ${premiums} for ${months} on funeral policy ${args.policyNumber}. ` +
    `You owe ${rand(args.arrears)}. Your cover stays in force until ${longDate(args.graceEndsOn)}; ` +
    `if the amount is not paid by then, your cover ends on that date.`
  );
}

/** The notice's recipient is the main member's personal data: sealed with the member's key. */
export function calendarPii(memberId: string) {
  return (event: PolicyEvent): PiiMarking[] | undefined =>
    event.type === 'NonPaymentNoticeIssued' ? [{ subjectId: memberSubjectId(memberId), fields: ['to'] }] : undefined;
}

import { centsToDecimal, decimalToCents } from '../validation/decimal.ts';
import { addDays, addMonths } from '../validation/dates.ts';
import { CALENDAR_RULE_DEFAULTS, CALENDAR_RULE_LIMITS } from '../validation/policy-types.ts';
import { dayBefore, premiumLedger, type Ledger, type LedgerPayment, type LedgerTerms, type Suspension } from './premium-ledger.ts';

/**
 * What the calendar does to one policy on one South African day (issue #20): the daily run asks this
 * pure function, then issues each step as a command whose id is derived from (company, policy, period,
 * step), so a day run twice appends nothing new.
 *
 * The rules, as the Policyholder Protection Rules (long-term insurance, 2017) set them:
 * - Rule 15A (grace and notice): for monthly premiums, cover stays in force for at least 15 days after
 *   the due date of an unpaid premium, and the policyholder is told of the non-payment within 15 days of
 *   the due date. A premium is missed once its due date has passed unpaid (the run of the next day sees
 *   it); the first run that sees a missed premium issues the notice. Grace days are set per policy type,
 *   never below MIN_GRACE_DAYS; grace runs from the due date, or from the day before the notice when the
 *   notice came later (a migrated book, a run after downtime), so a policyholder always keeps the whole
 *   grace after being told.
 * - Lapse: when the grace of the N-th missed premium (N set per policy type, default 1) has ended and N
 *   premiums are still unpaid, the policy lapses (reason: non-payment). Never without a notice issued on
 *   an earlier day for that premium.
 * - Rule 2A.9 (reinstatement): a policy lapsed for non-payment whose arrears are paid within the window
 *   (per policy type, default 3 months) is reinstated on the same terms with no new waiting period. No
 *   premium falls due while it was lapsed.
 */
export type CalendarRules = {
  /** Days of cover after an unpaid premium's due date; at least MIN_GRACE_DAYS. */
  graceDays: number;
  /** Missed premiums that make a policy lapse when their grace ends. */
  lapseAfterMissed: number;
  /** Months after a lapse within which paying the arrears reinstates the policy. */
  reinstatementMonths: number;
};

/** The policy type form's bounds and defaults are the one home of these numbers (validation/policy-types.ts). */
export const MIN_GRACE_DAYS = CALENDAR_RULE_LIMITS.minGraceDays;
export const DEFAULT_CALENDAR_RULES: CalendarRules = { ...CALENDAR_RULE_DEFAULTS };

export type CalendarNotice = { periods: readonly string[]; issuedOn: string };

export type PolicyCalendar = {
  /** Only an active policy owes premiums and can lapse; a lapsed one can be reinstated. */
  status: 'active' | 'lapsed' | 'cancelled' | 'ended';
  terms: Omit<LedgerTerms, 'suspensions'>;
  /** Completed payments (a failed or refunded one received nothing). */
  payments: readonly LedgerPayment[];
  /** Earlier lapses, each ended by its reinstatement; and the current one while lapsed. */
  suspensions: readonly Suspension[];
  /** Non-payment notices since the policy was last (re)activated. */
  notices: readonly CalendarNotice[];
  /** While lapsed: the day it lapsed, and whether for non-payment (only those reinstate by payment). */
  lapse: { on: string; nonPayment: boolean } | null;
};

export type MissedPremium = { period: string; dueDate: string; unpaid: string };

export type CalendarStep =
  | { kind: 'notice'; missed: MissedPremium[]; arrears: string; graceEndsOn: string }
  | { kind: 'lapse'; period: string; missed: number; arrears: string; graceEndedOn: string }
  | { kind: 'reinstate'; lapsedOn: string };

/** The last day of cover for a missed premium noticed on `noticedOn`. */
export function graceEndsOn(dueDate: string, noticedOn: string, graceDays: number): string {
  const from = dueDate > dayBefore(noticedOn) ? dueDate : dayBefore(noticedOn);
  return addDays(from, Math.max(graceDays, MIN_GRACE_DAYS));
}

/** The policy's ledger on `day`: its terms, its suspended spans, and its payments (or the ones given). */
export function calendarLedger(
  policy: Pick<PolicyCalendar, 'terms' | 'payments' | 'suspensions'>,
  day: string,
  payments: readonly LedgerPayment[] = policy.payments,
): Ledger {
  return premiumLedger({ ...policy.terms, suspensions: policy.suspensions }, payments, day);
}

/** The premiums fallen due before `day` and not fully paid by it, oldest first. */
export function missedPremiums(policy: Pick<PolicyCalendar, 'terms' | 'payments' | 'suspensions'>, day: string): MissedPremium[] {
  const ledger = calendarLedger(policy, day);
  return ledger.periods
    .filter((p) => p.dueDate < day && (p.state === 'unpaid' || p.state === 'partial'))
    .map((p) => ({
      period: p.period,
      dueDate: p.dueDate,
      unpaid: centsToDecimal(decimalToCents(p.amountDue) - decimalToCents(p.amountPaid)),
    }));
}

function sum(missed: readonly MissedPremium[]): string {
  return centsToDecimal(missed.reduce((total, m) => total + decimalToCents(m.unpaid), 0n));
}

/** What the run of `day` does to the policy: at most one notice and one lapse, or one reinstatement. */
export function calendarSteps(policy: PolicyCalendar, rules: CalendarRules, day: string): CalendarStep[] {
  if (policy.status === 'lapsed') return reinstatement(policy, rules, day);
  if (policy.status !== 'active') return [];
  const missed = missedPremiums(policy, day);
  if (missed.length === 0) return [];
  const steps: CalendarStep[] = [];
  const noticed = new Map<string, string>();
  for (const notice of policy.notices) for (const period of notice.periods) if (!noticed.has(period)) noticed.set(period, notice.issuedOn);
  const unnoticed = missed.filter((m) => !noticed.has(m.period));
  if (unnoticed.length > 0) {
    steps.push({
      kind: 'notice',
      missed: unnoticed,
      arrears: sum(missed),
      graceEndsOn: graceEndsOn(unnoticed[0]!.dueDate, day, rules.graceDays),
    });
  }
  const n = Math.max(1, rules.lapseAfterMissed);
  const deciding = missed[n - 1];
  const noticedOn = deciding ? noticed.get(deciding.period) : undefined;
  if (deciding && noticedOn && noticedOn < day) {
    const ended = graceEndsOn(deciding.dueDate, noticedOn, rules.graceDays);
    if (day > ended)
      steps.push({ kind: 'lapse', period: deciding.period, missed: missed.length, arrears: sum(missed), graceEndedOn: ended });
  }
  return steps;
}

function reinstatement(policy: PolicyCalendar, rules: CalendarRules, day: string): CalendarStep[] {
  const lapse = policy.lapse;
  if (!lapse?.nonPayment) return [];
  if (day > addMonths(lapse.on, rules.reinstatementMonths)) return [];
  // The arrears are what fell due before the lapse; nothing falls due while lapsed.
  return missedPremiums(policy, day).length === 0 ? [{ kind: 'reinstate', lapsedOn: lapse.on }] : [];
}

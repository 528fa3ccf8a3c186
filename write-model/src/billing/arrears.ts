import type { ArrearsState } from '../validation/billing.ts';
import { calendarLedger, graceEndsOn, type CalendarRules, type PolicyCalendar } from './policy-calendar.ts';
import type { Ledger } from './premium-ledger.ts';

/**
 * Where a policy stands on the arrears worklist on a South African day (issue #20, "What users see").
 * Pure: the arrears list reads the billing book through it, the same ledger and grace rules the daily
 * run applies (policy-calendar.ts), so the list says what the next run will do.
 *
 * - awaiting_notice: a premium is missed (its due date passed unpaid) and no notice has told of it
 *   yet; the next daily run issues it (rule 15A: within 15 days of the due date).
 * - in_grace: the missed premium was noticed; cover stays in force until the grace end date.
 * - lapsing_today: today is the last day of grace of the premium that lapses the policy (the N-th
 *   missed one, N per policy type); the next run lapses it unless it is paid.
 * - grace_ended: grace is over but the policy has not lapsed: fewer missed premiums than its type lapses
 *   after, or the run has not yet run for the day.
 * - lapsed_this_month: lapsed in today's calendar month, by the run (non-payment) or by staff.
 */
export { ARREARS_STATES, type ArrearsState } from '../validation/billing.ts';

/** A non-payment notice as the book keeps it (channel and grace end are null on a row recorded before they were kept). */
export type IssuedNotice = {
  issuedOn: string;
  periods: readonly string[];
  graceEndsOn: string | null;
  channel: 'sms' | 'email' | 'post' | null;
};

export type ArrearsStanding = {
  state: ArrearsState;
  ledger: Ledger;
  /** The last day of cover unless paid: the grace end of the premium that decides the lapse (or of the oldest missed one). */
  graceEndsOn: string | null;
  /** Whole days from today to the grace end (0 on its last day); null without a notice or once lapsed. */
  graceDaysLeft: number | null;
  lastNotice: IssuedNotice | null;
  /** While lapsed: the day and whether the calendar did it (non-payment) or staff. */
  lapse: { on: string; nonPayment: boolean } | null;
};

export type ArrearsInput = { calendar: PolicyCalendar; rules: CalendarRules; notices: readonly IssuedNotice[] };

/** Whole days from one ISO date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function lastNoticeOf(notices: readonly IssuedNotice[]): IssuedNotice | null {
  return notices.reduce<IssuedNotice | null>((last, n) => (last === null || n.issuedOn >= last.issuedOn ? n : last), null);
}

/** The policy's standing on `today`, or null when it is not on the worklist (paid up, not active, lapsed before this month). */
export function arrearsStanding({ calendar, rules, notices }: ArrearsInput, today: string): ArrearsStanding | null {
  const ledger = calendarLedger(calendar, today);
  const lastNotice = lastNoticeOf(notices);
  if (calendar.status === 'lapsed') {
    const lapse = calendar.lapse;
    if (!lapse?.on || lapse.on > today || lapse.on.slice(0, 7) !== today.slice(0, 7)) return null;
    return { state: 'lapsed_this_month', ledger, graceEndsOn: null, graceDaysLeft: null, lastNotice, lapse };
  }
  if (calendar.status !== 'active') return null;
  // Missed: fallen due before today and not fully paid (a premium due today is not missed until tomorrow).
  const missed = ledger.periods.filter((p) => p.dueDate < today && (p.state === 'unpaid' || p.state === 'partial'));
  if (missed.length === 0) return null;
  const noticedOn = new Map<string, string>();
  for (const notice of notices) for (const period of notice.periods) if (!noticedOn.has(period)) noticedOn.set(period, notice.issuedOn);
  const oldest = missed[0]!;
  const oldestNoticedOn = noticedOn.get(oldest.period);
  if (!oldestNoticedOn) return { state: 'awaiting_notice', ledger, graceEndsOn: null, graceDaysLeft: null, lastNotice, lapse: null };
  // The lapse is decided by the N-th missed premium's grace (policy-calendar.ts); before there are N, the oldest one's grace is shown.
  const deciding = missed[Math.max(1, rules.lapseAfterMissed) - 1];
  const decidingNoticedOn = deciding ? noticedOn.get(deciding.period) : undefined;
  const lapses = deciding !== undefined && decidingNoticedOn !== undefined;
  const end = lapses
    ? graceEndsOn(deciding.dueDate, decidingNoticedOn, rules.graceDays)
    : graceEndsOn(oldest.dueDate, oldestNoticedOn, rules.graceDays);
  const left = daysBetween(today, end);
  const state: ArrearsState = left > 0 ? 'in_grace' : left === 0 ? (lapses ? 'lapsing_today' : 'in_grace') : 'grace_ended';
  return { state, ledger, graceEndsOn: end, graceDaysLeft: Math.max(0, left), lastNotice, lapse: null };
}

import { centsToDecimal, decimalToCents } from '../validation/decimal.ts';
import { addDays, daysInMonth, monthsLater } from '../validation/dates.ts';

/**
 * A policy's premium ledger (issue #20), as of a South African date: which monthly premiums have
 * fallen due, what each received, the paid-up-to date, the balance and the months in arrears. Pure:
 * the daily run, the policy statement and the arrears list all read the book through this one function.
 *
 * The rules:
 * - An active policy owes its monthly premium for each calendar month from its start (inception) date,
 *   due on the policy's debit day (1–31, default the 1st); a day past a month's end is that month's last
 *   day. The first month's premium is due on the debit day of the start month, or on the start date
 *   itself when that day has already passed (cover starts with the first premium).
 * - No premium falls due after the policy ended (cancelled, lapsed, or its main member died): periods
 *   due after `endDate` are not owed.
 * - Payments are allocated to the oldest unpaid month first; a partial payment leaves the rest of that
 *   month due. Money paid beyond what has fallen due pays the next months in advance (up to
 *   MAX_MONTHS_AHEAD); anything past that is credit.
 * - The paid-up-to date is the last day covered by fully paid months: the day before the due date of the
 *   first month not fully paid (null while the first month is unpaid).
 * - A policy migrated from another system brings its paid-up-to date there (openingPaidUpTo): every
 *   month due on or before it counts as paid (an opening balance, not money in the pool, so payments go
 *   to the months after it). A month due on that day or earlier is the policyholder's: a migrated book
 *   never starts with a month in arrears that the old system said was paid.
 */
export type LedgerTerms = {
  /** YYYY-MM-DD: the policy's start (inception) date. */
  startDate: string;
  /** Rand, a decimal string ('120', '120.50'). */
  monthlyPremium: string;
  /** 1–31; default 1. */
  debitDay?: number;
  /** YYYY-MM-DD: the policy ended (cancelled, lapsed, main member died); nothing falls due after it. */
  endDate?: string | null;
  /**
   * Spans in which no premium falls due: a lapse (from the lapse to the reinstatement; `to` null while
   * still lapsed). A premium due on a day d with from ≤ d < to is not owed.
   */
  suspensions?: readonly Suspension[];
  /** YYYY-MM-DD: a migrated policy's paid-up-to date in the old system (PolicyIssued.paidUpTo); null: none. */
  openingPaidUpTo?: string | null;
  /**
   * Issue #22: the premium changed (a life joined or left a policy with a benefit table, or the policy
   * changed type): each month due on or after `from` owes that premium, until the next change. In order.
   */
  premiumChanges?: readonly PremiumChange[];
};

export type PremiumChange = { from: string; monthlyPremium: string };

export type Suspension = { from: string; to: string | null };

export type LedgerPayment = { date: string; amount: string };

export type PeriodState = 'paid' | 'partial' | 'unpaid' | 'paid_in_advance';

export type LedgerPeriod = {
  /** YYYY-MM */
  period: string;
  dueDate: string;
  amountDue: string;
  amountPaid: string;
  state: PeriodState;
};

export type Ledger = {
  periods: LedgerPeriod[];
  /** The last day covered by fully paid months; null while the first month is unpaid. */
  paidUpTo: string | null;
  /** What has fallen due and is unpaid (rand). */
  balance: string;
  /** Months fallen due and not fully paid. */
  monthsInArrears: number;
  /** The oldest month fallen due and not fully paid: its due date starts the grace period. */
  oldestUnpaidDueDate: string | null;
  /** Money paid beyond MAX_MONTHS_AHEAD months in advance. */
  credit: string;
};

/** How far ahead money paid in advance is spread over months; the rest is credit. */
export const MAX_MONTHS_AHEAD = 24;

type Month = { year: number; month: number };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const monthOf = (isoDate: string): Month => ({ year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) });
const periodName = ({ year, month }: Month) => `${pad(year, 4)}-${pad(month)}`;

/** The debit day of a month; a day past the month's end is its last day. */
export function dueDateIn(month: Month, debitDay: number): string {
  const day = Math.min(debitDay, daysInMonth(month.year, month.month));
  return `${periodName(month)}-${pad(day)}`;
}

/** The day before an ISO date (the last day a month paid covers). */
export const dayBefore = (isoDate: string): string => addDays(isoDate, -1);

/** A policy's months: its start date, the start's month and its debit day. */
type Schedule = { startDate: string; startMonth: Month; debitDay: number };

/** The due date of the n-th month (0 = the start month) of a policy. */
function dueDateOf(schedule: Schedule, n: number): { period: string; dueDate: string } {
  const month = monthsLater(schedule.startMonth.year, schedule.startMonth.month, n);
  const onDebitDay = dueDateIn(month, schedule.debitDay);
  // The first premium is due at the start when the start month's debit day has passed.
  const dueDate = n === 0 && onDebitDay < schedule.startDate ? schedule.startDate : onDebitDay;
  return { period: periodName(month), dueDate };
}

export function premiumLedger(terms: LedgerTerms, payments: readonly LedgerPayment[], asOf: string): Ledger {
  return walkLedger(terms, payments, asOf, true);
}

/**
 * The paid-up-to date alone (premiumLedger's, without its list of months): what a receipt tells the policyholder,
 * once for every payment a rebuild folds.
 */
export function paidUpToOf(terms: LedgerTerms, payments: readonly LedgerPayment[], asOf: string): string | null {
  return walkLedger(terms, payments, asOf, false).paidUpTo;
}

/** The ledger; `listed` false leaves its months out (periods empty), everything else the same. */
function walkLedger(terms: LedgerTerms, payments: readonly LedgerPayment[], asOf: string, listed: boolean): Ledger {
  const debitDay = terms.debitDay ?? 1;
  if (!Number.isInteger(debitDay) || debitDay < 1 || debitDay > 31) throw new RangeError(`Debit day must be 1 to 31: ${debitDay}`);
  const base = decimalToCents(terms.monthlyPremium);
  const changes = (terms.premiumChanges ?? []).map((c) => ({ from: c.from, cents: decimalToCents(c.monthlyPremium) }));
  const premiumDueOn = (dueDate: string) => changes.reduce((cents, c) => (c.from <= dueDate ? c.cents : cents), base);
  const schedule: Schedule = { startDate: terms.startDate, startMonth: monthOf(terms.startDate), debitDay };
  const suspensions = terms.suspensions ?? [];
  const ended = (dueDate: string) =>
    (terms.endDate != null && dueDate > terms.endDate) || suspensions.some((s) => s.to === null && dueDate >= s.from);
  const suspended = (dueDate: string) => suspensions.some((s) => s.to !== null && s.from <= dueDate && dueDate < s.to);
  const opening = terms.openingPaidUpTo ?? null;
  const paidBeforeIssue = (dueDate: string) => opening !== null && dueDate <= opening;

  // Money received by asOf (a payment dated later has not arrived yet).
  let pool = payments.filter((p) => p.date <= asOf).reduce((sum, p) => sum + decimalToCents(p.amount), 0n);

  const periods: LedgerPeriod[] = [];
  let months = 0;
  let paidUpTo: string | null = null;
  let firstUnpaidSeen = false;
  let balance = 0n;
  let monthsInArrears = 0;
  let oldestUnpaidDueDate: string | null = null;
  // How many months have fallen due by asOf: the first month due after it, found on the way (due dates only grow).
  let dueCount = -1;
  let last = -1;
  for (let n = 0; ; n++) {
    const { period, dueDate } = dueDateOf(schedule, n);
    if (dueCount < 0 && dueDate > asOf) dueCount = n;
    if (ended(dueDate)) break;
    const premium = premiumDueOn(dueDate);
    if (suspended(dueDate)) continue;
    const fallenDue = dueDate <= asOf;
    const openingPaid = paidBeforeIssue(dueDate);
    if (!fallenDue) {
      // Months ahead are shown only as far as money (or the opening balance) paid in advance reaches.
      if (n >= dueCount + MAX_MONTHS_AHEAD || (!openingPaid && (pool <= 0n || premium === 0n))) break;
    }
    const paid = openingPaid ? premium : pool >= premium ? premium : pool;
    if (!openingPaid) pool -= paid;
    const full = paid === premium;
    if (!full && !firstUnpaidSeen) {
      firstUnpaidSeen = true;
      paidUpTo = months === 0 ? null : dayBefore(dueDate);
    }
    last = n;
    if (fallenDue && !full) {
      balance += premium - paid;
      monthsInArrears += 1;
      oldestUnpaidDueDate ??= dueDate;
    }
    months += 1;
    if (!listed) continue;
    const state: PeriodState = !fallenDue ? (full ? 'paid_in_advance' : 'partial') : full ? 'paid' : paid > 0n ? 'partial' : 'unpaid';
    periods.push({ period, dueDate, amountDue: centsToDecimal(premium), amountPaid: centsToDecimal(paid), state });
  }
  if (!firstUnpaidSeen && months > 0) {
    // Every month listed is fully paid: covered until the day before the next month falls due.
    let after = last + 1;
    while (suspended(dueDateOf(schedule, after).dueDate)) after++;
    const next = dueDateOf(schedule, after);
    paidUpTo = ended(next.dueDate) && terms.endDate ? terms.endDate : dayBefore(next.dueDate);
  }
  return {
    periods,
    paidUpTo,
    balance: centsToDecimal(balance),
    monthsInArrears,
    oldestUnpaidDueDate,
    credit: centsToDecimal(pool > 0n ? pool : 0n),
  };
}

/** The premium a policy owes now: its last change (issue #22), or the premium it was issued with. */
export function currentPremium(terms: Pick<LedgerTerms, 'monthlyPremium' | 'premiumChanges'>): string {
  return terms.premiumChanges?.at(-1)?.monthlyPremium ?? terms.monthlyPremium;
}

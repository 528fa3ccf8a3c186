import type { SqlExecutor } from '@fpa/write-model/event-store';
import {
  ARREARS_STATES,
  arrearsStanding,
  calendarLedger,
  currentPremium,
  type ArrearsState,
  type IssuedNotice,
  type LedgerPayment,
  type LedgerPeriod,
} from '@fpa/write-model';
import { centsToDecimal, decimalToCents } from '@fpa/write-model/validation';
import { isUuid } from '../portfolio/uuid.ts';
import {
  billingPolicy,
  POLICY_COLUMNS,
  POLICY_FROM,
  toBillingPolicy,
  type BillingPolicy,
  type BillingPolicyRow,
} from './billing.queries.ts';

/*
 * What users see of the calendar (issue #20): a policy's statement and the company's arrears worklist,
 * both premiumLedger over the billing read model as of a South African day (the gateway passes today).
 */

export type PolicyStatement = {
  policyId: string;
  policyNumber: string;
  /** As the calendar sees it: 'ended' once the main member died. */
  status: 'active' | 'lapsed' | 'cancelled' | 'ended';
  asOf: string;
  monthlyPremium: string;
  debitDay: number;
  startDate: string;
  paidUpTo: string | null;
  balance: string;
  monthsInArrears: number;
  oldestUnpaidDueDate: string | null;
  credit: string;
  periods: LedgerPeriod[];
  notices: IssuedNotice[];
  lapse: { lapsedOn: string; reason: 'non_payment' | 'staff' } | null;
};

/** The statement of one of the company's policies; null for an unknown id, another company's, or a group-scheme policy. */
export async function policyStatement(
  sql: SqlExecutor,
  companyId: string,
  policyId: string,
  asOf: string,
): Promise<PolicyStatement | null> {
  if (!isUuid(policyId)) return null;
  const policy = await billingPolicy(sql, companyId, policyId);
  if (!policy) return null;
  const { terms, lapse } = policy.calendar;
  const ledger = calendarLedger(policy.calendar, asOf);
  return {
    policyId: policy.policyId,
    policyNumber: policy.policyNumber,
    status: policy.calendar.status,
    asOf,
    monthlyPremium: currentPremium(terms),
    debitDay: terms.debitDay ?? 1,
    startDate: terms.startDate,
    paidUpTo: ledger.paidUpTo,
    balance: ledger.balance,
    monthsInArrears: ledger.monthsInArrears,
    oldestUnpaidDueDate: ledger.oldestUnpaidDueDate,
    credit: ledger.credit,
    periods: ledger.periods,
    notices: policy.notices,
    lapse: lapse?.on ? { lapsedOn: lapse.on, reason: lapse.nonPayment ? 'non_payment' : 'staff' } : null,
  };
}

export type ArrearsItem = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  memberName: string;
  memberPhone: string | null;
  monthlyPremium: string;
  state: ArrearsState;
  arrears: string;
  monthsInArrears: number;
  oldestUnpaidDueDate: string | null;
  paidUpTo: string | null;
  graceEndsOn: string | null;
  graceDaysLeft: number | null;
  lastNoticeOn: string | null;
  lastNoticeChannel: 'sms' | 'email' | 'post' | null;
  lapsedOn: string | null;
  lapseReason: 'non_payment' | 'staff' | null;
};

export type ArrearsFilter = ArrearsState | 'all';
export type ArrearsTotal = { state: ArrearsFilter; count: number; arrears: string };
export type ArrearsList = { asOf: string; totals: ArrearsTotal[]; items: ArrearsItem[] };

type ArrearsRow = BillingPolicyRow & { memberFirstName: string | null; memberLastName: string | null };

/**
 * The policies that can be in arrears on `asOf` (active, or lapsed since the start of its month) with
 * their main member's name from the policies list and what each received by asOf: two statements, the
 * ledger then runs in memory.
 */
async function bookOn(sql: SqlExecutor, companyId: string, asOf: string): Promise<{ row: ArrearsRow; policy: BillingPolicy }[]> {
  const monthStart = `${asOf.slice(0, 7)}-01`;
  const onList = `p.company_id = $1 and (p.status = 'active' or (p.status = 'lapsed' and p.lapse_on >= $2::date))`;
  const rows = await sql.query<ArrearsRow>(
    `select ${POLICY_COLUMNS}, n.member_first_name as "memberFirstName", n.member_last_name as "memberLastName"
       from ${POLICY_FROM}
       left join policies n on n.id = p.policy_id and n.company_id = $1
      where ${onList}
      order by p.position`,
    [companyId, monthStart],
  );
  // premiumLedger allocates the sum of what was received by asOf, oldest month first: one sum per policy is the same ledger.
  const received = await sql.query<{ policyId: string; amount: string }>(
    `select policy_id as "policyId", sum(amount)::text as amount from billing_payments
      where company_id = $1 and status = 'completed' and payment_date <= $3::date
        and policy_id in (select p.policy_id from billing_policies p where ${onList})
      group by policy_id`,
    [companyId, monthStart, asOf],
  );
  const byPolicy = new Map<string, LedgerPayment[]>(received.map((r) => [r.policyId, [{ date: asOf, amount: r.amount }]]));
  return rows.map((row) => ({ row, policy: toBillingPolicy(row, byPolicy.get(row.policyId) ?? []) }));
}

/**
 * The company's arrears worklist on `asOf`: two statements (the policies that can be on it, with their
 * main member's name from the policies list, and what each received by asOf), then the ledger in memory.
 * Totals count every state of the search's matches; `state` narrows the items only.
 */
export async function arrearsList(
  sql: SqlExecutor,
  companyId: string,
  asOf: string,
  args: { state?: ArrearsFilter | null; search?: string | null } = {},
): Promise<ArrearsList> {
  const book = await bookOn(sql, companyId, asOf);
  const matches = searchOf(args.search);
  const items: ArrearsItem[] = [];
  for (const { row, policy } of book) {
    const memberName = [row.memberFirstName, row.memberLastName].filter(Boolean).join(' ');
    if (!matches(row.policyNumber, row.memberFirstName, row.memberLastName)) continue;
    const standing = arrearsStanding({ calendar: policy.calendar, rules: policy.rules, notices: policy.notices }, asOf);
    if (!standing) continue;
    items.push({
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      memberId: policy.memberId,
      memberName,
      memberPhone: row.phone,
      monthlyPremium: currentPremium(policy.calendar.terms),
      state: standing.state,
      arrears: standing.ledger.balance,
      monthsInArrears: standing.ledger.monthsInArrears,
      oldestUnpaidDueDate: standing.ledger.oldestUnpaidDueDate,
      paidUpTo: standing.ledger.paidUpTo,
      graceEndsOn: standing.graceEndsOn,
      graceDaysLeft: standing.graceDaysLeft,
      lastNoticeOn: standing.lastNotice?.issuedOn ?? null,
      lastNoticeChannel: standing.lastNotice?.channel ?? null,
      lapsedOn: standing.lapse?.on ?? null,
      lapseReason: standing.lapse ? (standing.lapse.nonPayment ? 'non_payment' : 'staff') : null,
    });
  }
  items.sort(byUrgency);
  const totals = (['all', ...ARREARS_STATES] as const).map((state) =>
    total(state, state === 'all' ? items : items.filter((i) => i.state === state)),
  );
  const state = args.state ?? 'all';
  return { asOf, totals, items: state === 'all' ? items : items.filter((i) => i.state === state) };
}

const ORDER: Record<ArrearsState, number> = { lapsing_today: 0, grace_ended: 1, in_grace: 2, awaiting_notice: 3, lapsed_this_month: 4 };

/** Most urgent first: lapsing today, then the fewest days of grace left, then the oldest arrears. */
function byUrgency(a: ArrearsItem, b: ArrearsItem): number {
  return (
    ORDER[a.state] - ORDER[b.state] ||
    (a.graceDaysLeft ?? 0) - (b.graceDaysLeft ?? 0) ||
    (a.oldestUnpaidDueDate ?? '').localeCompare(b.oldestUnpaidDueDate ?? '') ||
    a.policyNumber.localeCompare(b.policyNumber)
  );
}

function total(state: ArrearsFilter, items: readonly ArrearsItem[]): ArrearsTotal {
  return { state, count: items.length, arrears: centsToDecimal(items.reduce((sum, i) => sum + decimalToCents(i.arrears), 0n)) };
}

/** Policy number, first name, last name or "first last", each a case-insensitive prefix (as the policies search). */
function searchOf(search: string | null | undefined) {
  const needle = search?.trim().toLowerCase();
  if (!needle) return () => true;
  return (policyNumber: string, first: string | null, last: string | null) =>
    [policyNumber, first ?? '', last ?? '', `${first ?? ''} ${last ?? ''}`].some((value) => value.toLowerCase().startsWith(needle));
}

export type BillingSummary = {
  asOf: string;
  /** YYYY-MM: the South African month of asOf. */
  month: string;
  /** The premiums fallen due this month up to asOf on the policies in force on their due date (rand). */
  premiumsDue: string;
  /** What of those premiums is paid, payments allocated oldest month first (rand). */
  premiumsPaid: string;
  /** premiumsPaid ÷ premiumsDue, 0 to 1, cut to four decimals; null while nothing has fallen due this month. */
  collectionRate: number | null;
  /** Policies with a missed premium still in cover: awaiting their notice, in grace, lapsing today or grace ended. */
  policiesInGrace: number;
  /** Their unpaid premiums (rand). */
  arrearsInGrace: string;
};

const IN_GRACE: readonly ArrearsState[] = ['awaiting_notice', 'in_grace', 'lapsing_today', 'grace_ended'];

/** The dashboard's collection figures on `asOf` (issue #20): the same ledger and standing as the worklist. */
export async function billingSummary(sql: SqlExecutor, companyId: string, asOf: string): Promise<BillingSummary> {
  const month = asOf.slice(0, 7);
  let due = 0n;
  let paid = 0n;
  let inGrace = 0;
  let arrears = 0n;
  for (const { policy } of await bookOn(sql, companyId, asOf)) {
    const standing = arrearsStanding({ calendar: policy.calendar, rules: policy.rules, notices: policy.notices }, asOf);
    const ledger = standing?.ledger ?? calendarLedger(policy.calendar, asOf);
    for (const period of ledger.periods) {
      if (period.period !== month || period.dueDate > asOf) continue;
      due += decimalToCents(period.amountDue);
      paid += decimalToCents(period.amountPaid);
    }
    if (standing && IN_GRACE.includes(standing.state)) {
      inGrace++;
      arrears += decimalToCents(standing.ledger.balance);
    }
  }
  return {
    asOf,
    month,
    premiumsDue: centsToDecimal(due),
    premiumsPaid: centsToDecimal(paid),
    // Whole ten-thousandths: the bigint division cuts the rest.
    collectionRate: due === 0n ? null : Number((paid * 10_000n) / due) / 10_000,
    policiesInGrace: inGrace,
    arrearsInGrace: centsToDecimal(arrears),
  };
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import {
  DEFAULT_CALENDAR_RULES,
  type CalendarNotice,
  type CalendarRules,
  type IssuedNotice,
  type LedgerPayment,
  type PolicyCalendar,
  type PremiumChange,
  type Suspension,
} from '@fpa/write-model';

export type BillingCompany = { companyId: string; name: string; isActive: boolean };

/** One regular policy as the calendar sees it: its calendar (pure input of calendarSteps and premiumLedger) and what a notice needs. */
export type BillingPolicy = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  policyTypeId: string;
  /** The status written by the policy's events ('ended' when its main member died: see calendar.terms.endDate). */
  calendar: PolicyCalendar;
  rules: CalendarRules;
  activations: number;
  contact: { phone: string | null; email: string | null };
  /** The main member's date of death (an approved or paid claim for the main member); nothing falls due after it. */
  diedOn: string | null;
  /** The non-payment notices since the last (re)activation, as issued (the statement and the arrears list show them). */
  notices: IssuedNotice[];
};

/** The companies the daily run runs for: active ones (a suspended company's book waits until it is active again). */
export async function activeBillingCompanies(sql: SqlExecutor): Promise<BillingCompany[]> {
  return sql.query<BillingCompany>(
    `select company_id as "companyId", name, is_active as "isActive" from billing_companies where is_active order by company_id`,
  );
}

export async function findBillingCompany(sql: SqlExecutor, companyId: string): Promise<BillingCompany | null> {
  const [row] = await sql.query<BillingCompany>(
    `select company_id as "companyId", name, is_active as "isActive" from billing_companies where company_id = $1`,
    [companyId],
  );
  return row ?? null;
}

export type BillingPolicyRow = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  policyTypeId: string;
  startDate: string;
  monthlyPremium: string;
  debitDay: number;
  openingPaidUpTo: string | null;
  status: string;
  notices: (CalendarNotice & { graceEndsOn?: string; channel?: IssuedNotice['channel'] })[];
  lapseOn: string | null;
  lapseNonPayment: boolean;
  suspensions: Suspension[];
  premiumChanges: PremiumChange[];
  activations: number;
  graceDays: number | null;
  lapseAfterMissed: number | null;
  reinstatementMonths: number | null;
  phone: string | null;
  email: string | null;
  diedOn: string | null;
};

export const POLICY_COLUMNS = `
  p.policy_id as "policyId", p.policy_number as "policyNumber", p.member_id as "memberId", p.policy_type_id as "policyTypeId",
  to_char(p.start_date, 'YYYY-MM-DD') as "startDate", p.monthly_premium::text as "monthlyPremium", p.debit_day as "debitDay",
  to_char(p.opening_paid_up_to, 'YYYY-MM-DD') as "openingPaidUpTo", p.status, p.notices, to_char(p.lapse_on, 'YYYY-MM-DD') as "lapseOn", p.lapse_non_payment as "lapseNonPayment", p.suspensions, p.premium_changes as "premiumChanges",
  p.activations, t.grace_days as "graceDays", t.lapse_after_missed as "lapseAfterMissed", t.reinstatement_months as "reinstatementMonths",
  m.phone, m.email,
  (select to_char(min(c.date_of_death), 'YYYY-MM-DD') from billing_claims c
    where c.policy_id = p.policy_id and c.company_id = p.company_id and c.status in ('approved', 'paid')
      and c.deceased_id_number is not null and c.deceased_id_number = m.id_number) as "diedOn"`;

export const POLICY_FROM = `billing_policies p
  left join billing_policy_types t on t.policy_type_id = p.policy_type_id and t.company_id = p.company_id
  left join billing_members m on m.member_id = p.member_id and m.company_id = p.company_id`;

export type BillingPaymentRow = { policyId: string; date: string; amount: string };

/** Completed payments count; a failed, pending or refunded one received nothing. */
export const PAYMENTS = `select policy_id as "policyId", to_char(payment_date, 'YYYY-MM-DD') as date, amount::text as amount
                    from billing_payments where company_id = $1 and status = 'completed'`;

/** The company's whole book in two statements: every regular policy, and every completed payment. */
export async function billingBook(sql: SqlExecutor, companyId: string): Promise<BillingPolicy[]> {
  const rows = await sql.query<BillingPolicyRow>(
    `select ${POLICY_COLUMNS} from ${POLICY_FROM} where p.company_id = $1 order by p.position, p.policy_id`,
    [companyId],
  );
  const payments = await sql.query<BillingPaymentRow>(`${PAYMENTS} order by payment_date, payment_id`, [companyId]);
  return withPayments(rows, payments);
}

type PagedRow = BillingPolicyRow & { position: string };

/**
 * The company's book a page at a time, in the order of billingBook (policies by position), each page's
 * completed payments read with it: what a day's run holds in memory is one page, not the whole book
 * (1.2 M payments at 50,000 policies with two years paid). A page is read when the caller asks for it,
 * so a policy changed by the caller's own writes before its page is read is seen as changed.
 */
export async function* billingBookPages(sql: SqlExecutor, companyId: string, pageSize: number): AsyncGenerator<BillingPolicy[]> {
  const select = `select ${POLICY_COLUMNS}, p.position::text as position from ${POLICY_FROM} where p.company_id = $1`;
  const order = `order by p.position, p.policy_id limit $2`;
  let after: { position: string; policyId: string } | null = null;
  for (;;) {
    const rows: PagedRow[] = after
      ? await sql.query<PagedRow>(`${select} and (p.position, p.policy_id) > ($3::bigint, $4::uuid) ${order}`, [
          companyId,
          pageSize,
          after.position,
          after.policyId,
        ])
      : await sql.query<PagedRow>(`${select} ${order}`, [companyId, pageSize]);
    if (rows.length === 0) return;
    const payments = await sql.query<BillingPaymentRow>(`${PAYMENTS} and policy_id = any($2::uuid[]) order by payment_date, payment_id`, [
      companyId,
      rows.map((row) => row.policyId),
    ]);
    yield withPayments(rows, payments);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { position: last.position, policyId: last.policyId };
  }
}

function withPayments(rows: readonly BillingPolicyRow[], payments: readonly BillingPaymentRow[]): BillingPolicy[] {
  const byPolicy = new Map<string, LedgerPayment[]>();
  for (const p of payments) {
    const list = byPolicy.get(p.policyId) ?? [];
    list.push({ date: p.date, amount: p.amount });
    byPolicy.set(p.policyId, list);
  }
  return rows.map((row) => toBillingPolicy(row, byPolicy.get(row.policyId) ?? []));
}

/** One policy of the company (the statement reads premiumLedger over it); null when not a regular policy of it. */
export async function billingPolicy(sql: SqlExecutor, companyId: string, policyId: string): Promise<BillingPolicy | null> {
  const [row] = await sql.query<BillingPolicyRow>(
    `select ${POLICY_COLUMNS} from ${POLICY_FROM} where p.company_id = $1 and p.policy_id = $2`,
    [companyId, policyId],
  );
  if (!row) return null;
  const payments = await sql.query<BillingPaymentRow>(`${PAYMENTS} and policy_id = $2 order by payment_date, payment_id`, [
    companyId,
    policyId,
  ]);
  return toBillingPolicy(
    row,
    payments.map((p) => ({ date: p.date, amount: p.amount })),
  );
}

export function toBillingPolicy(row: BillingPolicyRow, payments: LedgerPayment[]): BillingPolicy {
  const status: PolicyCalendar['status'] = row.diedOn
    ? 'ended'
    : row.status === 'active' || row.status === 'lapsed' || row.status === 'cancelled'
      ? row.status
      : 'ended';
  return {
    policyId: row.policyId,
    policyNumber: row.policyNumber,
    memberId: row.memberId,
    policyTypeId: row.policyTypeId,
    calendar: {
      status,
      terms: {
        startDate: row.startDate,
        monthlyPremium: row.monthlyPremium,
        debitDay: row.debitDay,
        endDate: row.diedOn,
        openingPaidUpTo: row.openingPaidUpTo,
        premiumChanges: row.premiumChanges,
      },
      payments,
      suspensions: row.suspensions,
      notices: row.notices,
      lapse:
        row.status === 'lapsed' && row.lapseOn
          ? { on: row.lapseOn, nonPayment: row.lapseNonPayment }
          : row.status === 'lapsed'
            ? { on: '', nonPayment: false }
            : null,
    },
    rules: {
      graceDays: row.graceDays ?? DEFAULT_CALENDAR_RULES.graceDays,
      lapseAfterMissed: row.lapseAfterMissed ?? DEFAULT_CALENDAR_RULES.lapseAfterMissed,
      reinstatementMonths: row.reinstatementMonths ?? DEFAULT_CALENDAR_RULES.reinstatementMonths,
    },
    activations: row.activations,
    contact: { phone: row.phone, email: row.email },
    diedOn: row.diedOn,
    notices: row.notices.map((n) => ({
      issuedOn: n.issuedOn,
      periods: n.periods,
      graceEndsOn: n.graceEndsOn ?? null,
      channel: n.channel ?? null,
    })),
  };
}

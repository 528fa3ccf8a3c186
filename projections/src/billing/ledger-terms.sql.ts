import type { PaymentRecorded } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { rowSet } from '../engine/row-set.ts';

/*
 * A policy's ledger terms as premium-ledger.ts reads them, folded into jsonb columns: the spans out of force
 * (`suspensions`: {from, to}, an open one has to null) and the premium changes (`premium_changes`: {from,
 * monthlyPremium}). The billing read model and the outbox projector (a receipt's paid-up-to date) fold the same
 * events the same way; these are the expressions both use. Each takes the SQL of its parameters ('$2').
 */

/** The suspensions with a new open span from `day`. */
export const withOpenSuspension = (day: string) => `suspensions || jsonb_build_array(jsonb_build_object('from', ${day}::text, 'to', null))`;

/** The suspensions with every open span closed on `day`. */
export const withSuspensionsClosed = (day: string) =>
  `coalesce((select jsonb_agg(case when e.s->'to' = 'null'::jsonb then jsonb_set(e.s, '{to}', to_jsonb(${day}::text)) else e.s end order by e.n)
              from jsonb_array_elements(suspensions) with ordinality as e(s, n)), '[]'::jsonb)`;

/** The premium changes with `premium` owed from `from` on. */
export const withPremiumChange = (from: string, premium: string) =>
  `premium_changes || jsonb_build_array(jsonb_build_object('from', ${from}::text, 'monthlyPremium', ${premium}::text))`;

const paymentRows = (dateType: 'date' | 'text') =>
  rowSet(`ord int, payment_id uuid, company_id uuid, policy_id uuid, amount numeric, payment_date ${dateType}, status text`);
const PAYMENT_ROWS = { date: paymentRows('date'), text: paymentRows('text') };

/**
 * A run of recorded payments into a projector's payments table (payment_id, company_id, policy_id, amount,
 * payment_date, status) in one INSERT, in log order: the first of a repeated payment id stands, as when
 * each is inserted on its own with ON CONFLICT DO NOTHING. `dateType` is the table's payment_date type.
 */
export async function insertPaymentRows(
  tx: SqlExecutor,
  table: string,
  payments: readonly PaymentRecorded['data'][],
  dateType: 'date' | 'text',
): Promise<void> {
  await writePaymentRows(tx, table, payments, dateType, '');
}

/** As insertPaymentRows, and gives the ids it inserted (none already in the table; each once). */
export async function insertNewPaymentRows(
  tx: SqlExecutor,
  table: string,
  payments: readonly PaymentRecorded['data'][],
  dateType: 'date' | 'text',
): Promise<Set<string>> {
  const inserted = await writePaymentRows(tx, table, payments, dateType, 'returning payment_id::text');
  return new Set(inserted.map((row) => row.payment_id));
}

async function writePaymentRows(
  tx: SqlExecutor,
  table: string,
  payments: readonly PaymentRecorded['data'][],
  dateType: 'date' | 'text',
  returning: '' | 'returning payment_id::text',
): Promise<{ payment_id: string }[]> {
  if (payments.length === 0) return [];
  const rows = payments.map((d, ord) => ({
    ord,
    payment_id: d.paymentId,
    company_id: d.companyId,
    policy_id: d.policyId,
    amount: d.amount,
    payment_date: d.paymentDate,
    status: d.status,
  }));
  const set = PAYMENT_ROWS[dateType];
  return tx.query<{ payment_id: string }>(
    `insert into ${table} (payment_id, company_id, policy_id, amount, payment_date, status)
     select payment_id, company_id, policy_id, amount, payment_date, status
       from ${set.from('$1', 'r')}
      order by ord
     on conflict (payment_id) do nothing
     ${returning}`,
    [set.json(rows)],
  );
}

import { PAYMENT_STATUSES, type PaymentStatus } from '@fpa/write-model/validation';
import { paymentCounts } from '../../payments/payments.queries.ts';
import { cardsFromFigures, saDate, type ReportSource, type StatusFigure } from '../report-source.ts';

/**
 * Premium payments, the method read as `method` (spec part 2 §3). The cards are the payments read
 * model's counters; premiums collected are the completed payments' amounts, which the premiums
 * chart spreads over months.
 */
export const paymentsReport: ReportSource = {
  type: 'payments',
  label: 'Payments',
  statuses: [
    { value: 'pending', label: 'Pending' },
    { value: 'completed', label: 'Completed' },
    { value: 'failed', label: 'Failed' },
    { value: 'refunded', label: 'Refunded' },
  ],
  columns: [
    { key: 'policyNumber', label: 'Policy Number', kind: 'text' },
    { key: 'memberName', label: 'Member', kind: 'text' },
    { key: 'amount', label: 'Amount', kind: 'money' },
    { key: 'paymentDate', label: 'Payment Date', kind: 'date' },
    { key: 'method', label: 'Method', kind: 'text' },
    { key: 'reference', label: 'Reference', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'createdAt', label: 'Recorded', kind: 'date' },
  ],
  rows: (sql, companyId, status, limit) =>
    sql.query(
      `select p.policy_number as "policyNumber", p.member_name as "memberName", p.amount::text as amount,
              to_char(p.payment_date, 'YYYY-MM-DD') as "paymentDate", p.payment_method as method, p.reference, p.status,
              ${saDate('p.created_at')} as "createdAt"
         from payments p
        where p.company_id = $1 and ($2::text is null or p.status = $2::text)
        order by p.created_at desc, p.position desc
        limit $3::int`,
      [companyId, status, limit],
    ),
  async summary(sql, companyId, status) {
    const counts = await paymentCounts(sql, companyId);
    // The counters keep an amount for completed payments only: the premiums collected.
    const figures = Object.fromEntries(
      PAYMENT_STATUSES.map((s) => [s, { count: counts[s], amount: s === 'completed' ? counts.completedAmount : '0.00' }]),
    ) as Record<PaymentStatus, StatusFigure>;
    return cardsFromFigures(figures, status as PaymentStatus | null, [
      { key: 'totalPayments', label: 'Total Payments', kind: 'count' },
      { key: 'completedPayments', label: 'Completed', kind: 'count', statuses: ['completed'] },
      { key: 'pendingPayments', label: 'Pending', kind: 'count', statuses: ['pending'] },
      { key: 'failedPayments', label: 'Failed', kind: 'count', statuses: ['failed'] },
      { key: 'premiumsCollected', label: 'Premiums Collected', kind: 'money', statuses: ['completed'] },
    ]);
  },
};

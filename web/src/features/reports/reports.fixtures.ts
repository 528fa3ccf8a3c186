import type { Report, ReportCharts, ReportTypeInfo } from './reports.operations';

/** Test data shaped as the gateway answers it (with the __typename urql's cache reads). */
type Named<T, N extends string> = T & { __typename: N };

const status = (value: string, label: string) => ({ __typename: 'ReportStatusOption' as const, value, label });

export const reportTypes = (withAgents = false): Named<ReportTypeInfo, 'ReportTypeInfo'>[] => [
  {
    __typename: 'ReportTypeInfo',
    type: 'members',
    label: 'Members',
    statuses: [status('active', 'Active'), status('inactive', 'Inactive')],
  },
  {
    __typename: 'ReportTypeInfo',
    type: 'payments',
    label: 'Payments',
    statuses: [status('pending', 'Pending'), status('completed', 'Completed'), status('failed', 'Failed'), status('refunded', 'Refunded')],
  },
  ...(withAgents
    ? [{ __typename: 'ReportTypeInfo' as const, type: 'agents' as const, label: 'Agents', statuses: [status('active', 'Active')] }]
    : []),
];

const column = (key: string, label: string, kind: Report['columns'][number]['kind']) => ({
  __typename: 'ReportColumn' as const,
  key,
  label,
  kind,
});

export const PAYMENT_COLUMNS = [
  column('policyNumber', 'Policy Number', 'text'),
  column('memberName', 'Member', 'text'),
  column('amount', 'Amount', 'money'),
  column('paymentDate', 'Payment Date', 'date'),
  column('method', 'Method', 'text'),
  column('reference', 'Reference', 'text'),
  column('status', 'Status', 'status'),
];

/** `count` payments, newest first; every third one pending, the rest completed at R 100.50 + i. */
export function paymentRows(count: number): (string | null)[][] {
  return Array.from({ length: count }, (_, i) => [
    `POL-2025-${String(i + 1).padStart(6, '0')}`,
    i === 0 ? 'Nomsa "Ma" Dlamini, Jr' : `Member ${i + 1}`,
    `${100 + i}.50`,
    '2025-06-01',
    'eft',
    i === 1 ? null : `REF-${i + 1}`,
    i % 3 === 2 ? 'pending' : 'completed',
  ]);
}

/** A report whose cards are computed from its rows, as the server's counters would give them. */
export function paymentsReport(rows: (string | null)[][], first: number | null, filter: string | null): Named<Report, 'Report'> {
  const chosen = rows.filter((r) => filter === null || r[6] === filter);
  const completed = chosen.filter((r) => r[6] === 'completed');
  const cents = completed.reduce((sum, r) => sum + Math.round(Number(r[2]) * 100), 0);
  const card = (key: string, label: string, value: string, kind: 'count' | 'money' = 'count') => ({
    __typename: 'ReportCard' as const,
    key,
    label,
    value,
    kind,
  });
  return {
    __typename: 'Report',
    type: 'payments',
    status: filter,
    totalCount: chosen.length,
    columns: PAYMENT_COLUMNS,
    rows: (first === null ? chosen : chosen.slice(0, first)).map((cells) => ({ __typename: 'ReportRow' as const, cells })),
    cards: [
      card('totalPayments', 'Total Payments', String(chosen.length)),
      card('completedPayments', 'Completed', String(completed.length)),
      card('premiumsCollected', 'Premiums Collected', (cents / 100).toFixed(2), 'money'),
    ],
  };
}

const month = (m: string, count: number, amount: string | null) => ({ __typename: 'ReportMonth' as const, month: m, count, amount });
const byStatus = (s: string, count: number, amount: string | null) => ({
  __typename: 'ReportStatusFigure' as const,
  status: s,
  count,
  amount,
});

export const reportCharts: ReportCharts = {
  __typename: 'ReportCharts',
  premiumsCollected: [month('2025-05', 1, '99.99'), month('2025-06', 3, '490.50')],
  memberGrowth: [month('2025-05', 4, null), month('2025-06', 9, null)],
  policiesByStatus: [byStatus('active', 10, '1722.00'), byStatus('lapsed', 1, '0.00'), byStatus('cancelled', 1, '0.00')],
  claimsByStatus: [byStatus('submitted', 0, '0.00'), byStatus('under_review', 1, '15000.00'), byStatus('rejected', 1, '8000.25')],
  claimsPerMonth: [month('2025-05', 0, '0.00'), month('2025-06', 2, '23000.25')],
} as ReportCharts;

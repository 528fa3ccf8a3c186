import { useQuery } from 'urql';
import { formatDate, formatRand } from '../../app/format';
import { useCursorPages } from '../../app/pagination';
import { Button } from '../../ui/Button';
import { Cell, cellActions, DataTable } from '../../ui/DataTable';
import { MemberLink } from '../members/MemberLink';
import { ReceiptButton } from '../papers/PaperButton';
import { paymentMethodLabel } from './paymentLabels';
import { PAYMENTS_CONTEXT, PAYMENTS_PAGE_SIZE, PaymentsQuery, type PaymentRow, type PaymentStatus } from './payments.operations';
import { PaymentStatusSelect } from './PaymentStatusSelect';
import * as styles from './payments.css';

export const PAYMENT_COLUMNS = ['Policy Number', 'Member', 'Amount', 'Date', 'Method', 'Reference', 'Status'] as const;

export type PaymentFilter = { search: string | null; status: PaymentStatus | null };

export function paymentsVariables(filter: PaymentFilter, after: string | null) {
  return { search: filter.search, status: filter.status, first: PAYMENTS_PAGE_SIZE, after };
}

function PaymentTableRow({ payment }: { payment: PaymentRow }) {
  return (
    <tr>
      <Cell label="Policy Number" lead className={styles.nowrap}>
        <span className={styles.strong}>{payment.policyNumber}</span>
      </Cell>
      <Cell label="Member">
        <span>
          <MemberLink memberId={payment.memberId}>{payment.memberName}</MemberLink>
          {payment.schemeName && <span className={styles.secondary}>Group: {payment.schemeName}</span>}
        </span>
      </Cell>
      <Cell label="Amount" className={styles.number}>
        {formatRand(payment.amount)}
      </Cell>
      <Cell label="Date" className={styles.number}>
        {formatDate(payment.paymentDate)}
      </Cell>
      <Cell label="Method" className={styles.nowrap}>
        {paymentMethodLabel(payment.paymentMethod)}
      </Cell>
      <Cell label="Reference">
        <span className={styles.reference}>
          {payment.reference || <span className={styles.muted}>—</span>}
          {payment.notes && <span className={styles.secondary}>{payment.notes}</span>}
        </span>
      </Cell>
      <Cell label="Status">
        <span className={cellActions}>
          <PaymentStatusSelect payment={payment} />
          {payment.status === 'completed' && (
            <ReceiptButton paymentId={payment.id} policyNumber={payment.policyNumber} paymentDate={payment.paymentDate} />
          )}
        </span>
      </Cell>
    </tr>
  );
}

/** One page of rows, its own query: a status change or a new payment refetches every page shown. */
function PaymentRowsPage({ filter, after }: { filter: PaymentFilter; after: string | null }) {
  const [result] = useQuery({ query: PaymentsQuery, variables: paymentsVariables(filter, after), context: PAYMENTS_CONTEXT });
  return result.data?.payments.nodes.map((payment) => <PaymentTableRow key={payment.id} payment={payment} />) ?? null;
}

export type PaymentsTableProps = { filter: PaymentFilter; totalCount: number };

export function PaymentsTable({ filter, totalCount }: PaymentsTableProps) {
  const { cursors, lastCursor, loadMore } = useCursorPages(JSON.stringify(filter));
  // The same operation as the last page's rows, so urql answers both with one request.
  const [last] = useQuery({ query: PaymentsQuery, variables: paymentsVariables(filter, lastCursor), context: PAYMENTS_CONTEXT });
  const pageInfo = last.data?.payments.pageInfo;
  const shown = Math.min(totalCount, cursors.length * PAYMENTS_PAGE_SIZE);
  return (
    <>
      <DataTable caption="Payments" columns={PAYMENT_COLUMNS}>
        {cursors.map((after) => (
          <PaymentRowsPage key={after ?? 'first'} filter={filter} after={after} />
        ))}
      </DataTable>
      <p className={styles.summary} aria-live="polite">
        Showing {pageInfo?.hasNextPage ? shown : totalCount} of {totalCount} {totalCount === 1 ? 'payment' : 'payments'}
      </p>
      {pageInfo?.hasNextPage && (
        <div className={styles.loadMore}>
          <Button variant="secondary" isDisabled={last.fetching} onPress={() => loadMore(pageInfo.endCursor)}>
            {last.fetching ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}

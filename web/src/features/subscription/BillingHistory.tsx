import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Cell, DataTable } from '../../ui/DataTable';
import { InvoiceButton } from '../papers/PaperButton';
import type { BillingEntry } from './subscription.operations';
import * as styles from './subscription.css';

const COLUMNS = ['Date', 'Description', 'Amount', 'Payment method', 'Status', 'Invoice'] as const;

/** The subscription payments the payment provider confirmed (or reported failed), newest first; a paid one has its invoice (issue #25). */
export function BillingHistory({ entries }: { entries: readonly BillingEntry[] }) {
  return (
    <Card title="Billing History" description="Subscription payments confirmed by the payment provider.">
      {entries.length === 0 ? (
        <p className={styles.muted}>No payments yet. Payments for a paid plan appear here once the payment provider confirms them.</p>
      ) : (
        <DataTable caption="Billing history" columns={COLUMNS}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <Cell label="Date" lead>
                {formatDate(entry.date)}
              </Cell>
              <Cell label="Description">{entry.planName}, one month</Cell>
              <Cell label="Amount" className={styles.number}>
                {formatRand(entry.amount)}
              </Cell>
              <Cell label="Payment method">{entry.paymentMethod}</Cell>
              <Cell label="Status">
                <Badge tone={entry.status === 'paid' ? 'success' : 'dangerSoft'}>{entry.status === 'paid' ? 'Paid' : 'Failed'}</Badge>
              </Cell>
              <Cell label="Invoice">
                {entry.status === 'paid' && entry.invoiceNumber ? (
                  <InvoiceButton paymentId={entry.id} invoiceNumber={entry.invoiceNumber} />
                ) : (
                  <span className={styles.muted}>None</span>
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

import { formatDate } from '../../app/format';
import { Cell, DataTable } from '../../ui/DataTable';
import { StatementButton } from '../arrears/StatementDialog';
import { WORK_ITEM_LABELS } from './collectionLabels';
import type { WorkItem } from './collections.operations';
import { DebitOrderButton } from './MandateDialog';
import * as styles from './collections.css';

const COLUMNS = ['Policy Number', 'Reason', 'Raised On', 'Actions'] as const;

/** Unpaid 18 (account holder deceased): for the claims desk to contact the family. */
export function WorkItemsSection({ items }: { items: readonly WorkItem[] }) {
  return (
    <section className={styles.section} aria-labelledby="collections-deceased">
      <div className={styles.sectionHeader}>
        <h2 id="collections-deceased" className={styles.sectionTitle}>
          Reported deceased
        </h2>
        <p className={styles.sectionNote}>The bank answered unpaid 18: contact the family and open a claim where there is one.</p>
      </div>
      {items.length === 0 ? (
        <p className={styles.muted}>No account holder reported deceased.</p>
      ) : (
        <DataTable caption="Reported deceased" columns={COLUMNS}>
          {items.map((item) => (
            <tr key={`${item.batchId}-${item.policyId}`}>
              <Cell label="Policy Number" lead className={styles.nowrap}>
                <span className={styles.strong}>{item.policyNumber}</span>
              </Cell>
              <Cell label="Reason">{WORK_ITEM_LABELS[item.kind] ?? `Unpaid ${item.unpaidCode}`}</Cell>
              <Cell label="Raised On" className={styles.number}>
                {formatDate(item.raisedOn)}
              </Cell>
              <Cell label="Actions">
                <span className={styles.rowActions}>
                  <StatementButton policyId={item.policyId} policyNumber={item.policyNumber} />
                  <DebitOrderButton policyId={item.policyId} policyNumber={item.policyNumber} />
                </span>
              </Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

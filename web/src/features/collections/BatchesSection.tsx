import { formatDate, formatRand } from '../../app/format';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { BatchDownloads } from './BatchDownloads';
import type { CollectionBatch } from './collections.operations';
import * as styles from './collections.css';

const COLUMNS = ['Debit Date', 'Debits', 'Total', 'Collected', 'Unpaid', 'Disputes', 'Pending', 'Actions'] as const;

function BatchRow({ batch, canCollect, onOpen }: { batch: CollectionBatch; canCollect: boolean; onOpen: () => void }) {
  return (
    <tr>
      <Cell label="Debit Date" lead className={styles.nowrap}>
        <span>
          <span className={styles.strong}>{formatDate(batch.debitDate)}</span>
          <span className={styles.secondary}>made {formatDate(batch.createdOn)}</span>
        </span>
      </Cell>
      <Cell label="Debits" className={styles.number}>
        {batch.count}
      </Cell>
      <Cell label="Total" className={styles.number}>
        {formatRand(batch.total)}
      </Cell>
      <Cell label="Collected" className={styles.number}>
        <span>
          {batch.collected}
          <span className={styles.secondary}>{formatRand(batch.collectedTotal)}</span>
        </span>
      </Cell>
      <Cell label="Unpaid" className={styles.number}>
        <span>
          {batch.unpaid}
          <span className={styles.secondary}>{formatRand(batch.unpaidTotal)}</span>
        </span>
      </Cell>
      <Cell label="Disputes" className={styles.number}>
        {batch.disputes}
      </Cell>
      <Cell label="Pending" className={styles.number}>
        {batch.pending}
      </Cell>
      <Cell label="Actions">
        <span className={styles.rowActions}>
          <Button variant="secondary" size="sm" aria-label={`Debits of the batch for ${batch.debitDate}`} onPress={onOpen}>
            Debits
          </Button>
          {canCollect && <BatchDownloads batch={batch} />}
        </span>
      </Cell>
    </tr>
  );
}

/** Every batch made, newest first, with what the bank answered so far and its two files. */
export function BatchesSection({
  batches,
  canCollect,
  onOpenBatch,
}: {
  batches: readonly CollectionBatch[];
  canCollect: boolean;
  onOpenBatch: (batchId: string, debitDate: string) => void;
}) {
  return (
    <section className={styles.section} aria-labelledby="collections-batches">
      <div className={styles.sectionHeader}>
        <h2 id="collections-batches" className={styles.sectionTitle}>
          Batches
        </h2>
        <p className={styles.sectionNote}>
          The CSV is for payment providers' bulk uploads, the ACB file for the bank's bulk debit service.
        </p>
      </div>
      {batches.length === 0 ? (
        <p className={styles.muted}>No batch yet: create one for a debit date above.</p>
      ) : (
        <DataTable caption="Collection batches" columns={COLUMNS}>
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} canCollect={canCollect} onOpen={() => onOpenBatch(batch.id, batch.debitDate)} />
          ))}
        </DataTable>
      )}
    </section>
  );
}

import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Cell, DataTable } from '../../ui/DataTable';
import { Dialog, Modal } from '../../ui/Dialog';
import { EmptyState } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { count, OUTCOME_LABELS, OUTCOME_TONES } from './collectionLabels';
import { COLLECTIONS_CONTEXT, CollectionBatchQuery, type BatchItem } from './collections.operations';
import { BatchDownloads } from './BatchDownloads';
import * as styles from './collections.css';

const ITEM_COLUMNS = ['Policy Number', 'Reference', 'Months', 'Amount', 'Outcome', 'Unpaid Code'] as const;

function ItemRow({ item }: { item: BatchItem }) {
  return (
    <tr>
      <Cell label="Policy Number" lead className={styles.nowrap}>
        <span className={styles.strong}>{item.policyNumber}</span>
      </Cell>
      <Cell label="Reference" className={styles.nowrap}>
        {item.mandateReference}
      </Cell>
      <Cell label="Months">{item.periods.join(', ')}</Cell>
      <Cell label="Amount" className={styles.number}>
        {formatRand(item.amount)}
      </Cell>
      <Cell label="Outcome">
        <span>
          <Badge tone={OUTCOME_TONES[item.outcome]}>{OUTCOME_LABELS[item.outcome]}</Badge>
          {item.outcomeOn && <span className={styles.secondary}>{formatDate(item.outcomeOn)}</span>}
        </span>
      </Cell>
      <Cell label="Unpaid Code">
        {item.unpaidCode ? (
          <span>
            {item.unpaidCode}
            {item.unpaidMeaning && <span className={styles.secondary}>{item.unpaidMeaning}</span>}
          </span>
        ) : (
          '—'
        )}
      </Cell>
    </tr>
  );
}

function BatchPanel({ batchId, canCollect }: { batchId: string; canCollect: boolean }) {
  const [result] = useQuery({ query: CollectionBatchQuery, variables: { id: batchId }, context: COLLECTIONS_CONTEXT });
  const detail = result.data?.collectionBatch;
  if (result.fetching && !detail) return <PageSpinner label="Loading batch" />;
  if (!detail)
    return <EmptyState icon="alert" title="The batch could not be loaded" text={result.error ? errorMessage(result.error) : undefined} />;
  const { batch, items } = detail;
  return (
    <div className={styles.page}>
      <p className={styles.muted}>
        {count(batch.count, 'debit', 'debits')} for {formatRand(batch.total)}: {batch.collected} collected, {batch.unpaid} unpaid (
        {batch.disputes} disputed), {batch.pending} not answered yet.
      </p>
      {canCollect && <BatchDownloads batch={batch} />}
      <DataTable caption="Debits in the batch" columns={ITEM_COLUMNS}>
        {items.map((item) => (
          <ItemRow key={`${item.policyId}-${item.periods.join()}`} item={item} />
        ))}
      </DataTable>
    </div>
  );
}

/** The debits of one batch, each with what the bank answered. */
export function BatchDialog({
  batchId,
  debitDate,
  canCollect,
  onClose,
}: {
  batchId: string;
  debitDate: string;
  canCollect: boolean;
  onClose: () => void;
}) {
  const title = `Batch for ${formatDate(debitDate)}`;
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} size="wide">
      <Dialog title={title}>
        <BatchPanel batchId={batchId} canCollect={canCollect} />
      </Dialog>
    </Modal>
  );
}

import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { BatchDialog } from './BatchDialog';
import { BankStatementSection } from './BankStatementSection';
import { BatchesSection } from './BatchesSection';
import {
  COLLECTIONS_CONTEXT,
  CollectionBatchesQuery,
  CollectionResultFilesQuery,
  CollectionsOverviewQuery,
  CollectionWorkItemsQuery,
} from './collections.operations';
import { ImportResultsSection } from './ImportResultsSection';
import { useCanCollect } from './MandateDialog';
import { SettingsButton } from './SettingsDialog';
import { ThisMonthSection } from './ThisMonthSection';
import { UnmatchedSection } from './UnmatchedSection';
import { UpcomingSection } from './UpcomingSection';
import { WorkItemsSection } from './WorkItemsSection';
import * as styles from './collections.css';

type OpenBatch = { id: string; debitDate: string };

const READS = [CollectionsOverviewQuery, CollectionBatchesQuery, CollectionResultFilesQuery, CollectionWorkItemsQuery] as const;

/**
 * /collections (issue #21): this month's rates, the next debit dates, the batches and their files,
 * the result files and the accounts reported deceased. Each section is a component of its own; the
 * bank statement and its unmatched queue come as one more section in the list below.
 */
export function CollectionsPage() {
  const client = useClient();
  const canCollect = useCanCollect();
  const [overview] = useQuery({ query: CollectionsOverviewQuery, context: COLLECTIONS_CONTEXT });
  const [batches] = useQuery({ query: CollectionBatchesQuery, context: COLLECTIONS_CONTEXT });
  const [files] = useQuery({ query: CollectionResultFilesQuery, context: COLLECTIONS_CONTEXT });
  const [work] = useQuery({ query: CollectionWorkItemsQuery, context: COLLECTIONS_CONTEXT });
  const [openBatch, setOpenBatch] = useState<OpenBatch | null>(null);
  const open = (id: string, debitDate: string) => setOpenBatch({ id, debitDate });

  /** A result file goes through REST, beside urql's cache: every read of the page is asked again. */
  const refresh = () => {
    for (const query of READS) void client.query(query, {}, { ...COLLECTIONS_CONTEXT, requestPolicy: 'network-only' }).toPromise();
  };

  const data = overview.data?.collectionsOverview;
  const batchList = batches.data?.collectionBatches ?? [];

  return (
    <div className={styles.page}>
      <PageHeader
        title="Collections"
        description="Debit orders out, bank results in: batches per debit date, their files, and what the bank answered."
        actions={canCollect ? <SettingsButton /> : undefined}
      />
      {overview.fetching && !data ? (
        <PageSpinner label="Loading collections" />
      ) : !data ? (
        <EmptyState icon="alert" title="Collections could not be loaded" text={overview.error ? errorMessage(overview.error) : undefined} />
      ) : (
        <>
          <ThisMonthSection overview={data} />
          <UpcomingSection upcoming={data.upcoming} canCollect={canCollect} onOpenBatch={open} />
          <BatchesSection batches={batchList} canCollect={canCollect} onOpenBatch={open} />
          <ImportResultsSection files={files.data?.collectionResultFiles ?? []} canCollect={canCollect} onImported={refresh} />
          <BankStatementSection canCollect={canCollect} onImported={refresh} />
          <UnmatchedSection canCollect={canCollect} />
          <WorkItemsSection items={work.data?.collectionWorkItems ?? []} />
        </>
      )}
      {openBatch && (
        <BatchDialog batchId={openBatch.id} debitDate={openBatch.debitDate} canCollect={canCollect} onClose={() => setOpenBatch(null)} />
      )}
    </div>
  );
}

import { useQuery } from 'urql';
import { formatDateTime } from '../../app/format';
import type { useCursorPages } from '../../app/pagination';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { Link } from '../../ui/Link';
import { actorText, changeText, ENTITY_LABELS } from './auditFormat';
import { auditPageHref } from './HistoryPanel';
import { CompanyHistoryQuery } from './audit.operations';
import { COMPANY_HISTORY_PAGE_SIZE, companyHistoryVariables, type CompanyHistoryFilter } from './companyHistoryFilters';
import * as styles from './audit.css';

const COLUMNS = ['Time', 'Event', 'Record', 'Actor', 'Note', 'Changes'] as const;

type PageProps = { filter: CompanyHistoryFilter; companyId: string | null; after: string | null };

/** One page of events: its own query, so each page already shown keeps its rows. */
function HistoryRowsPage({ filter, companyId, after }: PageProps) {
  const [result] = useQuery({
    query: CompanyHistoryQuery,
    variables: companyHistoryVariables(filter, companyId, COMPANY_HISTORY_PAGE_SIZE, after),
  });
  return (
    result.data?.companyHistory.edges.map(({ node }) => (
      <tr key={node.position}>
        <Cell label="Time" className={styles.nowrap}>
          <time dateTime={node.occurredAt}>{formatDateTime(node.occurredAt)}</time>
        </Cell>
        <Cell label="Event" lead>
          <span>
            <span className={styles.strong}>{node.title}</span>
            <span className={styles.secondary}>
              {node.eventType} #{node.position}
            </span>
          </span>
        </Cell>
        <Cell label="Record">
          {node.entity && node.entityId ? (
            <Link
              href={auditPageHref(node.entity, node.entityId)}
              aria-label={`Timeline of ${ENTITY_LABELS[node.entity].toLowerCase()} ${node.entityId} (event ${node.position})`}
            >
              {ENTITY_LABELS[node.entity]}
            </Link>
          ) : null}
          <span className={styles.monoBlock}>
            {node.streamId} v{node.version}
          </span>
        </Cell>
        <Cell label="Actor">{actorText(node.actor)}</Cell>
        <Cell label="Note">{node.note ?? ''}</Cell>
        <Cell label="Changes">
          {node.changes.length > 0 && (
            <ul className={styles.changeList}>
              {node.changes.map((change) => (
                <li key={change.field}>{changeText(change)}</li>
              ))}
            </ul>
          )}
        </Cell>
      </tr>
    )) ?? null
  );
}

export function CompanyHistoryTable({
  filter,
  companyId,
  totalCount,
  pages,
}: {
  filter: CompanyHistoryFilter;
  companyId: string | null;
  totalCount: number;
  pages: ReturnType<typeof useCursorPages>;
}) {
  const { cursors, lastCursor, loadMore } = pages;
  // The same operation as the last page's rows, so urql answers both with one request.
  const [last] = useQuery({
    query: CompanyHistoryQuery,
    variables: companyHistoryVariables(filter, companyId, COMPANY_HISTORY_PAGE_SIZE, lastCursor),
  });
  const pageInfo = last.data?.companyHistory.pageInfo;
  const shown = pageInfo?.hasNextPage ? cursors.length * COMPANY_HISTORY_PAGE_SIZE : totalCount;
  return (
    <>
      <DataTable caption="Company history" columns={COLUMNS}>
        {cursors.map((after) => (
          <HistoryRowsPage key={after ?? 'first'} filter={filter} companyId={companyId} after={after} />
        ))}
      </DataTable>
      <p className={styles.muted} aria-live="polite">
        Showing {Math.min(shown, totalCount)} of {totalCount} {totalCount === 1 ? 'event' : 'events'}
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

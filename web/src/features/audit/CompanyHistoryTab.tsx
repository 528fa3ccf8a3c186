import { useState } from 'react';
import type { ResultOf } from 'gql.tada';
import { useClient, useQuery, type OperationResult } from 'urql';
import { useAuth } from '../../app/auth/AuthProvider';
import { localIsoDate } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { useCursorPages } from '../../app/pagination';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { CompanyUsersQuery } from '../role-management/roleManagement.operations';
import { downloadBlob, trailCsv } from './auditExport';
import { CompanyEventTypesQuery, CompanyHistoryQuery, type AuditEntry } from './audit.operations';
import { CompanyHistoryTable } from './CompanyHistoryTable';
import {
  COMPANY_HISTORY_PAGE_SIZE,
  companyHistoryVariables,
  EMPTY_FILTER,
  EXPORT_PAGE_SIZE,
  type CompanyHistoryFilter,
} from './companyHistoryFilters';
import * as styles from './audit.css';

const ALL = 'all';

/** Who may be picked as the actor: the company's users when the viewer may list them, else an id typed in. */
function ActorFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const { user } = useAuth();
  const canList = Boolean(user?.permissions.includes('users:read'));
  const [users] = useQuery({ query: CompanyUsersQuery, pause: !canList });
  if (!canList || users.error) {
    return <TextField label="Actor (user id)" value={value ?? ''} onChange={(text) => onChange(text.trim() || null)} />;
  }
  const options = [
    { id: ALL, label: 'Everyone' },
    ...(users.data?.companyUsers ?? []).map((u) => ({ id: u.id, label: `${u.firstName} ${u.lastName} (@${u.username})` })),
  ];
  return <Select label="Actor" options={options} value={value ?? ALL} onChange={(id) => onChange(!id || id === ALL ? null : id)} />;
}

/** Every event of the company in order, filtered by type, actor and dates, a page at a time, exportable as CSV. */
export function CompanyHistoryTab({ companyId }: { companyId: string | null }) {
  const { toast } = useToast();
  const client = useClient();
  const [filter, setFilter] = useState<CompanyHistoryFilter>(EMPTY_FILTER);
  const [types] = useQuery({ query: CompanyEventTypesQuery, variables: { companyId }, requestPolicy: 'network-only' });
  const filterKey = JSON.stringify([filter, companyId]);
  const pages = useCursorPages(filterKey);
  const [first] = useQuery({
    query: CompanyHistoryQuery,
    variables: companyHistoryVariables(filter, companyId, COMPANY_HISTORY_PAGE_SIZE, null),
    requestPolicy: 'network-only',
  });
  const [exporting, setExporting] = useState(false);
  const set = (patch: Partial<CompanyHistoryFilter>) => setFilter((current) => ({ ...current, ...patch }));
  const typeOptions = [{ id: ALL, label: 'All event types' }, ...(types.data?.companyEventTypes ?? []).map((t) => ({ id: t, label: t }))];

  const exportCsv = async () => {
    setExporting(true);
    const entries: AuditEntry[] = [];
    let after: string | null = null;
    try {
      for (;;) {
        const answer: OperationResult<ResultOf<typeof CompanyHistoryQuery>> = await client
          .query(CompanyHistoryQuery, companyHistoryVariables(filter, companyId, EXPORT_PAGE_SIZE, after), {
            requestPolicy: 'network-only',
          })
          .toPromise();
        if (!answer.data) throw new Error(answer.error ? errorMessage(answer.error) : 'The server sent an empty answer');
        const page = answer.data.companyHistory;
        entries.push(...page.edges.map((edge) => edge.node));
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
        after = page.pageInfo.endCursor;
      }
      downloadBlob(`company-history-${localIsoDate()}.csv`, new Blob([trailCsv(entries)], { type: 'text/csv;charset=utf-8' }));
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const total = first.data?.companyHistory.totalCount ?? 0;
  return (
    <div className={styles.tabBody}>
      <div className={styles.filters} role="search" aria-label="Company history filters">
        <Select
          label="Event type"
          options={typeOptions}
          value={filter.type ?? ALL}
          onChange={(id) => set({ type: !id || id === ALL ? null : id })}
        />
        <ActorFilter value={filter.actorId} onChange={(actorId) => set({ actorId })} />
        <TextField label="From" type="date" value={filter.fromDate} onChange={(fromDate) => set({ fromDate })} />
        <TextField label="To" type="date" value={filter.toDate} onChange={(toDate) => set({ toDate })} />
        <Button variant="secondary" isDisabled={exporting || total === 0} onPress={() => void exportCsv()}>
          <Icon name="download" size={16} />
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      {first.fetching && !first.data ? (
        <Spinner label="Loading the company history" />
      ) : first.error && !first.data ? (
        <EmptyState icon="alert" title="The company history could not be read" text={errorMessage(first.error)} />
      ) : total === 0 ? (
        <EmptyState icon="clock" title="No events" text="No events match these filters." />
      ) : (
        <CompanyHistoryTable filter={filter} companyId={companyId} totalCount={total} pages={pages} />
      )}
    </div>
  );
}

import { POLICY_STATUSES } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { downloadText } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { formatRand } from '../../app/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { TextField } from '../../ui/TextField';
import { STATUS_LABELS } from '../policies/policyStatus';
import { NEW_SALES_CONTEXT, NewSalesAgentsQuery, NewSalesQuery, type NewSalesFilter } from './newSales.operations';
import { agentOptions, salesCsv, salesFileName } from './salesFigures';
import { SalesTable } from './SalesTable';
import * as styles from './newSales.css';

const ALL = 'all';
export const STATUS_FILTER_OPTIONS = [
  { id: ALL, label: 'All Statuses' },
  ...POLICY_STATUSES.map((id) => ({ id, label: STATUS_LABELS[id] })),
];

/**
 * /new-sales: the policies written by agents, with their figures, filters and a CSV export
 * (spec part 2 §2 New Sales, §9).
 */
export function NewSalesPage() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const [agentId, setAgentId] = useState<string>(ALL);
  const search = useDebouncedValue(searchText.trim()) || null;
  const filter: NewSalesFilter = {
    search,
    status: status === ALL ? null : (status as NonNullable<NewSalesFilter['status']>),
    agentId: agentId === ALL ? null : agentId,
  };
  const [result] = useQuery({ query: NewSalesQuery, variables: filter, context: NEW_SALES_CONTEXT });
  const [agentsResult] = useQuery({ query: NewSalesAgentsQuery, context: NEW_SALES_CONTEXT });
  const figures = result.data?.newSales;
  const sales = figures?.sales ?? [];
  const filtered = Boolean(filter.search || filter.status || filter.agentId);

  return (
    <div className={styles.page}>
      <PageHeader
        title="New Sales"
        description="The policies your agents have sold, with their clients, cover and premiums."
        actions={
          <Button variant="secondary" onPress={() => downloadText(salesFileName(), salesCsv(sales))} isDisabled={sales.length === 0}>
            <Icon name="download" size={18} />
            Export CSV
          </Button>
        }
      />
      <StatGrid label="Sales figures" columns={3}>
        <StatCard label="Total Sales" value={String(figures?.totalSales ?? 0)} icon="trendingUp" />
        <StatCard label="Monthly Revenue" value={formatRand(figures?.monthlyRevenue)} icon="card" tone="warning" />
        <StatCard label="Active Policies" value={String(figures?.activePolicies ?? 0)} icon="check" tone="success" />
      </StatGrid>
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search sales"
          labelHidden
          type="search"
          placeholder="Client name, policy number or phone"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="Status" options={STATUS_FILTER_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL)} />
        <Select
          label="Agent"
          options={[{ id: ALL, label: 'All Agents' }, ...agentOptions(agentsResult.data?.newSales.sales ?? [])]}
          value={agentId}
          onChange={(value) => setAgentId(value ?? ALL)}
        />
      </div>
      <Card title={`Agent Sales (${sales.length})`} className={styles.tableCard}>
        {result.fetching && !result.data ? (
          <PageSpinner label="Loading sales" />
        ) : result.error && !result.data ? (
          <EmptyState icon="alert" title="Sales could not be loaded" text={errorMessage(result.error)} />
        ) : sales.length === 0 ? (
          <EmptyState
            icon="trendingUp"
            title={filtered ? 'No sales match your filters' : 'No sales yet'}
            text={
              filtered
                ? 'Try another name, policy number or phone, or choose a different status or agent.'
                : 'Policies your agents write through Client Onboarding appear here.'
            }
          />
        ) : (
          <SalesTable sales={sales} />
        )}
      </Card>
    </div>
  );
}

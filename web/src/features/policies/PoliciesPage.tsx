import { POLICY_STATUSES } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { errorMessage } from '../../app/errors';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { TextField } from '../../ui/TextField';
import { POLICIES_CONTEXT, PoliciesQuery, PolicyCountsQuery, type PolicyStatus } from './policies.operations';
import { PoliciesTable, policiesVariables, type PolicyFilter } from './PoliciesTable';
import { STATUS_LABELS } from './policyStatus';
import * as styles from './policies.css';

const ALL = 'all';
const FILTER_OPTIONS = [{ id: ALL, label: 'All' }, ...POLICY_STATUSES.map((id) => ({ id, label: STATUS_LABELS[id] }))];

/** /policies: every policy, searchable and filtered by status, with the status actions of §4. */
export function PoliciesPage() {
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const search = useDebouncedValue(searchText.trim()) || null;
  const filter: PolicyFilter = { search, status: status === ALL ? null : (status as PolicyStatus) };

  // The cards count the whole book (issue #25: they read 0 while searching); the table follows the filters.
  const [counts] = useQuery({ query: PolicyCountsQuery, variables: { search: null }, context: POLICIES_CONTEXT });
  const [first] = useQuery({ query: PoliciesQuery, variables: policiesVariables(filter, null), context: POLICIES_CONTEXT });
  const figures = counts.data?.policyCounts;
  const totalCount = first.data?.policies.totalCount ?? 0;

  return (
    <div className={styles.page}>
      <PageHeader title="Policies" description="Every policy with its member, cover and premium; change a policy's status here." />
      <StatGrid label="Policy counts">
        <StatCard label="Active Policies" value={String(figures?.active ?? 0)} icon="check" tone="success" />
        <StatCard label="Lapsed Policies" value={String(figures?.lapsed ?? 0)} icon="alert" tone="warning" />
        <StatCard label="Cancelled Policies" value={String(figures?.cancelled ?? 0)} icon="close" tone="danger" />
        <StatCard label="Total Policies" value={String(figures?.total ?? 0)} icon="file" />
      </StatGrid>
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search policies"
          labelHidden
          type="search"
          placeholder="Policy number, member, SA ID or policy type"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="Status" options={FILTER_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL)} />
      </div>
      {first.fetching && !first.data ? (
        <PageSpinner label="Loading policies" />
      ) : first.error && !first.data ? (
        <EmptyState icon="alert" title="Policies could not be loaded" text={errorMessage(first.error)} />
      ) : totalCount === 0 ? (
        <EmptyState
          icon="file"
          title={search || filter.status ? 'No policies match your search' : 'No policies yet'}
          text={
            search || filter.status
              ? 'Try another policy number, name or ID, or choose a different status.'
              : 'A policy is issued when you add a principal member with a policy type.'
          }
        />
      ) : (
        <PoliciesTable filter={filter} totalCount={totalCount} />
      )}
    </div>
  );
}

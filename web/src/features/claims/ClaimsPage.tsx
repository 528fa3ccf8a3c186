import { useState } from 'react';
import { useQuery } from 'urql';
import { useDebouncedValue } from '../../app/debounce';
import { errorMessage } from '../../app/errors';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { EmptyState, PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { PageSpinner } from '../../ui/Spinner';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { TextField } from '../../ui/TextField';
import { CLAIM_FORM_ID, ClaimForm } from './ClaimForm';
import { ClaimDetailsDialog } from './ClaimDetailsDialog';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES } from './claimStatus';
import { ClaimCountsQuery, CLAIMS_CONTEXT, ClaimsQuery, type ClaimRow, type ClaimStatus } from './claims.operations';
import { ClaimsTable, claimsVariables, type ClaimFilter } from './ClaimsTable';
import * as styles from './claims.css';

const ALL = 'all';
export const CLAIM_FILTER_OPTIONS = [{ id: ALL, label: 'All' }, ...CLAIM_STATUSES.map((id) => ({ id, label: CLAIM_STATUS_LABELS[id] }))];

/** /claims: submit death claims and move them through review to payment (spec part 2 §2 Claims). */
export function ClaimsPage() {
  const [formOpen, setFormOpen] = useState(false);
  const [opened, setOpened] = useState<ClaimRow | null>(null);
  const [searchText, setSearchText] = useState('');
  const [status, setStatus] = useState<string>(ALL);
  const search = useDebouncedValue(searchText.trim()) || null;
  const filter: ClaimFilter = { search, status: status === ALL ? null : (status as ClaimStatus) };

  const [counts] = useQuery({ query: ClaimCountsQuery, context: CLAIMS_CONTEXT });
  const [first] = useQuery({ query: ClaimsQuery, variables: claimsVariables(filter, null), context: CLAIMS_CONTEXT });
  const figures = counts.data?.claimCounts;
  const totalCount = first.data?.claims.totalCount ?? 0;
  const filtered = Boolean(search || filter.status);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Claims Management"
        description="Submit death claims with their documents and take them from review to payment."
        actions={
          <Button
            onPress={() => setFormOpen((open) => !open)}
            aria-expanded={formOpen}
            aria-controls={formOpen ? CLAIM_FORM_ID : undefined}
          >
            <Icon name={formOpen ? 'close' : 'clipboard'} size={18} />
            New Claim
          </Button>
        }
      />
      {formOpen && <ClaimForm onClose={() => setFormOpen(false)} />}
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search claims"
          labelHidden
          type="search"
          placeholder="Claim or policy number, or a name"
          value={searchText}
          onChange={setSearchText}
        />
        <Select label="Status" options={CLAIM_FILTER_OPTIONS} value={status} onChange={(value) => setStatus(value ?? ALL)} />
      </div>
      <StatGrid label="Claim counts" columns={5}>
        <StatCard label="Total Claims" value={String(figures?.total ?? 0)} icon="clipboard" />
        <StatCard label="Submitted" value={String(figures?.submitted ?? 0)} icon="file" tone="neutral" />
        <StatCard label="Under Review" value={String(figures?.underReview ?? 0)} icon="search" tone="warning" />
        <StatCard label="Approved" value={String(figures?.approved ?? 0)} icon="check" tone="success" />
        <StatCard label="Paid" value={String(figures?.paid ?? 0)} icon="card" tone="success" />
      </StatGrid>
      {first.fetching && !first.data ? (
        <PageSpinner label="Loading claims" />
      ) : first.error && !first.data ? (
        <EmptyState icon="alert" title="Claims could not be loaded" text={errorMessage(first.error)} />
      ) : totalCount === 0 ? (
        <EmptyState
          icon="clipboard"
          title={filtered ? 'No claims match your search' : 'No claims yet'}
          text={
            filtered
              ? 'Try another claim or policy number or name, or choose a different status.'
              : 'Submit a death claim with New Claim; it appears here for review.'
          }
        />
      ) : (
        <ClaimsTable filter={filter} totalCount={totalCount} onOpen={setOpened} />
      )}
      {opened && <ClaimDetailsDialog claim={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}

import { useQuery } from 'urql';
import { formatDate, formatRand } from '../../app/format';
import { useCursorPages } from '../../app/pagination';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { MemberLink } from '../members/MemberLink';
import { POLICIES_CONTEXT, POLICIES_PAGE_SIZE, PoliciesQuery, type PolicyRow, type PolicyStatus } from './policies.operations';
import { PolicyStatusControls } from './PolicyStatusControls';
import { HistoryButton } from '../audit/HistoryDisclosure';
import { StatementButton } from '../arrears/StatementDialog';
import { DebitOrderButton } from '../collections/MandateDialog';
import { ScheduleButton } from '../papers/PaperButton';
import { STATUS_LABELS, STATUS_TONES } from './policyStatus';
import * as styles from './policies.css';

export const POLICY_COLUMNS = [
  'Policy Number',
  'Member',
  'ID Number',
  'Policy Type',
  'Status',
  'Premium',
  'Coverage',
  'Start Date',
  'Actions',
] as const;

export type PolicyFilter = { search: string | null; status: PolicyStatus | null };

export function policiesVariables(filter: PolicyFilter, after: string | null) {
  return { search: filter.search, status: filter.status, first: POLICIES_PAGE_SIZE, after };
}

function PolicyTableRow({ policy }: { policy: PolicyRow }) {
  const [label, tone] = [STATUS_LABELS[policy.status], STATUS_TONES[policy.status]];
  return (
    <tr>
      <Cell label="Policy Number" lead className={styles.nowrap}>
        <span className={styles.strong}>{policy.policyNumber}</span>
      </Cell>
      <Cell label="Member">
        <span>
          <MemberLink memberId={policy.memberId}>{policy.memberName}</MemberLink>
          {policy.memberPhone && <span className={styles.secondary}>{policy.memberPhone}</span>}
        </span>
      </Cell>
      <Cell label="ID Number" className={styles.number}>
        {policy.memberSaId ?? '—'}
      </Cell>
      <Cell label="Policy Type">
        {policy.schemeName ? (
          // Two lines that wrap (a badge would not), so a long scheme name does not widen the table.
          <span>
            <span>{policy.schemeName}</span>
            <span className={styles.secondary}>Group scheme</span>
          </span>
        ) : (
          policy.policyTypeName
        )}
      </Cell>
      <Cell label="Status">
        <span>
          <Badge tone={tone}>{label}</Badge>
        </span>
      </Cell>
      <Cell label="Premium" className={styles.number}>
        {formatRand(policy.monthlyPremium)}
      </Cell>
      <Cell label="Coverage" className={styles.number}>
        {formatRand(policy.coverageAmount)}
      </Cell>
      <Cell label="Start Date" className={styles.number}>
        <span>
          <span>{formatDate(policy.startDate)}</span>
          {!policy.schemeId && <span className={styles.secondary}>Debit day {policy.debitDay}</span>}
        </span>
      </Cell>
      <Cell label="Actions">
        <span className={styles.rowActions}>
          {/* A group scheme's policy is the scheme's: its status, premiums and papers go with the scheme. */}
          {!policy.schemeId && (
            <>
              <PolicyStatusControls policy={policy} />
              <StatementButton policyId={policy.id} policyNumber={policy.policyNumber} compact />
              <DebitOrderButton policyId={policy.id} policyNumber={policy.policyNumber} debitDay={policy.debitDay} compact />
              <ScheduleButton policyId={policy.id} policyNumber={policy.policyNumber} compact />
            </>
          )}
          <HistoryButton entity="policy" id={policy.id} name={`policy ${policy.policyNumber}`} />
        </span>
      </Cell>
    </tr>
  );
}

/** One page of rows: its own query, so a status change refreshes every page already shown. */
function PolicyRowsPage({ filter, after }: { filter: PolicyFilter; after: string | null }) {
  const [result] = useQuery({ query: PoliciesQuery, variables: policiesVariables(filter, after), context: POLICIES_CONTEXT });
  return result.data?.policies.nodes.map((policy) => <PolicyTableRow key={policy.id} policy={policy} />) ?? null;
}

export function PoliciesTable({ filter, totalCount }: { filter: PolicyFilter; totalCount: number }) {
  const { cursors, lastCursor, loadMore } = useCursorPages(JSON.stringify(filter));
  // The same operation as the last page's rows, so urql answers both with one request.
  const [last] = useQuery({ query: PoliciesQuery, variables: policiesVariables(filter, lastCursor), context: POLICIES_CONTEXT });
  const pageInfo = last.data?.policies.pageInfo;
  const shown = Math.min(totalCount, cursors.length * POLICIES_PAGE_SIZE);
  return (
    <>
      <DataTable caption="Policies" columns={POLICY_COLUMNS}>
        {cursors.map((after) => (
          <PolicyRowsPage key={after ?? 'first'} filter={filter} after={after} />
        ))}
      </DataTable>
      <p className={styles.summary} aria-live="polite">
        Showing {pageInfo?.hasNextPage ? shown : totalCount} of {totalCount} {totalCount === 1 ? 'policy' : 'policies'}
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

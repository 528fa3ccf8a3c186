import { useQuery } from 'urql';
import { formatDate, formatRand } from '../../app/format';
import { useCursorPages } from '../../app/pagination';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, DataTable } from '../../ui/DataTable';
import { MemberLink } from '../members/MemberLink';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES, claimFlagNotices } from './claimStatus';
import { CLAIMS_CONTEXT, CLAIMS_PAGE_SIZE, ClaimsQuery, type ClaimRow, type ClaimStatus } from './claims.operations';
import { ClaimStatusActions } from './ClaimStatusActions';
import { clockBadge } from './decisionClock';
import * as styles from './claims.css';

export const CLAIM_COLUMNS = ['Claim Number', 'Policy Number', 'Member', 'Claimant', 'Status', 'Amount', 'Submitted', 'Actions'] as const;

export type ClaimFilter = { search: string | null; status: ClaimStatus | null };

export function claimsVariables(filter: ClaimFilter, after: string | null) {
  return { search: filter.search, status: filter.status, first: CLAIMS_PAGE_SIZE, after };
}

type RowProps = { claim: ClaimRow; onOpen: (claim: ClaimRow) => void };

function ClaimTableRow({ claim, onOpen }: RowProps) {
  const flags = claimFlagNotices(claim.flags, claim.claimAmount);
  const clock = clockBadge(claim.decisionClock);
  return (
    <tr>
      <Cell label="Claim Number" lead className={styles.nowrap}>
        <Button variant="link" className={styles.claimLink} aria-label={`View claim ${claim.claimNumber}`} onPress={() => onOpen(claim)}>
          {claim.claimNumber}
        </Button>
      </Cell>
      <Cell label="Policy Number" className={styles.nowrap}>
        {claim.policyNumber}
      </Cell>
      <Cell label="Member">
        <MemberLink memberId={claim.memberId}>{claim.memberName}</MemberLink>
      </Cell>
      <Cell label="Claimant">
        <span>
          {claim.claimantName}
          <span className={styles.secondary}>Deceased: {claim.deceasedName}</span>
        </span>
      </Cell>
      <Cell label="Status">
        <span className={styles.badges}>
          <Badge tone={CLAIM_STATUS_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
          {flags.map((flag) => (
            <Badge key={flag.id} tone={flag.tone}>
              {flag.label}
            </Badge>
          ))}
          {clock && <Badge tone={clock.tone}>{clock.label}</Badge>}
        </span>
      </Cell>
      <Cell label="Amount" className={styles.number}>
        {formatRand(claim.claimAmount)}
      </Cell>
      <Cell label="Submitted" className={styles.number}>
        {formatDate(claim.submittedDate)}
      </Cell>
      <Cell label="Actions">
        <ClaimStatusActions claim={claim} />
      </Cell>
    </tr>
  );
}

/** One page of rows, its own query: a status change refetches every page already shown. */
function ClaimRowsPage({ filter, after, onOpen }: { filter: ClaimFilter; after: string | null; onOpen: RowProps['onOpen'] }) {
  const [result] = useQuery({ query: ClaimsQuery, variables: claimsVariables(filter, after), context: CLAIMS_CONTEXT });
  return result.data?.claims.nodes.map((claim) => <ClaimTableRow key={claim.id} claim={claim} onOpen={onOpen} />) ?? null;
}

export type ClaimsTableProps = { filter: ClaimFilter; totalCount: number; onOpen: RowProps['onOpen'] };

export function ClaimsTable({ filter, totalCount, onOpen }: ClaimsTableProps) {
  const { cursors, lastCursor, loadMore } = useCursorPages(JSON.stringify(filter));
  // The same operation as the last page's rows, so urql answers both with one request.
  const [last] = useQuery({ query: ClaimsQuery, variables: claimsVariables(filter, lastCursor), context: CLAIMS_CONTEXT });
  const pageInfo = last.data?.claims.pageInfo;
  const shown = Math.min(totalCount, cursors.length * CLAIMS_PAGE_SIZE);
  return (
    <>
      <DataTable caption="Claims" columns={CLAIM_COLUMNS}>
        {cursors.map((after) => (
          <ClaimRowsPage key={after ?? 'first'} filter={filter} after={after} onOpen={onOpen} />
        ))}
      </DataTable>
      <p className={styles.summary} aria-live="polite">
        Showing {pageInfo?.hasNextPage ? shown : totalCount} of {totalCount} {totalCount === 1 ? 'claim' : 'claims'}
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

import { useQuery } from 'urql';
import { useCursorPages } from '../../app/pagination';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Cell, cellActions, DataTable } from '../../ui/DataTable';
import { Link } from '../../ui/Link';
import { MEMBERS_CONTEXT, MEMBERS_PAGE_SIZE, MembersQuery, type MemberRow } from './members.operations';
import { identifierText, memberTag, policyNumberText, statusTone } from './memberRow';
import { HistoryButton } from '../audit/HistoryDisclosure';
import * as styles from './members.css';

export const MEMBER_COLUMNS = ['Policy Number', 'Main Member', 'ID Number', 'Phone', 'Status', 'Actions'] as const;

export type MemberActions = {
  /** Absent for roles that may not (the server's permission decides which buttons show). */
  onEdit?: ((member: MemberRow) => void) | undefined;
  onDelete?: ((member: MemberRow) => void) | undefined;
  /** A new policy for a main member with none in force (issue #20); absent for roles that may not. */
  onIssuePolicy?: ((member: MemberRow) => void) | undefined;
};

export function membersVariables(search: string | null, after: string | null) {
  return { search, first: MEMBERS_PAGE_SIZE, after };
}

function MemberTableRow({ member, ...actions }: { member: MemberRow } & MemberActions) {
  const name = `${member.firstName} ${member.lastName}`;
  // A group scheme's member is edited, removed and covered through the scheme: its actions do not apply.
  const { onEdit, onDelete, onIssuePolicy } = member.schemeId ? {} : actions;
  return (
    <tr>
      <Cell label="Policy Number" className={styles.mono}>
        {policyNumberText(member)}
      </Cell>
      <Cell label="Main Member" lead>
        <span className={styles.nameCell}>
          <span className={styles.name}>
            <Link href={`/members/${member.id}`}>{name}</Link>
          </span>
          <Badge tone={member.isMainMember ? 'primary' : 'neutral'}>{memberTag(member)}</Badge>
          {!member.isMainMember && member.mainMemberName && <span className={styles.secondary}>Family of {member.mainMemberName}</span>}
          {member.schemeName && <Badge tone="neutral">Scheme: {member.schemeName}</Badge>}
        </span>
      </Cell>
      <Cell label="ID Number" className={styles.mono}>
        {identifierText(member)}
      </Cell>
      <Cell label="Phone" className={styles.mono}>
        {member.phone || '—'}
      </Cell>
      <Cell label="Status">
        <span>
          <Badge tone={statusTone(member.status)}>{member.status}</Badge>
        </span>
      </Cell>
      <Cell label="Actions">
        <span className={cellActions}>
          {member.isMainMember && onEdit && (
            <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onPress={() => onEdit(member)}>
              Edit
            </Button>
          )}
          {member.isMainMember && member.policyStatus !== 'active' && onIssuePolicy && (
            <Button variant="secondary" size="sm" aria-label={`New policy for ${name}`} onPress={() => onIssuePolicy(member)}>
              New Policy
            </Button>
          )}
          {onDelete && (
            <Button variant="secondary" size="sm" aria-label={`Delete ${name}`} onPress={() => onDelete(member)}>
              Delete
            </Button>
          )}
          <HistoryButton entity="member" id={member.id} name={name} />
        </span>
      </Cell>
    </tr>
  );
}

/** One page of rows, its own query: a change refetches every page already shown. */
function MemberRowsPage({ search, after, ...actions }: { search: string | null; after: string | null } & MemberActions) {
  const [result] = useQuery({ query: MembersQuery, variables: membersVariables(search, after), context: MEMBERS_CONTEXT });
  return result.data?.members.nodes.map((member) => <MemberTableRow key={member.id} member={member} {...actions} />) ?? null;
}

export function MembersTable({ search, totalCount, ...actions }: { search: string | null; totalCount: number } & MemberActions) {
  const { cursors, lastCursor, loadMore } = useCursorPages(search ?? '');
  // The same operation as the last page's rows, so urql answers both with one request.
  const [last] = useQuery({ query: MembersQuery, variables: membersVariables(search, lastCursor), context: MEMBERS_CONTEXT });
  const pageInfo = last.data?.members.pageInfo;
  const shown = pageInfo?.hasNextPage ? cursors.length * MEMBERS_PAGE_SIZE : totalCount;
  return (
    <>
      <DataTable caption="Members" columns={MEMBER_COLUMNS}>
        {cursors.map((after) => (
          <MemberRowsPage key={after ?? 'first'} search={search} after={after} {...actions} />
        ))}
      </DataTable>
      <p className={styles.summary} aria-live="polite">
        Showing {Math.min(shown, totalCount)} of {totalCount} {totalCount === 1 ? 'member' : 'members'}
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

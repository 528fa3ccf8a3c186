import { useQuery } from 'urql';
import { formatDateTime } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Link } from '../../ui/Link';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { businessTime } from '../claims/decisionClock';
import { MemberLink } from '../members/MemberLink';
import { CLAIM_DEADLINES_CONTEXT, ClaimDeadlinesQuery } from './dashboard.operations';
import * as styles from './dashboard.css';

/**
 * The dashboard's decision clock (issue #23, Policyholder Protection Rule 2A.8): undecided claims whose
 * documents are verified, by where their 2-business-day deadline stands, and the most urgent of them.
 * For the roles that read claims (the server checks the same permission).
 */
export function ClaimDeadlines() {
  const [result] = useQuery({ query: ClaimDeadlinesQuery, context: CLAIM_DEADLINES_CONTEXT });
  const deadlines = result.data?.claimDeadlines;
  if (!deadlines || deadlines.overdue + deadlines.dueSoon + deadlines.running === 0) return null;
  return (
    <section className={styles.book} aria-labelledby="claim-deadlines">
      <div className={styles.bookHeader}>
        <h2 id="claim-deadlines" className={styles.bookTitle}>
          Claim decisions due
        </h2>
        <Link href="/claims">Open claims</Link>
      </div>
      <StatGrid label="Claims on the decision clock">
        <StatCard
          label="Past the Deadline"
          value={String(deadlines.overdue)}
          detail="Undecided 2 business days after the last document was verified"
          icon="alert"
          tone={deadlines.overdue > 0 ? 'danger' : 'neutral'}
        />
        <StatCard label="Due Within 4 Business Hours" value={String(deadlines.dueSoon)} icon="clock" tone="warning" />
        <StatCard label="On the Clock" value={String(deadlines.running)} icon="clock" tone="neutral" />
      </StatGrid>
      <ul className={styles.urgentList}>
        {deadlines.urgent.map((claim) => (
          <li key={claim.id} className={styles.urgentItem}>
            <span>
              {claim.claimNumber} · <MemberLink memberId={claim.memberId}>{claim.memberName}</MemberLink>
            </span>
            <span>
              {claim.state === 'overdue' ? (
                <Badge tone="danger">Overdue by {businessTime(claim.businessMinutesLeft)}</Badge>
              ) : (
                <Badge tone={claim.state === 'due_soon' ? 'warning' : 'neutral'}>Due {formatDateTime(claim.dueAt)}</Badge>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

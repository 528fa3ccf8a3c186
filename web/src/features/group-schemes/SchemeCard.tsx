import { Badge } from '../../ui/Badge';
import { RouteButtonLink } from '../../ui/ButtonLink';
import type { GroupScheme } from './groupSchemes.operations';
import * as styles from './groupSchemes.css';

export const SCHEME_STATUS_LABELS: Record<GroupScheme['status'], string> = { active: 'Active', inactive: 'Inactive' };

export function SchemeStatusBadge({ status }: { status: GroupScheme['status'] }) {
  return <Badge tone={status === 'active' ? 'success' : 'neutral'}>{SCHEME_STATUS_LABELS[status]}</Badge>;
}

export const membersText = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** One scheme on the list: name, description, status and members, and the way into its details. */
export function SchemeCard({ scheme }: { scheme: GroupScheme }) {
  const headingId = `scheme-${scheme.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardName}>
          {scheme.name}
        </h2>
        <SchemeStatusBadge status={scheme.status} />
      </div>
      <p className={styles.cardDescription}>{scheme.description || 'No description.'}</p>
      <dl className={styles.cardFacts}>
        <dt>Total members</dt>
        <dd>{scheme.totalMembers}</dd>
        <dt>Main / family</dt>
        <dd>
          {scheme.mainMemberCount} / {scheme.familyMemberCount}
        </dd>
        <dt>Policy prefix</dt>
        <dd>{scheme.policyPrefix}</dd>
      </dl>
      <div className={styles.cardActions}>
        <RouteButtonLink href={`/group-schemes/${scheme.id}`} aria-label={`View Details for ${scheme.name}`}>
          View Details
        </RouteButtonLink>
      </div>
    </article>
  );
}

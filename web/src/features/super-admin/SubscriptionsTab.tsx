import { useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatDate, formatRand } from '../../app/format';
import { Badge } from '../../ui/Badge';
import { Cell, DataTable } from '../../ui/DataTable';
import { PageSpinner } from '../../ui/Spinner';
import { memberCountText, memberLimitText } from '../subscription/subscriptionDisplay';
import { PlatformSubscriptionsQuery, SUBSCRIPTIONS_CONTEXT } from './superAdmin.operations';
import * as styles from './superAdmin.css';

const COLUMNS = ['Company', 'Tier', 'Members', 'Monthly Price', 'Status', 'Next Billing'];

/** Subscriptions (spec part 2 §2): one per company, its tier, member usage, price and next billing date. */
export function SubscriptionsTab() {
  const [result] = useQuery({ query: PlatformSubscriptionsQuery, context: SUBSCRIPTIONS_CONTEXT });
  if (result.fetching && !result.data) return <PageSpinner label="Loading subscriptions" />;
  if (result.error && !result.data)
    return (
      <p className={styles.hint} role="alert">
        {errorMessage(result.error)}
      </p>
    );
  const subscriptions = result.data?.platformSubscriptions ?? [];
  if (subscriptions.length === 0) return <p className={styles.hint}>No subscriptions yet.</p>;
  return (
    <DataTable caption="Subscriptions" columns={COLUMNS}>
      {subscriptions.map((s) => (
        <tr key={s.id}>
          <Cell label="Company" lead>
            {s.company}
          </Cell>
          <Cell label="Tier">{s.tier.toUpperCase()}</Cell>
          <Cell label="Members" className={styles.number}>
            {memberCountText(s.currentMemberCount)} / {memberLimitText(s.memberLimit)}
          </Cell>
          <Cell label="Monthly Price" className={styles.number}>
            {formatRand(s.monthlyPrice)}
          </Cell>
          <Cell label="Status">
            <Badge tone={s.isActive ? 'success' : 'neutral'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
          </Cell>
          <Cell label="Next Billing" className={styles.nowrap}>
            {s.nextBillingDate ? formatDate(s.nextBillingDate) : 'N/A'}
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useQuery } from 'urql';
import { Icon } from '../../ui/Icon';
import { Menu } from '../../ui/Menu';
import { WorkItemsQuery } from './dashboard.operations';
import { DashboardSearch } from './DashboardSearch';
import * as styles from './dashboard.css';

/**
 * The bell (issue #25): what waits for the user's role — claims to decide, policies in grace, bank lines
 * to match, debits returned 'deceased' — each opening its page; the badge counts them all.
 */
function WorkBell() {
  const [result] = useQuery({ query: WorkItemsQuery, requestPolicy: 'cache-and-network' });
  const items = result.data?.workItems ?? [];
  const total = items.reduce((sum, item) => sum + item.count, 0);
  return (
    <Menu
      aria-label="Waiting for you"
      placement="bottom end"
      items={
        items.length > 0
          ? items.map((item) => ({ id: item.kind, label: item.label, textValue: item.label, href: item.href }))
          : [{ id: 'none', label: 'Nothing is waiting for you.', textValue: 'Nothing is waiting for you.', isDisabled: true }]
      }
      trigger={
        <Button variant="ghost" size="icon" className={styles.notifications} aria-label={`Notifications (${total})`}>
          <Icon name="bell" />
          {total > 0 && (
            <Badge tone="danger" className={styles.notificationBadge}>
              {total > 99 ? '99+' : total}
            </Badge>
          )}
        </Button>
      }
    />
  );
}

export function DashboardHeader({ companyUser }: { companyUser: boolean }) {
  return (
    <div className={styles.header}>
      {/* A company's records: the platform operator has none to search here. */}
      {companyUser ? <DashboardSearch /> : <span className={styles.search} />}
      <span className={styles.spacer} />
      {companyUser && <WorkBell />}
    </div>
  );
}

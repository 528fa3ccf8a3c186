import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { DashboardSearch } from './DashboardSearch';
import * as styles from './dashboard.css';

// The spec fixes the badge at 3; there is no notifications feed behind it yet.
const NOTIFICATION_COUNT = 3;

export function DashboardHeader({ searches }: { searches: boolean }) {
  return (
    <div className={styles.header}>
      {/* A company's records: the platform operator has none to search here. */}
      {searches ? <DashboardSearch /> : <span className={styles.search} />}
      <span className={styles.spacer} />
      <Button variant="ghost" size="icon" className={styles.notifications} aria-label={`Notifications (${NOTIFICATION_COUNT})`}>
        <Icon name="bell" />
        <Badge tone="danger" className={styles.notificationBadge}>
          {NOTIFICATION_COUNT}
        </Badge>
      </Button>
    </div>
  );
}

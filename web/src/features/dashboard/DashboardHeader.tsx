import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import * as styles from './dashboard.css';

// The spec fixes the badge at 3; there is no notifications feed behind it yet.
const NOTIFICATION_COUNT = 3;

export function DashboardHeader() {
  return (
    <div className={styles.header}>
      <TextField className={styles.search} type="search" label="Search" labelHidden placeholder="Search members, policies..." />
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

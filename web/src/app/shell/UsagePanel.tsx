import { Icon } from '../../ui/Icon';
import { ProgressBar } from '../../ui/ProgressBar';
import { cx } from '../../ui/cx';
import * as styles from './shell.css';
import { usageSummary, usageWarning, type SubscriptionUsage } from './subscription';

/** Tier and member usage; the caller leaves it out for agents (spec §6). */
export function UsagePanel({ subscription }: { subscription: SubscriptionUsage | null | undefined }) {
  const usage = usageSummary(subscription);
  const warning = usageWarning(usage.percent);
  return (
    <div className={styles.usage}>
      <div className={styles.usageRow}>
        <span className={styles.usageTier}>{usage.tierLabel}</span>
        <span className={styles.usageCount}>{usage.percent}%</span>
      </div>
      <ProgressBar label={`Member usage: ${usage.percent}%`} value={usage.percent} />
      <span className={styles.usageCount}>{usage.text}</span>
      {warning && (
        <span className={cx(styles.usageWarning, warning.level === 'reached' && styles.usageReached)} role="status">
          <Icon name="alert" size={16} />
          {warning.text}
        </span>
      )}
    </div>
  );
}

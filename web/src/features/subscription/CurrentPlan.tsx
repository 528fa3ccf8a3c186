import { formatDate } from '../../app/format';
import { usageWarning } from '../../app/shell/subscription';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { Icon } from '../../ui/Icon';
import { ProgressBar } from '../../ui/ProgressBar';
import type { SubscriptionSummary } from './subscription.operations';
import { memberCountText, memberLimitText, planPrice } from './subscriptionDisplay';
import * as styles from './subscription.css';

/** The plan in force, its member usage (rounded percentage, warning from 80%, limit reached at 100%) and billing. */
export function CurrentPlan({ subscription }: { subscription: SubscriptionSummary }) {
  const unlimited = subscription.memberLimit < 0;
  const warning = unlimited ? null : usageWarning(subscription.usagePercent);
  return (
    <Card title="Current Plan" className={styles.current}>
      <div className={styles.currentRow}>
        <span className={styles.planName}>{subscription.planName}</span>
        <span className={styles.price}>
          {planPrice(subscription.monthlyPrice)} {subscription.monthlyPrice !== null && <span className={styles.per}>per month</span>}
        </span>
      </div>
      <div className={styles.usage}>
        <div className={styles.usageRow}>
          <span>
            {memberCountText(subscription.currentMemberCount)} / {memberLimitText(subscription.memberLimit)} members
          </span>
          {!unlimited && <span className={styles.number}>{subscription.usagePercent}% used</span>}
        </div>
        {!unlimited && <ProgressBar label={`Member usage: ${subscription.usagePercent}%`} value={subscription.usagePercent} />}
        {warning && (
          <p className={cx(styles.warning, warning.level === 'reached' && styles.reached)} role="status">
            <Icon name="alert" size={16} />
            {warning.text}
          </p>
        )}
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Member limit</dt>
          <dd className={styles.factValue}>{memberLimitText(subscription.memberLimit)}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Next billing</dt>
          <dd className={styles.factValue}>
            {subscription.nextBillingDate ? formatDate(subscription.nextBillingDate) : 'No billing on the Free Tier'}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.factLabel}>Payment method</dt>
          <dd className={styles.factValue}>{subscription.paymentMethod ?? 'None'}</dd>
        </div>
      </dl>
    </Card>
  );
}

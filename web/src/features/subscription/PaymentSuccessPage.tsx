import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { formatDate } from '../../app/format';
import { Spinner } from '../../ui/Spinner';
import { ResultLayout } from './ResultLayout';
import { PaymentResultQuery } from './subscription.operations';
import { memberLimitText } from './subscriptionDisplay';
import * as styles from './subscription.css';

const POLL_MS = 2000;
const MAX_POLLS = 15;

/**
 * /subscription/payment-success: where the provider returns the browser. Arriving here changes
 * nothing; the plan changes when the provider's notification is verified, which usually happens
 * first. Until this checkout's payment is recorded the page says so and asks again for a while.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const checkoutId = params.get('checkout');
  const [{ data }, refetch] = useQuery({ query: PaymentResultQuery, requestPolicy: 'network-only' });
  const confirmed = !checkoutId || (data?.billingHistory.some((p) => p.id === checkoutId) ?? false);
  const polls = useRef(0);

  useEffect(() => {
    if (!data || confirmed || polls.current >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      refetch({ requestPolicy: 'network-only' });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [data, confirmed, refetch]);

  const subscription = data?.subscription;
  return (
    <ResultLayout
      icon="check"
      tone="success"
      title="Payment Successful!"
      actions={[
        ['Go to Dashboard', '/'],
        ['View Subscription', '/subscription'],
      ]}
    >
      <p className={styles.muted}>Thank you: your payment has been received.</p>
      {!confirmed && (
        <p className={styles.muted} role="status">
          <Spinner size={16} label="Waiting for confirmation" /> Waiting for the payment provider to confirm the payment; your plan changes
          as soon as it does.
        </p>
      )}
      {subscription && (
        <dl className={styles.resultFacts} aria-label="Your subscription">
          <dt className={styles.factLabel}>Current plan</dt>
          <dd className={styles.factValue}>{subscription.planName}</dd>
          <dt className={styles.factLabel}>Member limit</dt>
          <dd className={styles.factValue}>{memberLimitText(subscription.memberLimit)} members</dd>
          <dt className={styles.factLabel}>Next billing</dt>
          <dd className={styles.factValue}>{subscription.nextBillingDate ? formatDate(subscription.nextBillingDate) : '—'}</dd>
        </dl>
      )}
    </ResultLayout>
  );
}

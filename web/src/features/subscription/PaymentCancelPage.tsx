import { ResultLayout } from './ResultLayout';
import * as styles from './subscription.css';

/** /subscription/payment-cancel: the payer left the provider's page; nothing was charged. */
export function PaymentCancelPage() {
  return (
    <ResultLayout
      icon="close"
      tone="muted"
      title="Payment Cancelled"
      actions={[
        ['Back to Subscription', '/subscription'],
        ['Go to Dashboard', '/'],
      ]}
    >
      <p className={styles.muted}>
        Your payment was cancelled and no charges were made. Your plan has not changed; you can upgrade at any time.
      </p>
    </ResultLayout>
  );
}

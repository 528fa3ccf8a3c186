import { ResultLayout } from './ResultLayout';
import * as styles from './subscription.css';

export const POSSIBLE_CAUSES = [
  'Insufficient funds on the card',
  'Incorrect card details or an expired card',
  'The bank declined the transaction or 3D Secure was not completed',
  'The connection was interrupted during the payment',
] as const;

/** /subscription/payment-failure: the payment did not go through; the plan is unchanged. */
export function PaymentFailurePage() {
  return (
    <ResultLayout
      icon="alert"
      tone="danger"
      title="Payment Failed"
      actions={[
        ['Try Again', '/subscription'],
        ['Go to Dashboard', '/'],
      ]}
    >
      <p className={styles.muted}>We could not process your payment and your plan has not changed. Possible causes:</p>
      <ul className={styles.causes}>
        {POSSIBLE_CAUSES.map((cause) => (
          <li key={cause}>{cause}</li>
        ))}
      </ul>
    </ResultLayout>
  );
}

import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PaymentFailurePage() {
  return (
    <PagePlaceholder
      title="Payment Failed"
      summary="The page you return to when a plan payment fails, with the likely causes and a way to try again."
    />
  );
}

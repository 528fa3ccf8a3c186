import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PaymentCancelPage() {
  return (
    <PagePlaceholder
      title="Payment Cancelled"
      summary="The page you return to when you cancel a plan payment; no charges are made."
    />
  );
}

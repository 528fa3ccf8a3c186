import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PaymentSuccessPage() {
  return (
    <PagePlaceholder
      title="Payment Successful!"
      summary="The confirmation after a successful plan payment: your plan, member limit and next billing date."
    />
  );
}

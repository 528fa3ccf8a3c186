import { PagePlaceholder } from '../../app/PagePlaceholder';

export function PaymentsPage() {
  return (
    <PagePlaceholder
      title="Payment Management"
      summary="Premium payments recorded per policy or in bulk per group scheme, with each payment's status."
    />
  );
}

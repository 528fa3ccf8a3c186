import { PagePlaceholder } from '../../app/PagePlaceholder';

export function SubscriptionPage() {
  return (
    <PagePlaceholder
      title="Subscription"
      summary="Your current plan and member usage, the plans you can move to, and your billing history."
    />
  );
}

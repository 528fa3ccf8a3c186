import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage, serverMessageOr } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { PageSpinner } from '../../ui/Spinner';
import { BillingHistory } from './BillingHistory';
import { CurrentPlan } from './CurrentPlan';
import { PlanCard } from './PlanCard';
import { CreateCheckoutMutation, SubscriptionPageQuery, type SubscriptionPlan } from './subscription.operations';
import { planAction } from './subscriptionDisplay';
import * as styles from './subscription.css';

/** Sends the browser to the provider's payment page (a full navigation: it leaves the app). */
export const goTo = { location: (url: string) => window.location.assign(url) };

/** /subscription: the plan in force and its usage, the plans, and the billing history (spec part 2 §2). */
export function SubscriptionPage() {
  const { toast } = useToast();
  const [{ data, error, fetching }] = useQuery({ query: SubscriptionPageQuery });
  const [{ fetching: redirecting }, createCheckout] = useMutation(CreateCheckoutMutation);
  const [pending, setPending] = useState<string | null>(null);

  const checkout = async (plan: SubscriptionPlan) => {
    setPending(plan.tier);
    const result = await createCheckout({ tier: plan.tier });
    const url = result.data?.createSubscriptionCheckout.redirectUrl;
    if (result.error || !url) {
      setPending(null);
      toast({
        title: 'Checkout failed',
        description: result.error
          ? serverMessageOr(result.error, 'Failed to create payment checkout')
          : 'Failed to create payment checkout',
        variant: 'destructive',
      });
      return;
    }
    goTo.location(url);
  };

  const subscription = data?.subscription;
  const canManage = data?.me?.permissions.includes('subscription:manage') ?? false;
  return (
    <div className={styles.page}>
      <PageHeader title="Subscription" description="Your plan and member usage, the plans you can move to, and your billing history." />
      {fetching && !data && <PageSpinner label="Loading your subscription" />}
      {error && !data && (
        <Card as="div" title="The subscription could not be loaded">
          <p className={styles.muted}>{errorMessage(error)}</p>
        </Card>
      )}
      {data && !subscription && (
        <Card as="div" title="No subscription">
          <p className={styles.muted}>
            Platform accounts have no subscription of their own; companies' plans are managed from the Super Admin dashboard.
          </p>
        </Card>
      )}
      {subscription && data && (
        <>
          <CurrentPlan subscription={subscription} />
          <section aria-labelledby="plans-heading" className={styles.page}>
            <h2 id="plans-heading">Plans</h2>
            <div className={styles.plans}>
              {data.subscriptionPlans.map((plan) => (
                <PlanCard
                  key={plan.tier}
                  plan={plan}
                  action={planAction(plan, data.subscriptionPlans, subscription.tier, canManage)}
                  onCheckout={() => void checkout(plan)}
                  isBusy={redirecting || pending === plan.tier}
                />
              ))}
            </div>
          </section>
          <BillingHistory entries={data.billingHistory} />
        </>
      )}
    </div>
  );
}

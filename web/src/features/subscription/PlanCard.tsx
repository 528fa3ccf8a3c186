import { useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { Dialog, Modal } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import type { SubscriptionPlan } from './subscription.operations';
import { planPrice, type PlanAction } from './subscriptionDisplay';
import * as styles from './subscription.css';

export type PlanCardProps = { plan: SubscriptionPlan; action: PlanAction; onCheckout: () => void; isBusy: boolean };

export function PlanCard({ plan, action, onCheckout, isBusy }: PlanCardProps) {
  return (
    <Card as="article" headingLevel={3} className={cx(styles.plan, plan.badge !== null && styles.popular)}>
      <div className={styles.planHeader}>
        <h3 className={styles.planTitle}>{plan.name}</h3>
        {plan.badge && <Badge tone="success">{plan.badge}</Badge>}
      </div>
      <p className={styles.price}>
        {planPrice(plan.monthlyPrice)} {plan.monthlyPrice !== null && <span className={styles.per}>per month</span>}
      </p>
      <p className={styles.muted}>{plan.description}</p>
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <Icon name="check" size={16} className={styles.featureIcon} />
            {feature}
          </li>
        ))}
      </ul>
      <PlanButton plan={plan} action={action} onCheckout={onCheckout} isBusy={isBusy} />
    </Card>
  );
}

function PlanButton({ plan, action, onCheckout, isBusy }: PlanCardProps) {
  switch (action.kind) {
    case 'current':
      return (
        <Button variant="secondary" isDisabled fullWidth>
          Current Plan
        </Button>
      );
    case 'checkout':
      return (
        <Button fullWidth onPress={onCheckout} isDisabled={isBusy}>
          {isBusy ? 'Redirecting to payment...' : action.label}
        </Button>
      );
    case 'contact':
      return <ContactSales plan={plan} email={action.email} />;
    case 'free':
      return <p className={styles.muted}>The free plan cannot be chosen.</p>;
    case 'lower':
      return <p className={styles.muted}>Moving to a smaller plan is arranged with our sales team.</p>;
    case 'administratorOnly':
      return <p className={styles.muted}>Only an administrator can change the plan.</p>;
  }
}

function ContactSales({ plan, email }: { plan: SubscriptionPlan; email: string | null }) {
  const [open, setOpen] = useState(false);
  if (email) {
    const subject = encodeURIComponent(`${plan.name} plan enquiry`);
    return (
      <ButtonLink href={`mailto:${email}?subject=${subject}`} variant="secondary" size="md">
        Contact Sales
      </ButtonLink>
    );
  }
  return (
    <>
      <Button variant="secondary" fullWidth onPress={() => setOpen(true)}>
        Contact Sales
      </Button>
      <Modal isOpen={open} onOpenChange={setOpen}>
        <Dialog title="Contact Sales">
          <p>
            The {plan.name} plan is priced for your company and is not bought online. Ask your platform operator's sales team for a quote:
            tell them how many members you expect to cover.
          </p>
        </Dialog>
      </Modal>
    </>
  );
}

import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../../app/errors';
import { formatRand } from '../../app/format';
import { useToast } from '../../app/toast';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { PageSpinner } from '../../ui/Spinner';
import { memberLimitText } from '../subscription/subscriptionDisplay';
import { PlanDialog } from './PlanDialog';
import { DeletePlanMutation, PLAN_CHANGE_CONTEXT, PLANS_CONTEXT, PlansQuery, type Plan } from './superAdmin.operations';
import * as styles from './superAdmin.css';

type Editing = { open: false } | { open: true; plan: Plan | null };

/** Subscription Plans (spec part 2 §2): a card per plan with edit and delete, and Create Plan. */
export function PlansTab() {
  const { toast } = useToast();
  const [result] = useQuery({ query: PlansQuery, context: PLANS_CONTEXT });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [removal, remove] = useMutation(DeletePlanMutation);

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = await remove({ id: deleting.id }, PLAN_CHANGE_CONTEXT);
    setDeleting(null);
    if (answer.error) {
      toast({ title: 'Error', description: errorMessage(answer.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Subscription plan deleted successfully' });
  };

  const plans = result.data?.plans ?? [];
  return (
    <div className={styles.tab}>
      <div className={styles.tabHeader}>
        <p className={styles.hint}>Each plan sells one tier: its price and member limit are what a company buys at checkout.</p>
        <Button onPress={() => setEditing({ open: true, plan: null })}>
          <Icon name="plus" size={18} />
          Create Plan
        </Button>
      </div>
      {result.fetching && !result.data ? (
        <PageSpinner label="Loading plans" />
      ) : result.error && !result.data ? (
        <p className={styles.hint} role="alert">
          {errorMessage(result.error)}
        </p>
      ) : plans.length === 0 ? (
        <p className={styles.hint}>No subscription plans yet.</p>
      ) : (
        <ul className={styles.plans} aria-label="Subscription plans">
          {plans.map((plan) => (
            <li key={plan.id} aria-label={plan.name}>
              <PlanCard plan={plan} onEdit={() => setEditing({ open: true, plan })} onDelete={() => setDeleting(plan)} />
            </li>
          ))}
        </ul>
      )}
      {editing.open && <PlanDialog key={editing.plan?.id ?? 'new'} plan={editing.plan} onClose={() => setEditing({ open: false })} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Plan"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={removal.fetching}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        Are you sure you want to delete this plan?
      </ConfirmDialog>
    </div>
  );
}

function PlanCard({ plan, onEdit, onDelete }: { plan: Plan; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card as="article" className={styles.plan}>
      <div className={styles.planHead}>
        <h3 className={styles.planName}>{plan.name}</h3>
        <Badge tone={plan.isActive ? 'success' : 'neutral'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <p className={styles.price}>
        {formatRand(plan.monthlyPrice)} <span className={styles.per}>per month</span>
      </p>
      <dl className={styles.facts}>
        <dt className={styles.factLabel}>Tier</dt>
        <dd>{plan.tier}</dd>
        <dt className={styles.factLabel}>Member limit</dt>
        <dd>{memberLimitText(plan.memberLimit)}</dd>
      </dl>
      {plan.description && <p className={styles.hint}>{plan.description}</p>}
      {plan.features.length > 0 && (
        <ul className={styles.features}>
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <div className={styles.planActions}>
        <Button size="sm" variant="secondary" onPress={onEdit} aria-label={`Edit ${plan.name}`}>
          <Icon name="edit" size={16} />
          Edit
        </Button>
        <Button size="sm" variant="danger" onPress={onDelete} aria-label={`Delete ${plan.name}`}>
          <Icon name="trash" size={16} />
          Delete
        </Button>
      </div>
    </Card>
  );
}

import { PLAN_DEFAULTS, planSchema, type PlanInput } from '@fpa/write-model/validation';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { focusFirstInvalid, useSchemaForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog, Modal } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { CreatePlanMutation, PLAN_CHANGE_CONTEXT, UpdatePlanMutation, type Plan } from './superAdmin.operations';
import * as styles from './superAdmin.css';

/** Plans are data: a plan for a tier that is not built in makes that tier (sold online at its price). */
export const TIER_HINT = 'free, starter and enterprise are built in; another name (e.g. Basic) makes a new tier sold online.';

type PlanFormValues = { name: string; tier: string; memberLimit: string; monthlyPrice: string; description: string; sortOrder: string };

export const EMPTY_PLAN: PlanFormValues = {
  name: '',
  tier: '',
  memberLimit: String(PLAN_DEFAULTS.memberLimit),
  monthlyPrice: PLAN_DEFAULTS.monthlyPrice,
  description: '',
  sortOrder: String(PLAN_DEFAULTS.sortOrder),
};

function valuesOf(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    tier: plan.tier,
    memberLimit: String(plan.memberLimit),
    monthlyPrice: plan.monthlyPrice,
    description: plan.description ?? '',
    sortOrder: String(plan.sortOrder),
  };
}

/**
 * Create New Plan / Edit Plan (spec part 2 §2, §5 Plan). The form has the spec's fields; a plan's
 * features are kept as they are when it is edited.
 */
export function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { toast } = useToast();
  const [initial] = useState(plan ? valuesOf(plan) : EMPTY_PLAN);
  const [isActive, setIsActive] = useState(plan?.isActive ?? PLAN_DEFAULTS.isActive);
  const features = plan?.features ?? [];
  const schema = { safeParse: (values: unknown) => planSchema.safeParse({ ...(values as object), features, isActive }) };
  const form = useSchemaForm(schema, initial);
  const formRef = useRef<HTMLFormElement>(null);
  const [created, create] = useMutation(CreatePlanMutation);
  const [updated, update] = useMutation(UpdatePlanMutation);
  const busy = created.fetching || updated.fetching;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input: PlanInput | null = form.validate();
    if (!input) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const result = plan ? await update({ id: plan.id, input }, PLAN_CHANGE_CONTEXT) : await create({ input }, PLAN_CHANGE_CONTEXT);
    if (result.error) {
      const issues = errorFieldIssues(result.error);
      if (Object.keys(issues).length > 0) form.setErrors(issues);
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: plan ? 'Subscription plan updated successfully' : 'Subscription plan created successfully' });
    form.reset();
    onClose();
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && !busy && onClose()} isDismissable={!busy} size="wide">
      <Dialog title={plan ? 'Edit Plan' : 'Create New Plan'}>
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-label={plan ? 'Edit plan' : 'Create new plan'}
        >
          <div className={styles.fields}>
            <TextField label="Plan Name" isRequired autoFocus autoComplete="off" {...form.field('name')} />
            <TextField label="Tier" isRequired autoComplete="off" description={TIER_HINT} {...form.field('tier')} />
            <TextField label="Member Limit" isRequired inputMode="numeric" placeholder="-1 for unlimited" {...form.field('memberLimit')} />
            <TextField label="Monthly Price (R)" isRequired inputMode="decimal" {...form.field('monthlyPrice')} />
            <TextField label="Description" multiline rows={2} className={styles.wide} {...form.field('description')} />
            <TextField label="Sort Order" inputMode="numeric" {...form.field('sortOrder')} />
            <Checkbox isSelected={isActive} onChange={setIsActive}>
              Active
            </Checkbox>
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onPress={onClose} isDisabled={busy}>
              Cancel
            </Button>
            <Button type="submit" isDisabled={busy}>
              {plan ? 'Update Plan' : 'Create Plan'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}

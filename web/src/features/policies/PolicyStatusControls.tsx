import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select } from '../../ui/Select';
import { ChangePolicyStatusMutation, type PolicyRow, type PolicyStatus } from './policies.operations';
import { STATUS_LABELS, statusControls } from './policyStatus';
import * as styles from './policies.css';

const SWITCH_OPTIONS = (['active', 'lapsed'] as const).map((id) => ({ id, label: STATUS_LABELS[id] }));

/** The row's admin actions (spec §4): switch active ⇄ lapsed, cancel an active policy, reinstate a cancelled one. */
export function PolicyStatusControls({ policy }: { policy: PolicyRow }) {
  const { toast } = useToast();
  const [{ fetching }, changeStatus] = useMutation(ChangePolicyStatusMutation);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const controls = statusControls(policy.status);

  const change = async (status: PolicyStatus) => {
    if (status === policy.status) return;
    const result = await changeStatus({ id: policy.id, status });
    setConfirmCancel(false);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Policy status updated successfully' });
  };

  return (
    <div className={styles.controls}>
      {controls.switchable && (
        <Select
          className={styles.statusSelect}
          label={`Status of policy ${policy.policyNumber}`}
          labelHidden
          options={SWITCH_OPTIONS}
          value={policy.status}
          isDisabled={fetching}
          onChange={(value) => value && void change(value as PolicyStatus)}
        />
      )}
      {controls.cancellable && (
        <Button
          variant="secondary"
          size="sm"
          isDisabled={fetching}
          aria-label={`Cancel policy ${policy.policyNumber}`}
          onPress={() => setConfirmCancel(true)}
        >
          Cancel
        </Button>
      )}
      {controls.reinstatable && (
        <Button
          variant="secondary"
          size="sm"
          isDisabled={fetching}
          aria-label={`Reinstate policy ${policy.policyNumber}`}
          onPress={() => void change('active')}
        >
          {fetching ? 'Reinstating...' : 'Reinstate'}
        </Button>
      )}
      <ConfirmDialog
        isOpen={confirmCancel}
        title="Cancel this policy?"
        confirmLabel="Cancel Policy"
        pendingLabel="Cancelling..."
        cancelLabel="Keep Policy"
        isPending={fetching}
        onConfirm={() => void change('cancelled')}
        onCancel={() => setConfirmCancel(false)}
      >
        <p>
          Policy {policy.policyNumber} for {policy.memberName} will be cancelled. A cancelled policy cannot be lapsed; it can only be
          reinstated to active.
        </p>
      </ConfirmDialog>
    </div>
  );
}

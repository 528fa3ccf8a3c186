import { useState } from 'react';
import { useMutation } from 'urql';
import { missingReason } from '@fpa/write-model/validation';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { ChangePolicyStatusMutation, type PolicyRow, type PolicyStatus } from './policies.operations';
import { STATUS_LABELS, statusControls } from './policyStatus';
import * as styles from './policies.css';
import { useCan } from '../../app/permissions';

const SWITCH_OPTIONS = (['active', 'lapsed'] as const).map((id) => ({ id, label: STATUS_LABELS[id] }));

/** What each confirmed change asks and says (issue #20: a lapse and a reinstatement from lapsed need a reason). */
const CONFIRMATIONS = {
  cancelled: {
    title: 'Cancel this policy?',
    confirmLabel: 'Cancel Policy',
    pendingLabel: 'Cancelling...',
    cancelLabel: 'Keep Policy',
    text: (p: PolicyRow) =>
      `Policy ${p.policyNumber} for ${p.memberName} will be cancelled. A cancelled policy cannot be lapsed; it can only be reinstated to active.`,
  },
  lapsed: {
    title: 'Lapse this policy?',
    confirmLabel: 'Lapse Policy',
    pendingLabel: 'Lapsing...',
    cancelLabel: 'Keep Active',
    text: (p: PolicyRow) =>
      `Policy ${p.policyNumber} for ${p.memberName} lapses today: its cover stops and no premiums fall due until it is reinstated, which its policy type allows for a set number of months.`,
  },
  active: {
    title: 'Reinstate this policy?',
    confirmLabel: 'Reinstate Policy',
    pendingLabel: 'Reinstating...',
    cancelLabel: 'Keep Lapsed',
    text: (p: PolicyRow) =>
      `Policy ${p.policyNumber} for ${p.memberName} comes back into force today on the same terms, with no new waiting period. Premiums still unpaid stay owed.`,
  },
} as const;

/** The row's admin actions (spec §4): switch active ⇄ lapsed, cancel an active policy, reinstate a cancelled one. */
export function PolicyStatusControls({ policy }: { policy: PolicyRow }) {
  const { toast } = useToast();
  const [{ fetching }, changeStatus] = useMutation(ChangePolicyStatusMutation);
  const [confirming, setConfirming] = useState<PolicyStatus | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const controls = statusControls(policy.status);
  // Shown for whoever holds the permission the server checks (issue #25).
  const canChange = useCan('policies:update_status');
  const asksReason = confirming !== null && missingReason(policy.status, confirming, null) !== null;

  const close = () => {
    setConfirming(null);
    setReason('');
    setReasonError(undefined);
  };

  const change = async (status: PolicyStatus, note: string | null = null) => {
    if (status === policy.status) return;
    const missing = missingReason(policy.status, status, note);
    if (missing) return setReasonError(missing);
    const result = await changeStatus(note ? { id: policy.id, status, note } : { id: policy.id, status });
    if (result.error) {
      const fieldError = errorFieldIssues(result.error).note;
      if (fieldError) return setReasonError(fieldError);
      close();
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    close();
    toast({ title: 'Success', description: 'Policy status updated successfully' });
  };

  // A lapse, or a lapsed policy set active, is confirmed with a reason; a cancelled one is reinstated at once.
  const choose = (status: PolicyStatus) => {
    if (status === policy.status) return;
    if (missingReason(policy.status, status, null)) setConfirming(status);
    else void change(status);
  };

  const confirmation = confirming ? CONFIRMATIONS[confirming] : null;
  if (!canChange) return null;
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
          onChange={(value) => value && choose(value as PolicyStatus)}
        />
      )}
      {controls.cancellable && (
        <Button
          variant="secondary"
          size="sm"
          isDisabled={fetching}
          aria-label={`Cancel policy ${policy.policyNumber}`}
          onPress={() => setConfirming('cancelled')}
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
          onPress={() => choose('active')}
        >
          {fetching ? 'Reinstating...' : 'Reinstate'}
        </Button>
      )}
      {confirmation && confirming && (
        <ConfirmDialog
          isOpen
          title={confirmation.title}
          confirmLabel={confirmation.confirmLabel}
          pendingLabel={confirmation.pendingLabel}
          cancelLabel={confirmation.cancelLabel}
          tone={confirming === 'active' ? 'primary' : 'danger'}
          isPending={fetching}
          onConfirm={() => void change(confirming, asksReason ? reason.trim() : null)}
          onCancel={close}
        >
          <p>{confirmation.text(policy)}</p>
          {asksReason && (
            <TextField
              label="Reason"
              isRequired
              multiline
              rows={3}
              value={reason}
              onChange={(value) => {
                setReason(value);
                setReasonError(undefined);
              }}
              errorMessage={reasonError}
              description="Kept with the change in the policy's history."
            />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

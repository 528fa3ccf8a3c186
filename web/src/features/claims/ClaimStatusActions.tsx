import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { Menu } from '../../ui/Menu';
import { TextField } from '../../ui/TextField';
import { CLAIM_STATUS_LABELS, claimActions, NO_ACTIONS, type ClaimAction } from './claimStatus';
import { ChangeClaimStatusMutation, CLAIMS_CONTEXT, type ClaimRow } from './claims.operations';
import * as styles from './claims.css';

/**
 * A row's status actions (spec part 2 §4), exactly the moves `nextStatuses` allows. Choosing one
 * asks for confirmation with an optional note, which the status history keeps.
 */
export function ClaimStatusActions({ claim }: { claim: Pick<ClaimRow, 'id' | 'claimNumber' | 'nextStatuses'> }) {
  const { toast } = useToast();
  const [{ fetching }, changeStatus] = useMutation(ChangeClaimStatusMutation);
  const [chosen, setChosen] = useState<ClaimAction | null>(null);
  const [note, setNote] = useState('');
  const actions = claimActions(claim.nextStatuses);

  if (actions.length === 0) return <span className={styles.muted}>{NO_ACTIONS}</span>;

  const choose = (action: ClaimAction) => {
    setNote('');
    setChosen(action);
  };

  const confirm = async () => {
    if (!chosen) return;
    const result = await changeStatus({ id: claim.id, status: chosen.status, note: note.trim() || null }, CLAIMS_CONTEXT);
    if (result.error) {
      toast({ title: 'Error', description: errorMessage(result.error), variant: 'destructive' });
      return;
    }
    setChosen(null);
    toast({ title: 'Claim updated', description: `Claim ${claim.claimNumber} is now ${CLAIM_STATUS_LABELS[chosen.status]}.` });
  };

  return (
    <>
      <Menu
        aria-label={`Actions for claim ${claim.claimNumber}`}
        placement="bottom end"
        items={actions.map((action) => ({
          id: action.status,
          label: action.label,
          textValue: action.label,
          onAction: () => choose(action),
        }))}
        trigger={
          <Button variant="secondary" size="sm" aria-label={`Update status of claim ${claim.claimNumber}`} isDisabled={fetching}>
            Update Status
            <Icon name="chevronDown" size={16} />
          </Button>
        }
      />
      <ConfirmDialog
        isOpen={chosen !== null}
        title={chosen ? `${chosen.label}: claim ${claim.claimNumber}` : ''}
        confirmLabel={chosen?.label ?? ''}
        pendingLabel="Saving..."
        tone={chosen?.status === 'rejected' ? 'danger' : 'primary'}
        isPending={fetching}
        onConfirm={() => void confirm()}
        onCancel={() => setChosen(null)}
      >
        <p>
          The claim moves to <strong>{chosen ? CLAIM_STATUS_LABELS[chosen.status] : ''}</strong>. The change is recorded in its history with
          your name.
        </p>
        <TextField label="Note (optional)" multiline rows={3} value={note} onChange={setNote} />
      </ConfirmDialog>
    </>
  );
}

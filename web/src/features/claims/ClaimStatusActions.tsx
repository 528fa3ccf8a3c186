import { southAfricanDate } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorFieldIssues, errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Icon } from '../../ui/Icon';
import { Menu } from '../../ui/Menu';
import { checkDecision, decisionErrors, decisionInput, initialDecision, type DecisionField, type DecisionValues } from './claimDecision';
import { ClaimDecisionFields, type DecisionFieldsClaim } from './ClaimDecisionFields';
import { CLAIM_STATUS_LABELS, claimActions, NO_ACTIONS, type ClaimAction } from './claimStatus';
import { ChangeClaimStatusMutation, CLAIMS_CONTEXT, type ChangeClaimStatusVariables, type ClaimRow } from './claims.operations';
import * as styles from './claims.css';

const today = () => southAfricanDate(new Date());

/**
 * A row's status actions (spec part 2 §4), exactly the moves `nextStatuses` allows. Choosing one opens a
 * dialog with what the move asks for (issue #23: the approved amount and override, the rejection's
 * reason, the payout) and an optional note, which the status history keeps. The claim decides; the
 * dialog shows its refusals beside the fields.
 */
export function ClaimStatusActions({ claim }: { claim: Pick<ClaimRow, 'id' | 'claimNumber' | 'nextStatuses'> & DecisionFieldsClaim }) {
  const { toast } = useToast();
  const [{ fetching }, changeStatus] = useMutation(ChangeClaimStatusMutation);
  const [chosen, setChosen] = useState<ClaimAction | null>(null);
  const [values, setValues] = useState<DecisionValues>(() => initialDecision(claim, today()));
  const [errors, setErrors] = useState<Partial<Record<DecisionField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const actions = claimActions(claim.nextStatuses);

  if (actions.length === 0) return <span className={styles.muted}>{NO_ACTIONS}</span>;

  const choose = (action: ClaimAction) => {
    setValues(initialDecision(claim, today()));
    setErrors({});
    setRefusal(null);
    setChosen(action);
  };

  const onChange = (field: DecisionField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const confirm = async () => {
    if (!chosen) return;
    const problems = checkDecision(chosen.status, values, today(), claim);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const input = decisionInput(chosen.status, values) as Omit<ChangeClaimStatusVariables, 'id'>;
    const result = await changeStatus({ id: claim.id, ...input }, CLAIMS_CONTEXT);
    if (result.error) {
      const byField = decisionErrors(errorFieldIssues(result.error));
      setErrors(byField);
      // A refusal about a field is shown beside it; one about the claim (documents not verified) above the
      // fields and in a toast.
      if (Object.keys(byField).length > 0) return setRefusal(null);
      setRefusal(errorMessage(result.error));
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
        {/* The toast announces it; this keeps it in sight while the dialog stays open. */}
        {refusal && <p className={styles.refusal}>{refusal}</p>}
        {chosen && <ClaimDecisionFields status={chosen.status} claim={claim} values={values} errors={errors} onChange={onChange} />}
      </ConfirmDialog>
    </>
  );
}

import { DISPUTE_REASON_MESSAGE, DISPUTE_REASON_MIN_LENGTH } from '@fpa/write-model/validation';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../app/errors';
import { useCan } from '../../app/permissions';
import { useToast } from '../../app/toast';
import { Button } from '../../ui/Button';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { CLAIMS_CONTEXT, DisputeClaimMutation, type ClaimRow } from './claims.operations';

const UNDECIDED: readonly ClaimRow['status'][] = ['submitted', 'under_review', 'sent_to_underwriter'];

/**
 * Mark as Disputed (issue #23): for an undecided claim not yet disputed, with the permission the server
 * checks. The reason is recorded; the decision gets 14 more business days once (the claim decides).
 */
export function DisputeClaim({ claim }: { claim: Pick<ClaimRow, 'id' | 'claimNumber' | 'status' | 'disputeReason'> }) {
  const may = useCan('claims:update_status');
  const { toast } = useToast();
  const [{ fetching }, dispute] = useMutation(DisputeClaimMutation);
  const [open, setOpen] = useState(false);
  if (!may || claim.disputeReason || !UNDECIDED.includes(claim.status)) return null;

  const send = async (reason: string) => {
    const result = await dispute({ id: claim.id, reason }, CLAIMS_CONTEXT);
    if (result.error) return errorMessage(result.error);
    setOpen(false);
    toast({ title: 'Claim updated', description: `Claim ${claim.claimNumber} is marked as disputed.` });
    return undefined;
  };

  return (
    <>
      <Button variant="secondary" size="sm" onPress={() => setOpen(true)}>
        Mark as Disputed
      </Button>
      <ReasonDialog
        isOpen={open}
        title={`Mark as Disputed: claim ${claim.claimNumber}`}
        confirmLabel="Mark as Disputed"
        label="Why is the claim disputed?"
        minLength={DISPUTE_REASON_MIN_LENGTH}
        tooShort={DISPUTE_REASON_MESSAGE}
        isPending={fetching}
        onConfirm={send}
        onCancel={() => setOpen(false)}
      >
        <p>A disputed claim's decision is due 14 business days later than it would be (once, as for the underwriter).</p>
      </ReasonDialog>
    </>
  );
}

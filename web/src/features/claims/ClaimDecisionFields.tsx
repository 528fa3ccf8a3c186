import { formatRand } from '../../app/format';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { OVERRIDE_REASON_MIN_LENGTH, PAYMENT_REFERENCE_MAX_LENGTH } from '@fpa/write-model/validation';
import { capNote, overriddenFlags, REJECTION_REASON_OPTIONS, type DecisionField, type DecisionValues } from './claimDecision';
import type { ClaimRow, ClaimStatus } from './claims.operations';
import * as styles from './claims.css';

export type DecisionFieldsClaim = Pick<ClaimRow, 'claimAmount' | 'approvedAmount' | 'flags' | 'accountHolderName' | 'bankAccountLast4'>;

type Props = {
  status: ClaimStatus;
  claim: DecisionFieldsClaim;
  values: DecisionValues;
  errors: Partial<Record<DecisionField, string>>;
  onChange: (field: DecisionField, value: string) => void;
};

/**
 * What a move asks for (issue #23): Approve the amount and, for a flagged claim, the override's reason;
 * Reject the reason; Mark as Paid the payout and the account it goes to. Every move takes a note.
 */
export function ClaimDecisionFields({ status, claim, values, errors, onChange }: Props) {
  const field = (name: DecisionField) => ({ value: values[name], onChange: (v: string) => onChange(name, v), errorMessage: errors[name] });
  return (
    <div className={styles.decision}>
      {status === 'approved' && <ApproveFields claim={claim} field={field} />}
      {status === 'rejected' && (
        <>
          <Select
            label="Reason for rejecting"
            isRequired
            placeholder="Choose a reason"
            options={REJECTION_REASON_OPTIONS}
            value={values.rejectionReason || null}
            onChange={(v) => onChange('rejectionReason', v ?? '')}
            errorMessage={errors.rejectionReason}
          />
          <TextField
            label={values.rejectionReason === 'other' ? 'Describe the reason' : 'Details (optional)'}
            isRequired={values.rejectionReason === 'other'}
            description="The decision letter states the reason."
            multiline
            rows={2}
            {...field('rejectionDetail')}
          />
        </>
      )}
      {status === 'paid' && (
        <>
          <p className={styles.paidTo}>
            <span className={styles.paidToLabel}>Paid to the claimant's account on the claim</span>
            <span>
              {claim.accountHolderName ?? 'Unknown holder'}
              {claim.bankAccountLast4 ? ` · account ending ${claim.bankAccountLast4}` : ''}
            </span>
          </p>
          <div className={styles.decisionRow}>
            <TextField
              label="Amount paid (R)"
              isRequired
              inputMode="decimal"
              description={`At most the approved ${formatRand(claim.approvedAmount ?? claim.claimAmount)}.`}
              {...field('payoutAmount')}
            />
            <TextField label="Payment date" type="date" isRequired {...field('paidOn')} />
          </div>
          <TextField label="Payment reference" isRequired maxLength={PAYMENT_REFERENCE_MAX_LENGTH} {...field('reference')} />
        </>
      )}
      <TextField label="Note (optional)" multiline rows={2} {...field('note')} />
    </div>
  );
}

function ApproveFields({
  claim,
  field,
}: {
  claim: DecisionFieldsClaim;
  field: (name: DecisionField) => { value: string; onChange: (v: string) => void; errorMessage: string | undefined };
}) {
  const note = capNote(claim);
  const flags = overriddenFlags(claim);
  return (
    <>
      <TextField
        label="Approved amount (R)"
        isRequired
        inputMode="decimal"
        description={`Claimed ${formatRand(claim.claimAmount)}; cover ${formatRand(claim.flags.coverageAmount)}.`}
        {...field('approvedAmount')}
      />
      {note && <p className={styles.capNote}>{note}</p>}
      {flags.length > 0 && (
        <div className={styles.overrideBox}>
          <p className={styles.overrideTitle}>This approval overrides:</p>
          <ul className={styles.overrideList}>
            {flags.map((f) => (
              <li key={f.flag}>{f.label}</li>
            ))}
          </ul>
          <TextField
            label="Reason for the override"
            isRequired
            multiline
            rows={2}
            description={`At least ${OVERRIDE_REASON_MIN_LENGTH} characters; recorded with the approval.`}
            {...field('overrideReason')}
          />
        </div>
      )}
    </>
  );
}

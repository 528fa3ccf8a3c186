import {
  CLAIM_FLAG_LABELS,
  CLAIM_REJECTION_REASON_LABELS,
  CLAIM_REJECTION_REASONS,
  claimDecisionSchemaOn,
  claimFlagsToOverride,
  compareDecimal,
  fieldErrors,
  isDecimalString,
  OVERRIDE_REASON_MIN_LENGTH,
  overrideRequiredMessage,
  type ClaimOverridableFlag,
  type ClaimRejectionReason,
} from '@fpa/write-model/validation';
import { formatRand } from '../../app/format';
import type { ClaimRow, ClaimStatus } from './claims.operations';

/*
 * The decision dialog's form (issue #23): flat values for the fields, the input the shared schema and
 * the mutation take, and the server's issue paths back onto the fields. The rules stay the claim's.
 */

export type DecisionValues = {
  note: string;
  approvedAmount: string;
  overrideReason: string;
  rejectionReason: string;
  rejectionDetail: string;
  payoutAmount: string;
  paidOn: string;
  reference: string;
};
export type DecisionField = keyof DecisionValues;

export type DecisionClaim = Pick<ClaimRow, 'claimAmount' | 'approvedAmount' | 'flags'>;

/** Approve: the claimed amount, capped at the cover; pay: the approved amount, today. */
export function initialDecision(claim: DecisionClaim, today: string): DecisionValues {
  return {
    note: '',
    approvedAmount: cappedAmount(claim) ?? claim.claimAmount,
    overrideReason: '',
    rejectionReason: '',
    rejectionDetail: '',
    payoutAmount: claim.approvedAmount ?? claim.claimAmount,
    paidOn: today,
    reference: '',
  };
}

/** The cover, when the claimed amount is above it (the most an approval may be); null otherwise. */
export function cappedAmount(claim: DecisionClaim): string | null {
  const cover = claim.flags.coverageAmount;
  if (!cover || !isDecimalString(claim.claimAmount) || !isDecimalString(cover)) return null;
  return compareDecimal(claim.claimAmount, cover) > 0 ? cover : null;
}

export function capNote(claim: DecisionClaim): string | null {
  const cap = cappedAmount(claim);
  return cap
    ? `The claimed ${formatRand(claim.claimAmount)} is above the deceased's cover of ${formatRand(cap)}: at most the cover can be approved.`
    : null;
}

/** The checks an approval of this claim sets aside, in words; empty when none. */
export function overriddenFlags(claim: DecisionClaim): { flag: ClaimOverridableFlag; label: string }[] {
  return claimFlagsToOverride(claim.flags).map((flag) => ({ flag, label: CLAIM_FLAG_LABELS[flag] }));
}

export const REJECTION_REASON_OPTIONS = CLAIM_REJECTION_REASONS.map((id) => ({ id, label: CLAIM_REJECTION_REASON_LABELS[id] }));

/** The input of the move to `status` (what that status asks for, nothing else), as the schema and the mutation take it. */
export function decisionInput(status: ClaimStatus, values: DecisionValues) {
  const note = values.note.trim() || null;
  const text = (value: string) => value.trim() || null;
  switch (status) {
    case 'approved':
      return { status, note, approvedAmount: text(values.approvedAmount), overrideReason: text(values.overrideReason) };
    case 'rejected':
      return {
        status,
        note,
        rejectionReason: (text(values.rejectionReason) as ClaimRejectionReason | null) ?? null,
        rejectionDetail: text(values.rejectionDetail),
      };
    case 'paid':
      return {
        status,
        note,
        payout: { amount: text(values.payoutAmount), paidOn: text(values.paidOn), reference: values.reference },
      };
    default:
      return { status, note };
  }
}

const FIELD_OF_PATH: Record<string, DecisionField> = {
  approvedAmount: 'approvedAmount',
  overrideReason: 'overrideReason',
  rejectionReason: 'rejectionReason',
  rejectionDetail: 'rejectionDetail',
  payout: 'reference',
  'payout.amount': 'payoutAmount',
  'payout.paidOn': 'paidOn',
  'payout.reference': 'reference',
  note: 'note',
};

/** Messages keyed by dotted path (the schema's or the server's issues) onto the dialog's fields. */
export function decisionErrors(byPath: Record<string, string>): Partial<Record<DecisionField, string>> {
  const out: Partial<Record<DecisionField, string>> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = FIELD_OF_PATH[path];
    if (field && !(field in out)) out[field] = message;
  }
  return out;
}

/** The shared schema's messages for these values, or none: the form's check before it asks the server. */
export function checkDecision(
  status: ClaimStatus,
  values: DecisionValues,
  today: string,
  claim: DecisionClaim,
): Partial<Record<DecisionField, string>> {
  const result = claimDecisionSchemaOn(today).safeParse(decisionInput(status, values));
  const errors = result.success ? {} : decisionErrors(fieldErrors(result.error));
  // The claim refuses an approval of a flagged claim without the override's reason; say so before asking it.
  const flags = claimFlagsToOverride(claim.flags);
  if (
    status === 'approved' &&
    flags.length > 0 &&
    !errors.overrideReason &&
    values.overrideReason.trim().length < OVERRIDE_REASON_MIN_LENGTH
  ) {
    errors.overrideReason = overrideRequiredMessage(flags);
  }
  return errors;
}

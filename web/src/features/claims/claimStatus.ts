import { CLAIM_STATUSES } from '@fpa/write-model/validation';
import { formatDate, formatRand } from '../../app/format';
import type { BadgeTone } from '../../ui/Badge';
import type { ClaimFlags, ClaimStatus } from './claims.operations';

export { CLAIM_STATUSES };

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under Review',
  sent_to_underwriter: 'Sent to Underwriter',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

export const CLAIM_STATUS_TONES: Record<ClaimStatus, BadgeTone> = {
  submitted: 'primary',
  under_review: 'warning',
  sent_to_underwriter: 'warning',
  approved: 'success',
  rejected: 'dangerSoft',
  paid: 'success',
};

/** The words of the action that moves a claim to each status (spec part 2 §4). */
export const CLAIM_ACTION_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submit',
  under_review: 'Review',
  sent_to_underwriter: 'Send to Underwriter',
  approved: 'Approve',
  rejected: 'Reject',
  paid: 'Mark as Paid',
};

export const NO_ACTIONS = 'No actions available';

export type ClaimAction = { status: ClaimStatus; label: string };

/**
 * The actions a row offers: exactly the moves the server says the lifecycle allows from here
 * (`nextStatuses`), so the page never offers a change the claim would refuse. Empty for the
 * terminal rejected and paid.
 */
export function claimActions(nextStatuses: readonly ClaimStatus[]): ClaimAction[] {
  return nextStatuses.map((status) => ({ status, label: CLAIM_ACTION_LABELS[status] }));
}

export type ClaimFlagNotice = { id: 'waiting' | 'cover' | 'notOnPolicy'; label: string; explanation: string; tone: BadgeTone };

/**
 * What staff should look at before deciding (not refusals): the flags the server computed at
 * submission, as short badges for the row and a sentence each for the details.
 */
export function claimFlagNotices(flags: ClaimFlags, claimAmount: string): ClaimFlagNotice[] {
  const notices: ClaimFlagNotice[] = [];
  if (flags.withinWaitingPeriod)
    notices.push({
      id: 'waiting',
      label: 'In waiting period',
      tone: 'warning',
      explanation: `The date of death falls inside the policy's waiting period, which ends on ${formatDate(flags.waitingPeriodEndsOn)}.`,
    });
  if (flags.exceedsCover)
    notices.push({
      id: 'cover',
      label: 'Exceeds cover',
      tone: 'warning',
      explanation: `The amount claimed (${formatRand(claimAmount)}) is more than the policy's cover of ${formatRand(flags.coverageAmount)}.`,
    });
  if (!flags.deceasedOnPolicy)
    notices.push({
      id: 'notOnPolicy',
      label: 'Deceased not on policy',
      tone: 'dangerSoft',
      explanation: "The deceased's SA ID is neither the policy holder's nor that of a family member covered by the policy.",
    });
  return notices;
}

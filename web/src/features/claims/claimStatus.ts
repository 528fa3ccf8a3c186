import { CLAIM_STATUSES, DEATH_TYPE_LABELS } from '@fpa/write-model/validation';
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

/** The manner of death as the waiting rule names it: "natural death", "suicide". */
const WAIT_NAMES = { natural: 'natural death', suicide: 'suicide' } as const;

/**
 * Which wait the claim was checked against, in a sentence (issue #22): the deceased life's own, for the
 * manner of death. A claim submitted before it was checked against the policy's start and waiting period.
 */
export function waitingPeriodLine(flags: ClaimFlags): string {
  if (flags.waitingRule === 'accidental_none') return 'No waiting period for an accidental death: covered from the day the life joined.';
  const ends = formatDate(flags.waitingPeriodEndsOn);
  if (!flags.waitingRule) return `Waiting period for this policy ends on ${ends}.`;
  // A deceased not on the policy is counted from the policy's start (the flag below says so).
  const from = flags.deceasedOnPolicy ? 'the life joined on' : 'from the policy start,';
  const joined = flags.lifeJoinedOn ? ` (${from} ${formatDate(flags.lifeJoinedOn)}` : '';
  const prior = flags.priorCoverMonths ? `${joined ? ';' : ' ('} ${flags.priorCoverMonths} months of prior cover counted` : '';
  return `Waiting period for this life (${WAIT_NAMES[flags.waitingRule]}) ends on ${ends}${joined}${prior}${joined || prior ? ')' : ''}.`;
}

export const deathTypeLabel = (flags: ClaimFlags) => (flags.deathType ? DEATH_TYPE_LABELS[flags.deathType] : 'Not recorded');

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
      explanation:
        flags.waitingRule === 'natural' || flags.waitingRule === 'suicide'
          ? `The date of death falls inside this life's waiting period for a ${WAIT_NAMES[flags.waitingRule]}, which ends on ${formatDate(flags.waitingPeriodEndsOn)}.`
          : `The date of death falls inside the policy's waiting period, which ends on ${formatDate(flags.waitingPeriodEndsOn)}.`,
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

import { businessDeadline, businessMillisBetween } from './business-days.ts';
import type { ClaimState } from './claims.state.ts';
import type { ClaimEvent, DeadlineExtensionReason } from './claims.events.ts';
import type { ClaimStatus } from '../validation/index.ts';

/*
 * The claims decision clock of the Policyholder Protection Rules (long-term), rule 2A.8 as issue #23 reads
 * it: once the last required document is received (here: verified), the insurer decides within 2 business
 * days, or 14 more when the claim goes to the underwriter. South African public holidays are not business days.
 */
export const DECISION_BUSINESS_DAYS = 2;
export const EXTENSION_BUSINESS_DAYS = 14;
/** A running clock with this little business time left is "due soon" (the staff reminder's threshold). */
export const DUE_SOON_MINUTES = 4 * 60;

/** The statuses in which a claim still waits for its decision. */
export const UNDECIDED_STATUSES: readonly ClaimStatus[] = ['submitted', 'under_review', 'sent_to_underwriter'];
/** The moves that decide a claim: the clock stops at them. */
export const DECIDING_STATUSES: readonly ClaimStatus[] = ['approved', 'rejected'];

type Claim = Exclude<ClaimState, { status: 'none' }>;

/** The clock's start when this review verifies the last form document of an undecided claim whose clock has not started. */
export function clockStartOnReview(state: Claim, allVerified: boolean, now: Date): ClaimEvent[] {
  if (!allVerified || state.clock || !UNDECIDED_STATUSES.includes(state.status)) return [];
  const businessDays = DECISION_BUSINESS_DAYS + (state.extendedFor ? EXTENSION_BUSINESS_DAYS : 0);
  const { claimId, companyId } = state;
  const decisionDueAt = businessDeadline(now, businessDays).toISOString();
  return [{ type: 'ClaimDecisionClockStarted', data: { claimId, companyId, startedAt: now.toISOString(), decisionDueAt, businessDays } }];
}

/** A running clock's 14 more business days, from the deadline it had, once: for the underwriter or a dispute. */
export function extensionFor(state: Claim, reason: DeadlineExtensionReason): ClaimEvent[] {
  if (!state.clock || state.extendedFor) return [];
  const { claimId, companyId } = state;
  const decisionDueAt = businessDeadline(new Date(state.clock.dueAt), EXTENSION_BUSINESS_DAYS).toISOString();
  return [
    { type: 'ClaimDecisionDeadlineExtended', data: { claimId, companyId, decisionDueAt, businessDays: EXTENSION_BUSINESS_DAYS, reason } },
  ];
}

/** Sent to the underwriter: the extension, when the clock runs. */
export function extensionOnMove(state: Claim, to: ClaimStatus): ClaimEvent[] {
  return to === 'sent_to_underwriter' ? extensionFor(state, to) : [];
}

/**
 * not_started: undecided, documents not all verified. running / due_soon (at most DUE_SOON_MINUTES of
 * business time left) / overdue: undecided with a deadline.
 * on_time / late: decided, against its deadline. none: decided without a clock (decided before its documents
 * were verified, or before the clock existed).
 */
export const DECISION_CLOCK_STATES = ['not_started', 'running', 'due_soon', 'overdue', 'on_time', 'late', 'none'] as const;
export type DecisionClockState = (typeof DECISION_CLOCK_STATES)[number];

export type DecisionClock = {
  state: DecisionClockState;
  startedAt: Date | null;
  dueAt: Date | null;
  decidedAt: Date | null;
  /** Business minutes left until the deadline while undecided (negative once overdue); null otherwise. */
  businessMinutesLeft: number | null;
  /** Business minutes from the clock's start to the decision; null until decided with a clock. */
  businessMinutesTaken: number | null;
};

export function decisionClock(
  claim: { clockStartedAt: Date | null; decisionDueAt: Date | null; decidedAt: Date | null },
  now: Date,
): DecisionClock {
  const { clockStartedAt: startedAt, decisionDueAt: dueAt, decidedAt } = claim;
  const minutes = (ms: number) => Math.trunc(ms / 60_000);
  const base = { startedAt, dueAt, decidedAt, businessMinutesLeft: null, businessMinutesTaken: null };
  if (decidedAt) {
    if (!dueAt || !startedAt) return { ...base, state: 'none' };
    const taken = minutes(businessMillisBetween(startedAt, decidedAt));
    return { ...base, state: decidedAt.getTime() > dueAt.getTime() ? 'late' : 'on_time', businessMinutesTaken: taken };
  }
  if (!dueAt) return { ...base, state: 'not_started' };
  const left = minutes(businessMillisBetween(now, dueAt));
  const state = now.getTime() > dueAt.getTime() ? 'overdue' : left <= DUE_SOON_MINUTES ? 'due_soon' : 'running';
  return { ...base, state, businessMinutesLeft: left };
}

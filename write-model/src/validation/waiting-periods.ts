import { addDays, addMonths } from './dates.ts';

/*
 * Waiting periods per life (issue #22; Policyholder Protection Rules, rule 2A.6). The one home of "when
 * does this life's wait end": the claim checks (claims/commands/submit-claim.ts) and the policy schedule
 * (api-gateway papers/schedule.ts) both ask lifeWaiting.
 *
 * - Each life waits from the day it joined the policy: the main member from the policy's start, a family
 *   member added later from the day they were added (never before the policy's start).
 * - A natural death waits at most 6 months. The specification keeps a policy type's waitingPeriod at 0 to
 *   24 months ('Waiting period cannot exceed 24 months'), so the cap is applied here, per life, and not as
 *   a second message on the form: a type saved with 12 months still waits 6 for a natural death.
 * - An accidental death has no wait.
 * - A suicide waits the suicideWaitingMonths of the policy's own terms (0 to 24, default 12), copied from its
 *   type at issue and at a change of type (claims/commands/submit-claim.ts, suicideWaitingMonthsOfTerms).
 * - Cover proven elsewhere (prior cover) that ended at most 31 days before the life joined counts toward
 *   the wait: its whole months are taken off the natural and the suicide wait alike (never below 0).
 */

export const DEATH_TYPES = ['natural', 'accidental', 'suicide'] as const;
export type DeathType = (typeof DEATH_TYPES)[number];
export const DEFAULT_DEATH_TYPE: DeathType = 'natural';
export const DEATH_TYPE_LABELS: Record<DeathType, string> = { natural: 'Natural', accidental: 'Accidental', suicide: 'Suicide' };

/** Which wait a claim was checked against: the claim details explain it. */
export const WAITING_RULES = ['natural', 'accidental_none', 'suicide'] as const;
export type WaitingRule = (typeof WAITING_RULES)[number];

/** Rule 2A.6: the longest wait for a natural death. */
export const MAX_NATURAL_WAITING_MONTHS = 6;
/** Prior cover counts only when it ended at most this many days before the life joined. */
export const PRIOR_COVER_MAX_GAP_DAYS = 31;

/**
 * A group scheme's policy's waiting terms (issue #22): the scheme's terms carry no waiting period, for a
 * natural death or a suicide. The one source of both the claim check (claims/scheme-claim-policy.ts) and the
 * group policy's row the schedule prints (projections portfolio-schemes.ts).
 */
export const SCHEME_WAITING_TERMS = { waitingPeriod: 0, suicideWaitingMonths: 0 } as const;

/** Whole months of continuous cover elsewhere, and the day it ended. */
export type PriorCover = { months: number; endedOn: string };

/** The policy's terms that set a life's wait: its start, natural months and suicide months (both as issued). */
export type WaitingTerms = { startDate: string; waitingPeriod: number; suicideWaitingMonths: number };

export type LifeDates = {
  /** The day the life was added (South African date); null or earlier than the policy's start: the start. */
  addedOn: string | null;
  priorCover: PriorCover | null;
};

export type LifeWaiting = { rule: WaitingRule; joinedOn: string; months: number; endsOn: string; priorCoverMonths: number };

/** The day the life's wait runs from: the later of the policy's start and the day the life was added. */
export function lifeJoinedOn(policyStart: string, addedOn: string | null): string {
  return addedOn && addedOn > policyStart ? addedOn : policyStart;
}

/** The prior cover's months that count: all of them if it ended no more than 31 days before joining, else none. */
export function priorCoverCredit(joinedOn: string, prior: PriorCover | null): number {
  if (!prior || !(prior.months > 0)) return 0;
  return addDays(prior.endedOn, PRIOR_COVER_MAX_GAP_DAYS) >= joinedOn ? Math.floor(prior.months) : 0;
}

/** The wait of one life for one manner of death: the rule applied, from when, how many months, and its end. */
export function lifeWaiting(terms: WaitingTerms, life: LifeDates, deathType: DeathType): LifeWaiting {
  const joinedOn = lifeJoinedOn(terms.startDate, life.addedOn);
  if (deathType === 'accidental') return { rule: 'accidental_none', joinedOn, months: 0, endsOn: joinedOn, priorCoverMonths: 0 };
  const typeMonths = deathType === 'suicide' ? terms.suicideWaitingMonths : Math.min(terms.waitingPeriod, MAX_NATURAL_WAITING_MONTHS);
  const credit = Math.min(priorCoverCredit(joinedOn, life.priorCover), typeMonths);
  const months = typeMonths - credit;
  return { rule: deathType, joinedOn, months, endsOn: addMonths(joinedOn, months), priorCoverMonths: credit };
}

/** A sealed field of an erased person reads as '[erased]': only a well-formed prior cover counts. */
export function priorCoverOf(value: unknown): PriorCover | null {
  if (typeof value !== 'object' || value === null) return null;
  const { months, endedOn } = value as { months?: unknown; endedOn?: unknown };
  return typeof months === 'number' && typeof endedOn === 'string' ? { months, endedOn } : null;
}

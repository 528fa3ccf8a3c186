import { addMonths } from '../validation/dates.ts';

/**
 * Rule 2A.9 of the Policyholder Protection Rules (long-term insurance), as issue #20 applies it: a new
 * policy for the same person within 2 months of a lapse carries over only the unexpired part of the old
 * policy's waiting period — the policyholder keeps the credit for the waiting months already served.
 */
export const CARRY_OVER_MONTHS = 2;

export type LapsedPolicy = { policyId: string; policyNumber: string; startDate: string; waitingPeriod: number; lapsedOn: string };

export type WaitingPeriod = {
  /** The new policy's waiting period in months. */
  months: number;
  carriedOver: { fromPolicyId: string; fromPolicyNumber: string; lapsedOn: string; unexpiredMonths: number } | null;
};

/** Whole months of cover from `startDate` up to `day`: the largest m with startDate + m months ≤ day. */
export function monthsServed(startDate: string, day: string): number {
  if (day < startDate) return 0;
  let months = 0;
  while (addMonths(startDate, months + 1) <= day) months++;
  return months;
}

/**
 * The waiting period of a new policy issued `today` on a type with `typeMonths`, given the person's
 * lapsed policies: the latest lapse on or after today − 2 months carries its unexpired months over (never
 * more than the new type's own waiting period); an older lapse, or none, leaves the type's period.
 */
export function waitingPeriodFor(typeMonths: number, lapsed: readonly LapsedPolicy[], today: string): WaitingPeriod {
  const recent = lapsed
    .filter((p) => p.lapsedOn <= today && today <= addMonths(p.lapsedOn, CARRY_OVER_MONTHS))
    .sort((a, b) => (a.lapsedOn < b.lapsedOn ? 1 : a.lapsedOn > b.lapsedOn ? -1 : 0))[0];
  if (!recent) return { months: typeMonths, carriedOver: null };
  const unexpiredMonths = Math.max(0, recent.waitingPeriod - monthsServed(recent.startDate, recent.lapsedOn));
  return {
    months: Math.min(typeMonths, unexpiredMonths),
    carriedOver: { fromPolicyId: recent.policyId, fromPolicyNumber: recent.policyNumber, lapsedOn: recent.lapsedOn, unexpiredMonths },
  };
}

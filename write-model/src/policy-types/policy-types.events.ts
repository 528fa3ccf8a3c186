import type { BenefitRow } from '../validation/benefits.ts';
import type { MainMemberDeathRule } from '../validation/policy-types.ts';

/** The terms a company offers: cover, premium and waiting period. Amounts are decimal strings in rand. */
export type PolicyTypeTerms = {
  name: string;
  description: string | null;
  coverageAmount: string;
  monthlyPremium: string;
  waitingPeriod: number;
  isActive: boolean;
  /** Issue #20, the calendar's rules for this type's policies; absent: DEFAULT_CALENDAR_RULES (billing/policy-calendar.ts). */
  graceDays?: number;
  lapseAfterMissed?: number;
  reinstatementMonths?: number;
  /** Issue #22, cover and premium per life and age band (validation/benefits.ts); absent or empty: none. */
  benefits?: BenefitRow[];
  /** Issue #22, the wait for a death by suicide in months; absent: SUICIDE_WAITING.defaultMonths (12). */
  suicideWaitingMonths?: number;
  /** Issue #22, what the main member's death does to the other lives; absent: 'end_policy'. */
  onMainMemberDeath?: MainMemberDeathRule;
};

export type PolicyTypeCreated = { type: 'PolicyTypeCreated'; data: { policyTypeId: string; companyId: string } & PolicyTypeTerms };

/** The whole new set of terms (the form edits them all). Policies already issued keep their own terms. */
export type PolicyTypeUpdated = { type: 'PolicyTypeUpdated'; data: { policyTypeId: string; companyId: string } & PolicyTypeTerms };

export type PolicyTypeEvent = PolicyTypeCreated | PolicyTypeUpdated;

export const policyTypeStreamId = (policyTypeId: string) => `policy-type-${policyTypeId}`;

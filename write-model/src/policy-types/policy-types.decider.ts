import {
  CALENDAR_RULE_DEFAULTS,
  DEFAULT_MAIN_MEMBER_DEATH_RULE,
  headlineBenefit,
  SUICIDE_WAITING,
  type PolicyTypeInput,
} from '../validation/index.ts';
import type { PolicyTypeTerms } from './policy-types.events.ts';

/* What the policy type's commands share (each command's decide is in its own file). */

export const POLICY_TYPE_NOT_FOUND = 'Policy type not found';

/** The suicide wait of a type (issue #22): a type saved before it waits the default. */
export function suicideWaitingMonthsOf(terms: Partial<PolicyTypeTerms>): number {
  return terms.suicideWaitingMonths ?? SUICIDE_WAITING.defaultMonths;
}

/**
 * The terms an event records, from the parsed input. A calendar rule the input leaves out (a client
 * older than issue #20) keeps the type's current one, else the default: new events always carry all three.
 */
export function policyTypeTerms(input: PolicyTypeInput, current: Partial<PolicyTypeTerms> = {}): PolicyTypeTerms {
  // A benefit table left out keeps the current one; with a table, the one cover and premium the spec's
  // list shows are its main member's youngest band, so the two never disagree (issue #22).
  const benefits = input.benefits ?? current.benefits ?? [];
  const headline = headlineBenefit(benefits);
  return {
    name: input.name,
    description: input.description ?? null,
    coverageAmount: headline?.coverAmount ?? input.coverageAmount,
    monthlyPremium: headline?.monthlyPremium ?? input.monthlyPremium,
    waitingPeriod: input.waitingPeriod,
    isActive: input.isActive,
    graceDays: input.graceDays ?? current.graceDays ?? CALENDAR_RULE_DEFAULTS.graceDays,
    lapseAfterMissed: input.lapseAfterMissed ?? current.lapseAfterMissed ?? CALENDAR_RULE_DEFAULTS.lapseAfterMissed,
    reinstatementMonths: input.reinstatementMonths ?? current.reinstatementMonths ?? CALENDAR_RULE_DEFAULTS.reinstatementMonths,
    ...(benefits.length > 0 ? { benefits } : {}),
    suicideWaitingMonths: input.suicideWaitingMonths ?? current.suicideWaitingMonths ?? SUICIDE_WAITING.defaultMonths,
    onMainMemberDeath: input.onMainMemberDeath ?? current.onMainMemberDeath ?? DEFAULT_MAIN_MEMBER_DEATH_RULE,
  };
}

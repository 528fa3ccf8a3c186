import { CALENDAR_RULE_DEFAULTS, SUICIDE_WAITING, type PolicyTypeInput } from '../validation/index.ts';
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
  return {
    name: input.name,
    description: input.description ?? null,
    coverageAmount: input.coverageAmount,
    monthlyPremium: input.monthlyPremium,
    waitingPeriod: input.waitingPeriod,
    isActive: input.isActive,
    graceDays: input.graceDays ?? current.graceDays ?? CALENDAR_RULE_DEFAULTS.graceDays,
    lapseAfterMissed: input.lapseAfterMissed ?? current.lapseAfterMissed ?? CALENDAR_RULE_DEFAULTS.lapseAfterMissed,
    reinstatementMonths: input.reinstatementMonths ?? current.reinstatementMonths ?? CALENDAR_RULE_DEFAULTS.reinstatementMonths,
    suicideWaitingMonths: input.suicideWaitingMonths ?? current.suicideWaitingMonths ?? SUICIDE_WAITING.defaultMonths,
  };
}

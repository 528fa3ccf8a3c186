import { z } from 'zod';
import { benefitTableSchema } from './benefits.ts';
import { decimalString, NAME_MAX_LENGTH, nameTooLong, numberField, optionalNumberField, optionalText, requiredText } from './fields.ts';

/** The add dialog's starting values. */
export const POLICY_TYPE_DEFAULTS = { coverageAmount: '50000', monthlyPremium: '299', waitingPeriod: 6 } as const;

/** Bounds shared by the schema and any screen that explains them. */
export const POLICY_TYPE_LIMITS = { minCoverage: '1000', minPremium: '10', maxWaitingPeriod: 24 } as const;

/**
 * The calendar's rules per policy type (issue #20). Grace: Policyholder Protection Rules (long-term),
 * rule 15A — cover stays in force at least 15 days after an unpaid premium's due date, so never below
 * 15; 90 days is a generous ceiling no parlour needs more than. Lapse after 1 to 6 missed premiums
 * (many parlours allow 2–3). Reinstatement window (rule 2A.9): 0 to 12 months after a lapse.
 * The same numbers as DEFAULT_CALENDAR_RULES and MIN_GRACE_DAYS in billing/policy-calendar.ts.
 */
/**
 * The wait for a suicide (issue #22, rule 2A.6 leaves it to the policy; parlours use 12 to 24 months).
 * The natural-death cap of 6 months is applied per life (validation/waiting-periods.ts), not here.
 */
export const SUICIDE_WAITING = { defaultMonths: 12, maxMonths: 24 } as const;

/**
 * Issue #22: what a main member's death does to the policy's other lives. 'end_policy' (the default, as
 * before): the policy's premiums end with the main member. 'continue_with_spouse': on a policy with a
 * benefit table, a surviving spouse becomes the policyholder and the policy goes on at the premium of the
 * lives left.
 */
export const MAIN_MEMBER_DEATH_RULES = ['end_policy', 'continue_with_spouse'] as const;
export type MainMemberDeathRule = (typeof MAIN_MEMBER_DEATH_RULES)[number];
export const DEFAULT_MAIN_MEMBER_DEATH_RULE: MainMemberDeathRule = 'end_policy';

export const CALENDAR_RULE_DEFAULTS = { graceDays: 15, lapseAfterMissed: 1, reinstatementMonths: 3 } as const;
export const CALENDAR_RULE_LIMITS = {
  minGraceDays: 15,
  maxGraceDays: 90,
  minLapseAfterMissed: 1,
  maxLapseAfterMissed: 6,
  minReinstatementMonths: 0,
  maxReinstatementMonths: 12,
} as const;

export const POLICY_TYPE_MESSAGES = {
  name: 'Policy name is required',
  coverageAmount: 'Coverage amount must be at least R1,000',
  monthlyPremium: 'Monthly premium must be at least R10',
  waitingPeriodMin: 'Waiting period must be 0 or more months',
  waitingPeriodMax: 'Waiting period cannot exceed 24 months',
  waitingPeriodWhole: 'Waiting period must be a whole number of months',
  graceDaysMin: 'Grace period must be at least 15 days (Policyholder Protection Rules, rule 15A)',
  graceDaysMax: 'Grace period cannot exceed 90 days',
  graceDaysWhole: 'Grace period must be a whole number of days',
  lapseAfterMissed: 'Lapse after must be 1 to 6 missed premiums',
  reinstatementMonths: 'Reinstatement window must be 0 to 12 months',
  suicideWaitingMonths: 'Suicide waiting period must be 0 to 24 whole months',
  onMainMemberDeath: "Choose what the main member's death does: end the policy, or continue with the spouse",
} as const;

const M = POLICY_TYPE_MESSAGES;

/** POST and PUT /api/policy-types. A blank amount reads as "below the minimum", as the form showed it. */
export const policyTypeSchema = z.object({
  name: requiredText(M.name).max(NAME_MAX_LENGTH, nameTooLong('Policy name')),
  description: optionalText(),
  coverageAmount: decimalString({
    required: M.coverageAmount,
    negative: M.coverageAmount,
    min: { value: POLICY_TYPE_LIMITS.minCoverage, message: M.coverageAmount },
  }),
  monthlyPremium: decimalString({
    required: M.monthlyPremium,
    negative: M.monthlyPremium,
    min: { value: POLICY_TYPE_LIMITS.minPremium, message: M.monthlyPremium },
  }),
  waitingPeriod: numberField({
    required: M.waitingPeriodMin,
    integer: M.waitingPeriodWhole,
    min: { value: 0, message: M.waitingPeriodMin },
    max: { value: POLICY_TYPE_LIMITS.maxWaitingPeriod, message: M.waitingPeriodMax },
  })
    // A whole number of months (text from a form is read too): an Int for GraphQL.
    .meta({ type: 'integer', description: 'Months.' }),
  isActive: z.boolean().default(true),
  // Optional so that clients older than issue #20 keep working: absent on create means the default,
  // absent on update keeps the type's current rule (policy-types.decider.ts).
  graceDays: optionalNumberField({
    invalid: M.graceDaysWhole,
    integer: M.graceDaysWhole,
    min: { value: CALENDAR_RULE_LIMITS.minGraceDays, message: M.graceDaysMin },
    max: { value: CALENDAR_RULE_LIMITS.maxGraceDays, message: M.graceDaysMax },
  }).meta({ graphqlType: 'Int', description: 'Days of cover after an unpaid premium is due: 15 (rule 15A) to 90; default 15.' }),
  lapseAfterMissed: optionalNumberField({
    invalid: M.lapseAfterMissed,
    integer: M.lapseAfterMissed,
    min: { value: CALENDAR_RULE_LIMITS.minLapseAfterMissed, message: M.lapseAfterMissed },
    max: { value: CALENDAR_RULE_LIMITS.maxLapseAfterMissed, message: M.lapseAfterMissed },
  }).meta({ graphqlType: 'Int', description: 'Missed premiums after which a policy lapses when grace ends: 1 to 6; default 1.' }),
  reinstatementMonths: optionalNumberField({
    invalid: M.reinstatementMonths,
    integer: M.reinstatementMonths,
    min: { value: CALENDAR_RULE_LIMITS.minReinstatementMonths, message: M.reinstatementMonths },
    max: { value: CALENDAR_RULE_LIMITS.maxReinstatementMonths, message: M.reinstatementMonths },
  }).meta({ graphqlType: 'Int', description: 'Months after a lapse within which paying the arrears reinstates: 0 to 12; default 3.' }),
  // Issue #22: cover and premium per life and age band. Absent on update keeps the type's table; an empty
  // list removes it (the one cover and premium above apply, as before). With a table, the cover and
  // premium above are the main member's youngest band (policy-types.decider.ts).
  benefits: benefitTableSchema.optional().meta({
    description: 'Cover and premium per life (relationship) and age band; the bands are the entry ages. Empty: none.',
  }),
  // Issue #22; optional as the calendar's rules are: absent keeps the type's current rule, else 12.
  suicideWaitingMonths: optionalNumberField({
    invalid: M.suicideWaitingMonths,
    integer: M.suicideWaitingMonths,
    min: { value: 0, message: M.suicideWaitingMonths },
    max: { value: SUICIDE_WAITING.maxMonths, message: M.suicideWaitingMonths },
  }).meta({ graphqlType: 'Int', description: 'Months a life waits for a claim on a death by suicide: 0 to 24; default 12.' }),
  // Issue #22; optional as the rules above are: absent keeps the type's current rule, else end_policy.
  onMainMemberDeath: z.enum(MAIN_MEMBER_DEATH_RULES, { error: M.onMainMemberDeath }).optional().meta({
    description:
      "What the main member's death does: end_policy (default; the premiums end) or continue_with_spouse (with a benefit table, a surviving spouse becomes the policyholder at the remaining lives' premium).",
  }),
});
export type PolicyTypeInput = z.output<typeof policyTypeSchema>;
export type PolicyTypeFormValues = z.input<typeof policyTypeSchema>;

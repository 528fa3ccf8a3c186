import { z } from 'zod';
import { decimalString, NAME_MAX_LENGTH, nameTooLong, numberField, optionalText, requiredText } from './fields.ts';

/** The add dialog's starting values. */
export const POLICY_TYPE_DEFAULTS = { coverageAmount: '50000', monthlyPremium: '299', waitingPeriod: 6 } as const;

/** Bounds shared by the schema and any screen that explains them. */
export const POLICY_TYPE_LIMITS = { minCoverage: '1000', minPremium: '10', maxWaitingPeriod: 24 } as const;

export const POLICY_TYPE_MESSAGES = {
  name: 'Policy name is required',
  coverageAmount: 'Coverage amount must be at least R1,000',
  monthlyPremium: 'Monthly premium must be at least R10',
  waitingPeriodMin: 'Waiting period must be 0 or more months',
  waitingPeriodMax: 'Waiting period cannot exceed 24 months',
  waitingPeriodWhole: 'Waiting period must be a whole number of months',
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
});
export type PolicyTypeInput = z.output<typeof policyTypeSchema>;
export type PolicyTypeFormValues = z.input<typeof policyTypeSchema>;

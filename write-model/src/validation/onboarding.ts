import { oncePerDay } from './dates.ts';
import { z } from 'zod';
import { centsToDecimal, compareDecimal, decimalToCents, isDecimalString } from './decimal.ts';
import {
  decimalString,
  minText,
  NAME_MAX_LENGTH,
  nameTooLong,
  optionalEmailField,
  optionalOf,
  optionalText,
  requiredText,
  saIdField,
  saPhoneField,
} from './fields.ts';
import { mandateSchema } from './mandates.ts';
import { debitDayField, priorCoverFields, refinePriorCover } from './members.ts';
import { resolveProvince } from './provinces.ts';
import { BENEFICIARY_RELATIONS, RELATIONSHIPS } from './relationships.ts';

export const ONBOARDING_STEPS = 3;

export const ONBOARDING_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  idNumber: 'Valid SA ID number is required',
  streetNumber: 'Street number is required',
  address: 'Street name is required',
  city: 'City is required',
  province: 'Province is required',
  postalCode: 'Valid postal code is required',
  monthlyIncome: 'Monthly income must be an amount like 12500 or 12500.50',
  policyType: 'Policy type is required',
  coverageAmount: 'Coverage amount is required',
  beneficiaryName: 'Beneficiary name is required',
  beneficiaryRelation: 'Beneficiary relation is required',
  beneficiaryContact: 'Valid beneficiary contact is required',
  relationship: 'Relationship is required',
} as const;

const M = ONBOARDING_MESSAGES;

/** The client's income as typed ('R 12,500') reduced to digits and the decimal point, as sent. */
export function stripIncome(value: string): string {
  return value.replace(/[^\d.]/g, '');
}

/**
 * A family member added through the dialog. The ID must be a real SA ID, not just 13 characters. Prior
 * cover (issue #22): the member form's own fields and rule; `today` bounds the date it ended.
 */
export const onboardingFamilyMemberSchemaOn = oncePerDay((today: string) =>
  z
    .object({
      firstName: requiredText(M.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
      lastName: requiredText(M.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
      idNumber: saIdField(M.idNumber),
      // Text for GraphQL too: an unknown relationship is refused with this schema's message, not by the GraphQL validation.
      relationship: z
        .enum(RELATIONSHIPS, { error: M.relationship })
        .meta({ graphqlType: 'String', description: 'spouse, child, parent, sibling or other.' }),
      ...priorCoverFields(today),
    })
    .superRefine(refinePriorCover),
);
export type OnboardingFamilyMemberInput = z.output<ReturnType<typeof onboardingFamilyMemberSchemaOn>>;

const step1 = {
  firstName: requiredText(M.firstName).max(NAME_MAX_LENGTH, nameTooLong('First name')),
  lastName: requiredText(M.lastName).max(NAME_MAX_LENGTH, nameTooLong('Last name')),
  email: optionalEmailField(M.email),
  phone: saPhoneField({ invalid: M.phone }),
  idNumber: saIdField(M.idNumber),
};

const provinceField = requiredText(M.province).refine((v) => v === '' || resolveProvince(v) !== null, M.province);
const postalCode = minText(4, M.postalCode);

const step2 = {
  streetNumber: requiredText(M.streetNumber),
  address: requiredText(M.address),
  city: requiredText(M.city),
  province: provinceField,
  postalCode,
  monthlyIncome: optionalOf(z.string().refine((v) => isDecimalString(stripIncome(v)), M.monthlyIncome)),
  employer: optionalText(),
};

const step3On = (today: string) => ({
  policyType: requiredText(M.policyType),
  coverageAmount: decimalString({ required: M.coverageAmount }),
  beneficiaryName: requiredText(M.beneficiaryName),
  beneficiaryRelation: z.enum(BENEFICIARY_RELATIONS, { error: M.beneficiaryRelation }),
  beneficiaryContact: minText(10, M.beneficiaryContact),
  notes: optionalText(),
  /** Optional: the day of the month the policy's premium is due (issue #20); default the 1st. */
  debitDay: debitDayField(),
  familyMembers: z
    .array(onboardingFamilyMemberSchemaOn(today))
    .nullish()
    .transform((v) => v ?? []),
  /** The client's own cover proven elsewhere (issue #22): as the member form's. */
  ...priorCoverFields(today),
  /**
   * Optional (issue #21): the policy's debit-order mandate, the same whole mandate as PUT
   * /api/policies/{id}/mandate takes, appended with the onboarding; left out, the policy has none.
   */
  debitMandate: mandateSchema.nullish().meta({
    description: 'The debit-order mandate of the new policy, as setDebitMandate takes it; leave out for none.',
  }),
});

/** "Next" checks only the current step's fields. */
export const onboardingStep1Schema = z.object(step1);
export const onboardingStep2Schema = z.object(step2);
export const onboardingStep3SchemaOn = oncePerDay((today: string) => z.object(step3On(today)).superRefine(refinePriorCover));

/** The whole wizard, checked again on "Complete Onboarding". */
export const onboardingFormSchemaOn = oncePerDay((today: string) =>
  z.object({ ...step1, ...step2, ...step3On(today) }).superRefine(refinePriorCover),
);
export type OnboardingFormInput = z.output<ReturnType<typeof onboardingFormSchemaOn>>;
export type OnboardingFormValues = z.input<ReturnType<typeof onboardingFormSchemaOn>>;

/**
 * POST /api/client-onboarding. The street number and name arrive combined as `address`. agentId is
 * accepted for compatibility, but the server must use the signed-in agent, never the body's.
 */
export const onboardingSchemaOn = oncePerDay((today: string) => {
  const step3 = step3On(today);
  return z
    .object({
      ...step1,
      address: requiredText('Address is required').meta({ description: 'Street number and street name combined.' }),
      city: step2.city,
      province: step2.province,
      postalCode,
      monthlyIncome: optionalOf(z.string().refine(isDecimalString, M.monthlyIncome)).meta({
        description: 'Digits and a decimal point only.',
      }),
      employer: optionalText(),
      ...step3,
      policyType: step3.policyType.meta({ graphqlType: 'ID', description: 'PolicyType.id' }),
      coverageAmount: step3.coverageAmount.meta({ description: "Must be the chosen type's coverageAmount." }),
      agentId: optionalText().meta({
        description:
          "Ignored for a caller with an agent record (the sale is theirs); otherwise the agent who made the sale: Agent.id or the agent's userId.",
      }),
    })
    .superRefine(refinePriorCover);
});
export type OnboardingInput = z.output<ReturnType<typeof onboardingSchemaOn>>;
export type OnboardingPayload = z.input<ReturnType<typeof onboardingSchemaOn>>;

/** The validated wizard as the request body: address combined, income stripped, agent attached. */
export function toOnboardingPayload(form: OnboardingFormInput, agentId: string): OnboardingPayload {
  const { streetNumber, address, monthlyIncome, ...rest } = form;
  return {
    ...rest,
    address: `${streetNumber} ${address}`,
    monthlyIncome: monthlyIncome === undefined ? undefined : stripIncome(monthlyIncome),
    agentId,
  };
}

/**
 * A policy type offers one coverage: the onboarding's coverage must be it. The refusal's text, or null
 * when the coverage is the type's. The server refuses with it; the wizard says it before submit.
 */
export function coverageNotOffered(policyType: { name: string; coverageAmount: string }, coverageAmount: string): string | null {
  if (isDecimalString(coverageAmount) && compareDecimal(coverageAmount, policyType.coverageAmount) === 0) return null;
  return `The ${policyType.name} policy type offers a coverage of R${centsToDecimal(decimalToCents(policyType.coverageAmount))}; choose that coverage amount.`;
}

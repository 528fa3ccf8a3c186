import {
  BENEFICIARY_RELATIONS,
  decimalToCents,
  isDecimalString,
  onboardingStep1Schema,
  onboardingStep2Schema,
  onboardingStep3SchemaOn,
  ONBOARDING_STEPS,
  POLICY_CALENDAR_FIELDS,
  PROVINCES,
  RELATIONSHIPS,
  stripIncome,
  type OnboardingFamilyMemberInput,
  type OnboardingFormInput,
} from '@fpa/write-model/validation';
import { formatRand } from '../../app/format';
import { onToday } from '../../app/forms';
import type { PolicyType } from '../policy-types/policyTypes.operations';
import type { OnboardClientInput } from './onboarding.operations';

export { ONBOARDING_STEPS };

/** Every wizard field as its input holds it (text); the family list is kept beside it. */
export type OnboardingValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  idNumber: string;
  streetNumber: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  monthlyIncome: string;
  employer: string;
  policyType: string;
  coverageAmount: string;
  beneficiaryName: string;
  beneficiaryRelation: string;
  beneficiaryContact: string;
  debitDay: string;
  notes: string;
  priorCoverMonths: string;
  priorCoverEndedOn: string;
};

export const EMPTY_ONBOARDING: OnboardingValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  idNumber: '',
  streetNumber: '',
  address: '',
  city: '',
  province: '',
  postalCode: '',
  monthlyIncome: '',
  employer: '',
  policyType: '',
  coverageAmount: '',
  beneficiaryName: '',
  beneficiaryRelation: '',
  beneficiaryContact: '',
  debitDay: String(POLICY_CALENDAR_FIELDS.defaultDebitDay),
  notes: '',
  priorCoverMonths: '',
  priorCoverEndedOn: '',
};

export type Step = 1 | 2 | 3;

export const STEP_TITLES: Record<Step, string> = { 1: 'Personal Info', 2: 'Address & Employment', 3: 'Policy & Beneficiary' };

/** "Next" checks the current step's fields only (spec part 2 §4, §5), with the shared schemas. */
export const STEP_SCHEMAS = { 1: onboardingStep1Schema, 2: onboardingStep2Schema, 3: onToday(onboardingStep3SchemaOn) } as const;

/** The step a field is on, so a refusal from the server can take the user back to it. */
export function stepOf(field: string): Step {
  const name = field.split('.')[0] ?? '';
  if (name in onboardingStep1Schema.shape) return 1;
  if (name in onboardingStep2Schema.shape) return 2;
  return 3;
}

/** The province select lists the nine names alphabetically; the value sent is the province's code. */
export const PROVINCE_OPTIONS = [...PROVINCES].sort((a, b) => a.name.localeCompare(b.name)).map((p) => ({ id: p.code, label: p.name }));

export const BENEFICIARY_RELATION_OPTIONS = BENEFICIARY_RELATIONS.map((relation) => ({ id: relation, label: relation }));

export const FAMILY_RELATIONSHIP_OPTIONS = RELATIONSHIPS.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

export function relationshipLabel(relationship: string): string {
  return FAMILY_RELATIONSHIP_OPTIONS.find((option) => option.id === relationship)?.label ?? relationship;
}

export const NO_COVERAGE_AMOUNTS = 'No coverage amounts available';

/** The unique coverage amounts of the policy types, smallest first, each shown in rand (spec part 2 §5). */
export function coverageChoices(types: readonly Pick<PolicyType, 'coverageAmount'>[]): { id: string; label: string }[] {
  const byCents = new Map<bigint, string>();
  for (const { coverageAmount } of types) {
    if (!isDecimalString(coverageAmount)) continue;
    const cents = decimalToCents(coverageAmount);
    if (!byCents.has(cents)) byCents.set(cents, coverageAmount);
  }
  return [...byCents.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, amount]) => ({ id: amount, label: formatRand(amount) }));
}

/** Each policy type with its monthly premium per month. */
export function policyTypeOptions(types: readonly Pick<PolicyType, 'id' | 'name' | 'monthlyPremium'>[]): { id: string; label: string }[] {
  return types.map((type) => ({ id: type.id, label: `${type.name} - ${formatRand(type.monthlyPremium)}/month` }));
}

/**
 * The onboardClient input from the validated wizard: street number and name combined as the
 * address, the income stripped to digits and point; the agent is the signed-in one (server side).
 */
export function onboardClientInput(form: OnboardingFormInput): OnboardClientInput {
  const { streetNumber, address, monthlyIncome, email, employer, notes, familyMembers, ...rest } = form;
  return {
    ...rest,
    address: `${streetNumber} ${address}`,
    email: email ?? null,
    monthlyIncome: monthlyIncome === undefined ? null : stripIncome(monthlyIncome),
    employer: employer ?? null,
    notes: notes ?? null,
    familyMembers: familyMembers.map((member: OnboardingFamilyMemberInput) => ({ ...member })),
  };
}

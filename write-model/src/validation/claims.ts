import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { birthDateField, deathDateField } from './date-fields.ts';
import { decimalString, emailField, NAME_MAX_LENGTH, nameTooLong, optionalText, requiredText, saIdField, saPhoneField } from './fields.ts';

export const CLAIM_STATUSES = ['submitted', 'under_review', 'approved', 'rejected', 'sent_to_underwriter', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_DOCUMENTS = [
  { field: 'deceasedIdDocument', message: 'Deceased ID document is required' },
  { field: 'claimantIdDocument', message: 'Claimant ID document is required' },
  { field: 'deathCertificateDocument', message: 'Death certificate is required' },
  { field: 'bankLetterDocument', message: 'Bank letter is required' },
] as const;

export const CLAIM_MESSAGES = {
  policy: 'Please select a policy or enter a policy number',
  deceasedSaId: 'Invalid SA ID number for the deceased',
  claimantSaId: 'Invalid SA ID number for the claimant',
  claimantPhone: 'Invalid South African phone number',
  claimantEmail: 'Invalid email address',
  claimAmountRequired: 'Claim amount is required',
  claimAmountPositive: 'Claim amount must be greater than 0',
  deathBeforeBirth: 'Date of death cannot be before the date of birth',
  bankAccountNumber: 'Bank account number must contain digits only',
  bankBranchCode: 'Branch code must be 6 digits',
} as const;

const M = CLAIM_MESSAGES;

/**
 * A death claim (POST /api/claims with policyId, or /api/claims/by-policy-number with policyNumber).
 * Every field but additionalNotes is required, as the asterisks on the form say. `today` is the South
 * African date (of ctx.now on the server): no one covered was born or died after it.
 */
export function claimSchemaOn(today: string) {
  return (
    z
      .object({
        policyId: optionalText(),
        policyNumber: optionalText(),
        deceasedFirstName: requiredText("Deceased's first name is required").max(NAME_MAX_LENGTH, nameTooLong("Deceased's first name")),
        deceasedLastName: requiredText("Deceased's last name is required").max(NAME_MAX_LENGTH, nameTooLong("Deceased's last name")),
        deceasedSaId: saIdField(M.deceasedSaId),
        deceasedDateOfBirth: birthDateField(today, "Deceased's date of birth", {
          invalid: "Deceased's date of birth must be a valid date",
        }),
        deceasedDateOfDeath: deathDateField(today, 'Date of death', { invalid: 'Date of death must be a valid date' }),
        causeOfDeath: requiredText('Cause of death is required'),
        deathCertificateNumber: requiredText('Death certificate number is required'),
        claimantFirstName: requiredText("Claimant's first name is required").max(NAME_MAX_LENGTH, nameTooLong("Claimant's first name")),
        claimantLastName: requiredText("Claimant's last name is required").max(NAME_MAX_LENGTH, nameTooLong("Claimant's last name")),
        claimantSaId: saIdField(M.claimantSaId),
        claimantPhone: saPhoneField({ required: "Claimant's phone number is required", invalid: M.claimantPhone }),
        claimantEmail: emailField(M.claimantEmail),
        claimantAddress: requiredText("Claimant's address is required"),
        relationshipToDeceased: requiredText('Relationship to deceased is required'),
        claimAmount: decimalString({ required: M.claimAmountRequired, positive: M.claimAmountPositive }),
        bankAccountNumber: requiredText('Bank account number is required').regex(/^\d*$/, M.bankAccountNumber),
        bankName: requiredText('Bank name is required'),
        bankBranchCode: requiredText('Branch code is required').refine((v) => v === '' || /^\d{6}$/.test(v), M.bankBranchCode),
        accountHolderName: requiredText('Account holder name is required'),
        additionalNotes: optionalText(),
        deceasedIdDocument: requiredText(CLAIM_DOCUMENTS[0].message),
        claimantIdDocument: requiredText(CLAIM_DOCUMENTS[1].message),
        deathCertificateDocument: requiredText(CLAIM_DOCUMENTS[2].message),
        bankLetterDocument: requiredText(CLAIM_DOCUMENTS[3].message),
      })
      // Reported even when other fields are missing: choosing the policy is the form's first step.
      .refine((claim) => !!(claim.policyId || claim.policyNumber), {
        path: ['policyId'],
        error: M.policy,
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      })
      .refine(
        // ISO dates compare correctly as strings; unreadable dates already have their own message.
        (claim) =>
          !isIsoDate(claim.deceasedDateOfDeath) ||
          !isIsoDate(claim.deceasedDateOfBirth) ||
          claim.deceasedDateOfDeath >= claim.deceasedDateOfBirth,
        { path: ['deceasedDateOfDeath'], error: M.deathBeforeBirth },
      )
  );
}
export type ClaimInput = z.output<ReturnType<typeof claimSchemaOn>>;
export type ClaimFormValues = z.input<ReturnType<typeof claimSchemaOn>>;

/** PATCH /api/claims/{id}. Which transitions are allowed is the claim aggregate's decision. */
export const claimStatusSchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: 'Unknown claim status' }),
});
export type ClaimStatusInput = z.infer<typeof claimStatusSchema>;

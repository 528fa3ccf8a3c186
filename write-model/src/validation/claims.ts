import { z } from 'zod';
import { EARLIEST_DATE, isIsoDate, oncePerDay } from './dates.ts';
import { DEATH_TYPES, DEFAULT_DEATH_TYPE } from './waiting-periods.ts';
import { birthDateField, dateMessages, deathDateField, nullableDateField } from './date-fields.ts';
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
  deathType: 'Choose the manner of death: natural, accidental or suicide',
} as const;

const M = CLAIM_MESSAGES;

/**
 * A death claim (POST /api/claims with policyId, or /api/claims/by-policy-number with policyNumber).
 * Every field but additionalNotes is required, as the asterisks on the form say. `today` is the South
 * African date (of ctx.now on the server): no one covered was born or died after it.
 */
export const claimSchemaOn = oncePerDay((today: string) => {
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
        // Issue #22: which waiting period applies. Optional for clients older than it (natural); the form requires it.
        deathType: z.enum(DEATH_TYPES, { error: M.deathType }).default(DEFAULT_DEATH_TYPE),
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
});
export type ClaimInput = z.output<ReturnType<typeof claimSchemaOn>>;
export type ClaimFormValues = z.input<ReturnType<typeof claimSchemaOn>>;

/** PATCH /api/claims/{id}. Which transitions are allowed is the claim aggregate's decision. */
export const claimStatusSchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: 'Unknown claim status' }),
});
export type ClaimStatusInput = z.infer<typeof claimStatusSchema>;

/** Why a claim is rejected (issue #23): the decision letter states it; `other` is described in words. */
export const CLAIM_REJECTION_REASONS = [
  'waiting_period',
  'not_covered',
  'non_disclosure',
  'fraud_suspected',
  'documents_invalid',
  'other',
] as const;
export type ClaimRejectionReason = (typeof CLAIM_REJECTION_REASONS)[number];

export const CLAIM_REJECTION_REASON_LABELS: Record<ClaimRejectionReason, string> = {
  waiting_period: 'Death within the waiting period',
  not_covered: 'Not covered by the policy',
  non_disclosure: 'Non-disclosure of what the policy asked about',
  fraud_suspected: 'Fraud suspected',
  documents_invalid: 'Documents invalid',
  other: 'Other',
};

/** The checks of a claim an approval may override, as ClaimStatusChanged's decision records them. */
export const CLAIM_OVERRIDABLE_FLAGS = ['withinWaitingPeriod', 'deceasedNotOnPolicy'] as const;
export type ClaimOverridableFlag = (typeof CLAIM_OVERRIDABLE_FLAGS)[number];

export const CLAIM_FLAG_LABELS: Record<ClaimOverridableFlag, string> = {
  withinWaitingPeriod: 'death within the waiting period',
  deceasedNotOnPolicy: 'deceased not on the policy',
};

export const OVERRIDE_REASON_MIN_LENGTH = 10;

/** The flags of a claim an approval must override with a reason (the form shows them; the claim decides). */
export function claimFlagsToOverride(flags: { withinWaitingPeriod: boolean; deceasedOnPolicy: boolean }): ClaimOverridableFlag[] {
  return [
    ...(flags.withinWaitingPeriod ? (['withinWaitingPeriod'] as const) : []),
    ...(flags.deceasedOnPolicy ? [] : (['deceasedNotOnPolicy'] as const)),
  ];
}

export function overrideRequiredMessage(flags: readonly ClaimOverridableFlag[]): string {
  return `This claim is flagged (${flags.map((f) => CLAIM_FLAG_LABELS[f]).join('; ')}): approving it needs a reason for the override of at least ${OVERRIDE_REASON_MIN_LENGTH} characters.`;
}
export const PAYMENT_REFERENCE_MIN_LENGTH = 3;
export const PAYMENT_REFERENCE_MAX_LENGTH = 60;
const DECISION_TEXT_MAX_LENGTH = 2000;

export const CLAIM_DECISION_MESSAGES = {
  approvedAmountPositive: 'Approved amount must be greater than 0',
  approvedAmountInvalid: 'Approved amount must be an amount in rand (e.g. 15000 or 15000.50)',
  overrideReasonShort: `The reason for the override must be at least ${OVERRIDE_REASON_MIN_LENGTH} characters`,
  rejectionReasonRequired: 'Choose the reason for rejecting the claim',
  rejectionReasonUnknown: 'Unknown rejection reason',
  rejectionDetailRequired: 'Describe the reason for rejecting the claim',
  payoutRequired: 'The payout (its payment reference at least) is required to mark the claim as paid',
  payoutAmountPositive: 'Payout amount must be greater than 0',
  payoutAmountInvalid: 'Payout amount must be an amount in rand (e.g. 15000 or 15000.50)',
  referenceRequired: 'Payment reference is required',
  referenceLength: `Payment reference must be ${PAYMENT_REFERENCE_MIN_LENGTH} to ${PAYMENT_REFERENCE_MAX_LENGTH} characters`,
  paidOnFuture: 'Payment date cannot be in the future',
} as const;

const D = CLAIM_DECISION_MESSAGES;

/** An optional amount: text or a number; missing, null or blank is none, anything else must pass decimalString. */
const optionalAmount = (messages: { positive: string; invalid: string }) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v))
    .pipe(decimalString({ required: messages.positive, negative: messages.positive, ...messages }).optional());
const decisionText = (max = DECISION_TEXT_MAX_LENGTH) =>
  z
    .string()
    .nullish()
    .transform((v) => (v?.trim() ? v.trim().slice(0, max) : undefined));

/**
 * What a payout records: amount (default: the approved amount), the day it was paid (default: today;
 * never after today, never before the approval day, which the claim decides) and the payment reference.
 */
export const claimPayoutSchemaOn = oncePerDay((today: string) => {
  const range = { earliest: EARLIEST_DATE, latest: today };
  return z.object({
    amount: optionalAmount({ positive: D.payoutAmountPositive, invalid: D.payoutAmountInvalid }).meta({
      description: 'Rand as a decimal string; the approved amount when absent (never more).',
    }),
    paidOn: nullableDateField(range, dateMessages('Payment date', range, { tooLate: D.paidOnFuture })).meta({
      description: 'YYYY-MM-DD, South African date; today when absent. Not after today, not before the approval.',
    }),
    reference: z
      .string({ error: D.referenceRequired })
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') return void ctx.addIssue({ code: 'custom', message: D.referenceRequired });
        if (value.length < PAYMENT_REFERENCE_MIN_LENGTH || value.length > PAYMENT_REFERENCE_MAX_LENGTH) {
          ctx.addIssue({ code: 'custom', message: D.referenceLength });
        }
      })
      .meta({ description: `The payment's reference, ${PAYMENT_REFERENCE_MIN_LENGTH}–${PAYMENT_REFERENCE_MAX_LENGTH} characters.` }),
  });
});
export type ClaimPayoutInput = z.output<ReturnType<typeof claimPayoutSchemaOn>>;

/**
 * PATCH /api/claims/{id} and changeClaimStatus: the move, a note, and what the target status asks for
 * (issue #23). Approve: approvedAmount (the claimed amount when absent) and, for a flagged claim, an
 * overrideReason — the claim decides whether it is flagged and how much it covers. Reject: a reason from
 * the list, with words for `other`. Paid: the payout. Fields for another status are ignored.
 */
export const claimDecisionSchemaOn = oncePerDay((today: string) => {
  return claimStatusSchema
    .extend({
      approvedAmount: optionalAmount({ positive: D.approvedAmountPositive, invalid: D.approvedAmountInvalid }).meta({
        description: "Approve: rand as a decimal string, at most the deceased's cover; the claimed amount when absent.",
      }),
      overrideReason: decisionText()
        .refine((v) => v === undefined || v.length >= OVERRIDE_REASON_MIN_LENGTH, D.overrideReasonShort)
        .meta({
          description: `Approve: required when the claim is flagged (within the waiting period, deceased not on the policy); at least ${OVERRIDE_REASON_MIN_LENGTH} characters.`,
        }),
      rejectionReason: z
        .enum(CLAIM_REJECTION_REASONS, { error: D.rejectionReasonUnknown })
        .nullish()
        .transform((v) => v ?? undefined)
        .meta({ description: 'Reject: required.' }),
      rejectionDetail: decisionText().meta({ description: "Reject: required when the reason is 'other'." }),
      payout: claimPayoutSchemaOn(today)
        .nullish()
        .transform((v) => v ?? undefined)
        .meta({ description: 'Paid: required.' }),
    })
    .superRefine((input, ctx) => {
      if (input.status === 'rejected') {
        if (!input.rejectionReason) ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: D.rejectionReasonRequired });
        else if (input.rejectionReason === 'other' && !input.rejectionDetail) {
          ctx.addIssue({ code: 'custom', path: ['rejectionDetail'], message: D.rejectionDetailRequired });
        }
      }
      if (input.status === 'paid' && !input.payout) ctx.addIssue({ code: 'custom', path: ['payout'], message: D.payoutRequired });
    });
});
export type ClaimDecisionInput = z.output<ReturnType<typeof claimDecisionSchemaOn>>;
export type ClaimDecisionFormValues = z.input<ReturnType<typeof claimDecisionSchemaOn>>;

/** POST /api/claims/{id}/dispute (issue #23): why a claim is disputed, which gives its decision 14 more business days. */
export const DISPUTE_REASON_MIN_LENGTH = 10;
export const DISPUTE_REASON_MESSAGE = `Say why the claim is disputed (at least ${DISPUTE_REASON_MIN_LENGTH} characters)`;
export const disputeClaimSchema = z.object({
  reason: z
    .string({ error: DISPUTE_REASON_MESSAGE })
    .trim()
    .min(DISPUTE_REASON_MIN_LENGTH, DISPUTE_REASON_MESSAGE)
    .max(2000, 'The reason can be at most 2,000 characters')
    .meta({ description: 'Who disputes what: competing claimants, the cause of death, the documents…' }),
});
export type DisputeClaimInput = z.infer<typeof disputeClaimSchema>;

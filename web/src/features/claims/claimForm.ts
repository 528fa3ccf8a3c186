import { CLAIM_DOCUMENTS, DEATH_TYPE_LABELS, DEATH_TYPES, type ClaimInput } from '@fpa/write-model/validation';
import type { SubmitClaimInput } from './claims.operations';

/** Every field of the claim form (spec part 2 §3 Claim submission) as its input holds it: text. */
export type ClaimFormValues = Record<keyof ClaimInput, string>;

export type ClaimTextField = Exclude<keyof ClaimFormValues, 'policyId' | 'deathType' | DocumentField>;
export type DocumentField = (typeof CLAIM_DOCUMENTS)[number]['field'];

/**
 * The visible label of each field; each carries an asterisk on screen except Additional notes (spec
 * part 2 §2). Names differ between deceased and claimant so every input has its own accessible name.
 */
export const CLAIM_FIELD_LABELS: Record<keyof ClaimFormValues, string> = {
  policyId: 'Policy',
  policyNumber: 'Policy number',
  deceasedFirstName: 'Deceased first name',
  deceasedLastName: 'Deceased last name',
  deceasedSaId: 'Deceased SA ID number',
  deceasedDateOfBirth: 'Date of birth',
  deceasedDateOfDeath: 'Date of death',
  causeOfDeath: 'Cause of death',
  deathType: 'Manner of death',
  deathCertificateNumber: 'Death certificate number',
  claimantFirstName: 'Claimant first name',
  claimantLastName: 'Claimant last name',
  claimantSaId: 'Claimant SA ID number',
  claimantPhone: 'Claimant phone number',
  claimantEmail: 'Claimant email',
  claimantAddress: 'Claimant address',
  relationshipToDeceased: 'Relationship to deceased',
  claimAmount: 'Claim amount (R)',
  bankAccountNumber: 'Account number',
  bankName: 'Bank name',
  bankBranchCode: 'Branch code',
  accountHolderName: 'Account holder name',
  additionalNotes: 'Additional notes',
  deceasedIdDocument: 'Deceased ID document',
  claimantIdDocument: 'Claimant ID document',
  deathCertificateDocument: 'Death certificate',
  bankLetterDocument: 'Bank letter',
};

/** A blank form: every field of the labels table, empty. */
export const EMPTY_CLAIM_FORM = Object.fromEntries(Object.keys(CLAIM_FIELD_LABELS).map((field) => [field, ''])) as ClaimFormValues;

export const DOCUMENT_FIELDS: readonly DocumentField[] = CLAIM_DOCUMENTS.map((d) => d.field);

/** Issue #22: the manner of death picks the waiting period the claim is checked against. */
export const DEATH_TYPE_OPTIONS = DEATH_TYPES.map((id) => ({ id, label: DEATH_TYPE_LABELS[id] }));

/** Spec part 2 §3: both SA ID inputs take at most 13 characters. */
export const SA_ID_MAX_LENGTH = 13;

/**
 * The submitClaim input from the validated form: a policy chosen from the list wins over a typed
 * number (the form keeps only one of them anyway); absent optionals are sent as null.
 */
export function submitClaimInput(claim: ClaimInput): SubmitClaimInput {
  const { policyId, policyNumber, additionalNotes, ...rest } = claim;
  return {
    ...rest,
    policyId: policyId ?? null,
    policyNumber: policyId ? null : (policyNumber ?? null),
    additionalNotes: additionalNotes ?? null,
  };
}

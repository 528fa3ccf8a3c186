import { DomainError, NotFoundError, ValidationError } from '../errors.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import type { ClaimInput, ClaimStatus } from '../validation/index.ts';
import { CLAIM_DOCUMENTS, centsToDecimal, compareDecimal, decimalToCents } from '../validation/index.ts';
import type { ClaimDocument, ClaimEvent, ClaimFlags, DocumentStatus } from './claims.events.ts';
import type { ClaimState } from './claims.state.ts';

export const CLAIM_NOT_FOUND = 'Claim not found';
export const POLICY_NOT_FOUND_FOR_CLAIM = 'No policy was found with that id or policy number.';

/** Spec part 2 §4: the claim lifecycle. Rejected and paid are terminal. */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  submitted: ['under_review', 'sent_to_underwriter'],
  under_review: ['approved', 'rejected', 'sent_to_underwriter'],
  sent_to_underwriter: ['approved', 'rejected'],
  approved: ['paid'],
  rejected: [],
  paid: [],
};

const LABEL: Record<ClaimStatus, string> = {
  submitted: 'submitted',
  under_review: 'under review',
  approved: 'approved',
  rejected: 'rejected',
  sent_to_underwriter: 'with the underwriter',
  paid: 'paid',
};

export function claimTransitionRefusal(from: ClaimStatus, to: ClaimStatus): string {
  if (CLAIM_TRANSITIONS[from].length === 0) return `This claim is ${LABEL[from]}; no further actions are available.`;
  if (from === to) return `The claim is already ${LABEL[from]}.`;
  return `A claim that is ${LABEL[from]} cannot be moved to ${LABEL[to]}.`;
}

/** ISO date plus whole months; a day past the target month's end falls on its last day. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export type SubmitClaim = {
  claimId: string;
  companyId: string;
  claimNumber: string;
  input: ClaimInput;
  policy: PolicyState;
  memberName: string;
  deceasedOnPolicy: boolean;
  documents: ClaimDocument[];
  /** Today in South Africa (ISO date): the date of death may not be later. */
  today: string;
};

export function decideSubmitClaim(command: SubmitClaim): ClaimEvent[] {
  const { input, policy } = command;
  const policyPath = input.policyId ? 'policyId' : 'policyNumber';
  if (policy.status === 'none' || policy.companyId !== command.companyId) {
    throw new ValidationError(POLICY_NOT_FOUND_FOR_CLAIM, [{ path: [policyPath], message: POLICY_NOT_FOUND_FOR_CLAIM }]);
  }
  if (policy.status !== 'active') {
    const message = `Claims can only be submitted on an active policy; policy ${policy.policyNumber} is ${policy.status}.`;
    throw new DomainError('RULE_VIOLATED', message, [{ path: [policyPath], message }]);
  }
  const death = input.deceasedDateOfDeath;
  if (death > command.today) {
    const message = 'Date of death cannot be in the future';
    throw new ValidationError(message, [{ path: ['deceasedDateOfDeath'], message }]);
  }
  if (death < policy.startDate) {
    const message = `Date of death cannot be before the policy start date (${policy.startDate})`;
    throw new ValidationError(message, [{ path: ['deceasedDateOfDeath'], message }]);
  }
  const waitingPeriodEndsOn = addMonths(policy.startDate, policy.waitingPeriod);
  const flags: ClaimFlags = {
    withinWaitingPeriod: death < waitingPeriodEndsOn,
    waitingPeriodEndsOn,
    exceedsCover: compareDecimal(input.claimAmount, policy.coverageAmount) > 0,
    coverageAmount: policy.coverageAmount,
    deceasedOnPolicy: command.deceasedOnPolicy,
  };
  return [
    {
      type: 'ClaimSubmitted',
      data: {
        claimId: command.claimId,
        companyId: command.companyId,
        claimNumber: command.claimNumber,
        policyId: policy.policyId,
        policyNumber: policy.policyNumber,
        memberId: policy.memberId,
        memberName: command.memberName,
        deceasedFirstName: input.deceasedFirstName,
        deceasedLastName: input.deceasedLastName,
        deceasedSaId: input.deceasedSaId,
        deceasedDateOfBirth: input.deceasedDateOfBirth,
        deceasedDateOfDeath: death,
        causeOfDeath: input.causeOfDeath,
        deathCertificateNumber: input.deathCertificateNumber,
        claimantFirstName: input.claimantFirstName,
        claimantLastName: input.claimantLastName,
        claimantSaId: input.claimantSaId,
        claimantPhone: input.claimantPhone,
        claimantEmail: input.claimantEmail,
        claimantAddress: input.claimantAddress,
        relationshipToDeceased: input.relationshipToDeceased,
        claimAmount: input.claimAmount,
        bankAccountNumber: input.bankAccountNumber,
        bankName: input.bankName,
        bankBranchCode: input.bankBranchCode,
        accountHolderName: input.accountHolderName,
        additionalNotes: input.additionalNotes ?? null,
        documents: command.documents,
        flags,
        submittedDate: command.today,
      },
    },
  ];
}

function assertOwn(state: ClaimState, companyId: string): asserts state is Exclude<ClaimState, { status: 'none' }> {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(CLAIM_NOT_FOUND);
}

const DOCUMENT_LABEL: Record<string, string> = {
  deceasedIdDocument: 'deceased ID document',
  claimantIdDocument: 'claimant ID document',
  deathCertificateDocument: 'death certificate',
  bankLetterDocument: 'bank letter',
};

/** An amount as the web shows it: R20,000.50. */
function rand(amount: string): string {
  const [whole, cents] = centsToDecimal(decimalToCents(amount)).split('.') as [string, string];
  return `R${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Why a claim may not be paid out yet, in words; null when it may. */
export function paymentRefusal(state: Exclude<ClaimState, { status: 'none' }>): string | null {
  const unverified = CLAIM_DOCUMENTS.map((d) => d.field).flatMap((field) => {
    const ids = Object.keys(state.documentFields).filter((id) => state.documentFields[id] === field);
    return ids.length > 0 && ids.every((id) => state.documents[id] === 'verified') ? [] : [DOCUMENT_LABEL[field]!];
  });
  if (unverified.length > 0) {
    return `A claim can only be marked as paid once all four documents are verified; not verified: ${unverified.join(', ')}.`;
  }
  if (compareDecimal(state.claimAmount, state.coverageAmount) > 0) {
    return `The amount to pay (${rand(state.claimAmount)}) exceeds the deceased's cover on the policy (${rand(state.coverageAmount)}).`;
  }
  return null;
}

export function decideChangeClaimStatus(state: ClaimState, command: { companyId: string; to: ClaimStatus; note: string | null }): ClaimEvent[] {
  assertOwn(state, command.companyId);
  if (!CLAIM_TRANSITIONS[state.status].includes(command.to)) {
    throw new DomainError('INVALID_TRANSITION', claimTransitionRefusal(state.status, command.to));
  }
  const refusal = command.to === 'paid' ? paymentRefusal(state) : null;
  if (refusal) throw new DomainError('RULE_VIOLATED', refusal);
  return [{ type: 'ClaimStatusChanged', data: { claimId: state.claimId, companyId: state.companyId, from: state.status, to: command.to, note: command.note } }];
}

export function decideReviewDocument(
  state: ClaimState,
  command: { companyId: string; documentId: string; to: Exclude<DocumentStatus, 'pending'>; note: string | null },
): ClaimEvent[] {
  assertOwn(state, command.companyId);
  const current = state.documents[command.documentId];
  if (!current) throw new NotFoundError('Document not found');
  if (current === command.to) throw new DomainError('INVALID_TRANSITION', `The document is already ${command.to}.`);
  return [
    {
      type: 'ClaimDocumentReviewed',
      data: { claimId: state.claimId, companyId: state.companyId, documentId: command.documentId, from: current, to: command.to, note: command.note },
    },
  ];
}

import { NotFoundError } from '../errors.ts';
import { CLAIM_DOCUMENTS, type ClaimStatus } from '../validation/index.ts';
import type { ClaimDocumentField, DocumentStatus } from './claims.events.ts';
import type { ClaimState } from './claims.state.ts';

/* What the claim's commands share: its lifecycle and who may act on it (each command's decide is in its own file). */

export const CLAIM_NOT_FOUND = 'Claim not found';

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

/** Another company's claim reads as missing: ids of other tenants are never confirmed. */
export function assertOwnClaim(state: ClaimState, companyId: string): asserts state is Exclude<ClaimState, { status: 'none' }> {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(CLAIM_NOT_FOUND);
}

/**
 * The claim form's documents (CLAIM_DOCUMENTS) not yet verified: a field counts once every file uploaded
 * for it is verified. None left starts the decision clock and allows a payout.
 */
export function unverifiedDocumentFields(
  documents: Record<string, DocumentStatus>,
  documentFields: Record<string, ClaimDocumentField>,
): ClaimDocumentField[] {
  return CLAIM_DOCUMENTS.map((d) => d.field).filter((field) => {
    const ids = Object.keys(documentFields).filter((id) => documentFields[id] === field);
    return ids.length === 0 || !ids.every((id) => documents[id] === 'verified');
  });
}

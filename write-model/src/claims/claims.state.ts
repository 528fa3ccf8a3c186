import { unknownEvent } from '../command-handling/decider.ts';
import type { ClaimStatus } from '../validation/index.ts';
import type { ClaimDocumentField, ClaimEvent, DocumentStatus } from './claims.events.ts';

export type ClaimState =
  | { status: 'none' }
  | {
      status: ClaimStatus;
      claimId: string;
      companyId: string;
      claimNumber: string;
      documents: Record<string, DocumentStatus>;
      /** Which field of the claim form each document was uploaded for (to name what is not verified). */
      documentFields: Record<string, ClaimDocumentField>;
      claimAmount: string;
      /** The cover of the deceased's life on the policy, as recorded when the claim was submitted. */
      coverageAmount: string;
    };

export const initialClaimState: ClaimState = { status: 'none' };

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { claimId, companyId, claimNumber, documents, claimAmount, flags } = event.data;
      return {
        status: 'submitted',
        claimId,
        companyId,
        claimNumber,
        documents: Object.fromEntries(documents.map((d) => [d.documentId, 'pending'])),
        documentFields: Object.fromEntries(documents.map((d) => [d.documentId, d.field])),
        claimAmount,
        coverageAmount: flags.coverageAmount,
      };
    }
    case 'ClaimStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.to };
    case 'ClaimDocumentReviewed':
      return state.status === 'none' ? state : { ...state, documents: { ...state.documents, [event.data.documentId]: event.data.to } };
    default:
      return unknownEvent(event, state);
  }
}

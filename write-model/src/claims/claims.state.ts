import { assertNever, unknownEvent } from '../command-handling/decider.ts';
import type { ClaimStatus } from '../validation/index.ts';
import type { ClaimEvent, DocumentStatus } from './claims.events.ts';

export type ClaimState =
  | { status: 'none' }
  | { status: ClaimStatus; claimId: string; companyId: string; claimNumber: string; documents: Record<string, DocumentStatus> };

export const initialClaimState: ClaimState = { status: 'none' };

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { claimId, companyId, claimNumber, documents } = event.data;
      return {
        status: 'submitted',
        claimId,
        companyId,
        claimNumber,
        documents: Object.fromEntries(documents.map((d) => [d.documentId, 'pending' as DocumentStatus])),
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

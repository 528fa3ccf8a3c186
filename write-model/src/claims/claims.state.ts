import { unknownEvent } from '../command-handling/decider.ts';
import type { ClaimStatus } from '../validation/index.ts';
import type { ClaimDocumentField, ClaimEvent, DeadlineExtensionReason, DocumentStatus } from './claims.events.ts';

export type ClaimState =
  | { status: 'none' }
  | {
      status: ClaimStatus;
      claimId: string;
      companyId: string;
      claimNumber: string;
      /** The policy claimed against, the deceased's SA ID and date of death: an approval marks that life deceased (issue #22). */
      policyId: string;
      deceasedSaId: string;
      deceasedDateOfDeath: string;
      documents: Record<string, DocumentStatus>;
      /** Which field of the claim form each document was uploaded for (to name what is not verified). */
      documentFields: Record<string, ClaimDocumentField>;
      claimAmount: string;
      /** The cover of the deceased's life on the policy, as recorded when the claim was submitted. */
      coverageAmount: string;
      /** The submission's checks an approval must override with a reason. */
      withinWaitingPeriod: boolean;
      deceasedOnPolicy: boolean;
      /** The claimant's bank account on the claim: where a payout goes. */
      accountHolderName: string;
      bankAccountNumber: string;
      /** Set by an approval (issue #23); null before, and for claims approved before approvals had an amount. */
      approvedAmount: string | null;
      approvedOn: string | null;
      /** The decision clock (rule 2A.8): set when the last form document is verified; dueAt moves once when extended. */
      clock: { startedAt: string; dueAt: string } | null;
      /** Set once the deadline has had (or, before the clock starts, will have) its 14 more business days. */
      extendedFor: DeadlineExtensionReason | null;
      disputed: boolean;
    };

export const initialClaimState: ClaimState = { status: 'none' };

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ClaimSubmitted': {
      const { claimId, companyId, claimNumber, documents, claimAmount, flags, accountHolderName, bankAccountNumber } = event.data;
      return {
        status: 'submitted',
        claimId,
        companyId,
        claimNumber,
        policyId: event.data.policyId,
        deceasedSaId: event.data.deceasedSaId,
        deceasedDateOfDeath: event.data.deceasedDateOfDeath,
        documents: Object.fromEntries(documents.map((d) => [d.documentId, 'pending'])),
        documentFields: Object.fromEntries(documents.map((d) => [d.documentId, d.field])),
        claimAmount,
        coverageAmount: flags.coverageAmount,
        withinWaitingPeriod: flags.withinWaitingPeriod,
        deceasedOnPolicy: flags.deceasedOnPolicy,
        accountHolderName,
        bankAccountNumber,
        approvedAmount: null,
        approvedOn: null,
        clock: null,
        extendedFor: null,
        disputed: false,
      };
    }
    case 'ClaimStatusChanged': {
      if (state.status === 'none') return state;
      const { decision, to } = event.data;
      const extendedFor = state.extendedFor ?? (to === 'sent_to_underwriter' ? to : null);
      return decision
        ? { ...state, status: to, extendedFor, approvedAmount: decision.approvedAmount, approvedOn: decision.approvedOn }
        : { ...state, status: to, extendedFor };
    }
    case 'ClaimDisputed':
      return state.status === 'none' ? state : { ...state, disputed: true, extendedFor: state.extendedFor ?? 'disputed' };
    case 'ClaimDecisionClockStarted':
      return state.status === 'none' ? state : { ...state, clock: { startedAt: event.data.startedAt, dueAt: event.data.decisionDueAt } };
    case 'ClaimDecisionDeadlineExtended':
      return state.status === 'none' || !state.clock
        ? state
        : { ...state, extendedFor: event.data.reason, clock: { ...state.clock, dueAt: event.data.decisionDueAt } };
    case 'ClaimDocumentReviewed':
      return state.status === 'none' ? state : { ...state, documents: { ...state.documents, [event.data.documentId]: event.data.to } };
    default:
      return unknownEvent(event, state);
  }
}

import type { PiiMarking } from '../event-store/types.ts';
import type { ClaimOverridableFlag, ClaimRejectionReason, ClaimStatus, DeathType, WaitingRule } from '../validation/index.ts';

export const DOCUMENT_CATEGORIES = [
  'death_certificate',
  'identity_document',
  'bank_statement',
  'medical_report',
  'policy_document',
  'other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The four documents of a claim form and the category each is filed under. */
export const CLAIM_DOCUMENT_CATEGORIES = {
  deceasedIdDocument: 'identity_document',
  claimantIdDocument: 'identity_document',
  deathCertificateDocument: 'death_certificate',
  bankLetterDocument: 'bank_statement',
} as const satisfies Record<string, DocumentCategory>;
export type ClaimDocumentField = keyof typeof CLAIM_DOCUMENT_CATEGORIES;

export type ClaimDocument = {
  documentId: string;
  field: ClaimDocumentField;
  category: DocumentCategory;
  originalName: string;
  contentType: string;
  size: number;
  sha256: string;
};

/** What staff should look at before deciding; never a refusal. */
export type ClaimFlags = {
  /** The date of death falls before the deceased life's own waiting period ends (issue #22, rule 2A.6). */
  withinWaitingPeriod: boolean;
  /** Where the life's wait for this manner of death ends: from the day it joined, less prior cover that counts. */
  waitingPeriodEndsOn: string;
  /** Issue #22; absent on claims submitted before it (checked against the policy's start and waiting period). */
  deathType?: DeathType;
  waitingRule?: WaitingRule;
  /** The day the deceased life's wait ran from. */
  lifeJoinedOn?: string;
  /** Months of prior cover taken off the wait. */
  priorCoverMonths?: number;
  /** The amount claimed is more than the deceased life's cover. */
  exceedsCover: boolean;
  /** The cover payable for this life and death (issue #22: the life's own; the cover before an increase still waiting). */
  coverageAmount: string;
  /** Issue #22: a natural death while an increase of cover still waited: the increase is not payable. */
  increaseWaiting?: { fromCover: string; toCover: string; waitingEndsOn: string };
  /** The deceased's SA ID is the policy holder's or a family member's on the policy. */
  deceasedOnPolicy: boolean;
};

export type ClaimSubmitted = {
  type: 'ClaimSubmitted';
  data: {
    claimId: string;
    companyId: string;
    claimNumber: string;
    policyId: string;
    policyNumber: string;
    memberId: string;
    memberName: string;
    deceasedFirstName: string;
    deceasedLastName: string;
    deceasedSaId: string;
    deceasedDateOfBirth: string;
    deceasedDateOfDeath: string;
    causeOfDeath: string;
    /** Issue #22: natural, accidental or suicide; absent on claims submitted before it (natural). */
    deathType?: DeathType;
    deathCertificateNumber: string;
    claimantFirstName: string;
    claimantLastName: string;
    claimantSaId: string;
    claimantPhone: string;
    claimantEmail: string;
    claimantAddress: string;
    relationshipToDeceased: string;
    claimAmount: string;
    bankAccountNumber: string;
    bankName: string;
    bankBranchCode: string;
    accountHolderName: string;
    additionalNotes: string | null;
    documents: ClaimDocument[];
    flags: ClaimFlags;
    submittedDate: string;
  };
};

/** An approval's amount and, when the claim was flagged, the override with the flags it set aside. */
export type ClaimDecision = {
  /** Decimal string with two places; at most the deceased's cover. */
  approvedAmount: string;
  /** The South African date of the approval: a payout is not dated before it. */
  approvedOn: string;
  override: { flags: ClaimOverridableFlag[]; reason: string } | null;
};

export type ClaimRejection = { reason: ClaimRejectionReason; detail: string | null };

/** Paid to the claimant's bank account on the claim: its holder and the account number's last four digits. */
export type ClaimPayout = {
  amount: string;
  paidOn: string;
  reference: string;
  accountHolder: string;
  accountLast4: string;
};

/**
 * Who and when come from the event's metadata (actor) and recorded time. decision, rejection and
 * payout came with issue #23: a move to approved, rejected or paid carries its own; older events have none.
 */
export type ClaimStatusChanged = {
  type: 'ClaimStatusChanged';
  data: {
    claimId: string;
    companyId: string;
    from: ClaimStatus;
    to: ClaimStatus;
    note: string | null;
    decision?: ClaimDecision;
    rejection?: ClaimRejection;
    payout?: ClaimPayout;
    /** An approval's or rejection's instant (ISO 8601): where the decision clock stopped. Absent before the clock. */
    decidedAt?: string;
  };
};

export type ClaimDocumentReviewed = {
  type: 'ClaimDocumentReviewed';
  data: {
    claimId: string;
    companyId: string;
    documentId: string;
    from: DocumentStatus;
    to: Exclude<DocumentStatus, 'pending'>;
    note: string | null;
  };
};

/** Why a claim's decision deadline moved out by 14 business days (Policyholder Protection Rule 2A.8). */
export type DeadlineExtensionReason = 'sent_to_underwriter' | 'disputed';

/**
 * The Policyholder Protection Rules' decision clock (rule 2A.8, issue #23) started: the review that verified
 * the last of the claim form's documents. The deadline is worked out once, when the clock starts, and kept
 * in the event, so the history reads the same whatever a later holidays calendar says. Instants are ISO 8601.
 * businessDays is 2, or 16 when the claim was sent to the underwriter before its documents were verified.
 */
export type ClaimDecisionClockStarted = {
  type: 'ClaimDecisionClockStarted';
  data: { claimId: string; companyId: string; startedAt: string; decisionDueAt: string; businessDays: number };
};

/** A running clock given 14 more business days (a claim sent to the underwriter, or disputed); once per claim. */
export type ClaimDecisionDeadlineExtended = {
  type: 'ClaimDecisionDeadlineExtended';
  data: { claimId: string; companyId: string; decisionDueAt: string; businessDays: number; reason: DeadlineExtensionReason };
};

/** Staff recorded that the claim is disputed, and why (issue #23): its decision has 14 more business days. */
export type ClaimDisputed = { type: 'ClaimDisputed'; data: { claimId: string; companyId: string; reason: string } };

export type ClaimEvent =
  | ClaimSubmitted
  | ClaimDisputed
  | ClaimStatusChanged
  | ClaimDocumentReviewed
  | ClaimDecisionClockStarted
  | ClaimDecisionDeadlineExtended;

export const claimStreamId = (claimId: string) => `claim-${claimId}`;
export const deceasedSubjectId = (claimId: string) => `claim-deceased:${claimId}`;
export const claimantSubjectId = (claimId: string) => `claim-claimant:${claimId}`;

export function claimPii(event: ClaimEvent): PiiMarking[] | undefined {
  if (event.type === 'ClaimStatusChanged') {
    // The account a payout went to is the claimant's, sealed with the claimant's key like the bank fields.
    return event.data.payout
      ? [{ subjectId: claimantSubjectId(event.data.claimId), fields: ['payout.accountHolder', 'payout.accountLast4'] }]
      : undefined;
  }
  if (event.type !== 'ClaimSubmitted') return undefined;
  const { claimId, memberId } = event.data;
  return [
    { subjectId: `member:${memberId}`, fields: ['memberName'] },
    {
      subjectId: deceasedSubjectId(claimId),
      fields: [
        'deceasedFirstName',
        'deceasedLastName',
        'deceasedSaId',
        'deceasedDateOfBirth',
        'deceasedDateOfDeath',
        'causeOfDeath',
        'deathCertificateNumber',
      ],
    },
    {
      subjectId: claimantSubjectId(claimId),
      fields: [
        'claimantFirstName',
        'claimantLastName',
        'claimantSaId',
        'claimantPhone',
        'claimantEmail',
        'claimantAddress',
        'bankAccountNumber',
        'bankName',
        'bankBranchCode',
        'accountHolderName',
        'additionalNotes',
      ],
    },
  ];
}

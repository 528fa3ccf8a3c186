import type { PiiMarking } from '../event-store/types.ts';
import type { ClaimStatus } from '../validation/index.ts';

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
  /** The date of death falls before policy start + waiting period. */
  withinWaitingPeriod: boolean;
  waitingPeriodEndsOn: string;
  /** The amount claimed is more than the policy's cover. */
  exceedsCover: boolean;
  coverageAmount: string;
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

/** Who and when come from the event's metadata (actor) and recorded time. */
export type ClaimStatusChanged = {
  type: 'ClaimStatusChanged';
  data: { claimId: string; companyId: string; from: ClaimStatus; to: ClaimStatus; note: string | null };
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

export type ClaimEvent = ClaimSubmitted | ClaimStatusChanged | ClaimDocumentReviewed;

export const claimStreamId = (claimId: string) => `claim-${claimId}`;
export const deceasedSubjectId = (claimId: string) => `claim-deceased:${claimId}`;
export const claimantSubjectId = (claimId: string) => `claim-claimant:${claimId}`;

export function claimPii(event: ClaimEvent): PiiMarking[] | undefined {
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

import type { BadgeTone } from '../../ui/Badge';
import type { DocumentCategory, DocumentStatus } from './documents.operations';

export const DOCUMENT_CATEGORIES = [
  'death_certificate',
  'identity_document',
  'bank_statement',
  'medical_report',
  'policy_document',
  'other',
] as const satisfies readonly DocumentCategory[];

export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const satisfies readonly DocumentStatus[];

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  death_certificate: 'Death Certificate',
  identity_document: 'Identity Document',
  bank_statement: 'Bank Statement',
  medical_report: 'Medical Report',
  policy_document: 'Policy Document',
  other: 'Other',
};

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** Spec part 2 §4: pending yellow, verified green, rejected red. */
export const DOCUMENT_STATUS_TONES: Record<DocumentStatus, BadgeTone> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'dangerSoft',
};

/** Who may verify or reject a document: the roles that handle claims. */
export const DOCUMENT_REVIEW_ROLES: readonly string[] = ['administrator', 'claim_admin'];

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { normalizeSearch, parameters, prefixPattern } from '../portfolio/portfolio.paging.ts';
import { isUuid } from '../portfolio/uuid.ts';

/** Part 2 §4: a document is pending until staff verify or reject it. */
export type DocumentStatus = 'pending' | 'verified' | 'rejected';
export type DocumentCategory =
  | 'death_certificate'
  | 'identity_document'
  | 'bank_statement'
  | 'medical_report'
  | 'policy_document'
  | 'other';

export type DocumentRow = {
  id: string;
  originalName: string;
  claimId: string;
  claimNumber: string;
  /** The policy holder's name as on the claim ('[erased]' once erased). */
  memberName: string;
  /** The claim form's upload field (deceasedIdDocument, deathCertificateDocument, ...). */
  field: string;
  category: DocumentCategory;
  status: DocumentStatus;
  /** Bytes. */
  size: number;
  contentType: string;
  sha256: string;
  /** The uploader's "First Last"; null when the user is not known. */
  uploadedBy: string | null;
  uploadedAt: Date;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reviewNote: string | null;
  companyId: string;
  /** Null only when the company is not (yet) in the companies read model. */
  companyName: string | null;
};

export type DocumentListArgs = {
  search?: string | null;
  category?: DocumentCategory | null;
  status?: DocumentStatus | null;
  /** At most DOCUMENT_LIST_LIMIT (the default); skipping `offset` rows (REST paging). */
  limit?: number | null;
  offset?: number | null;
};

/** Newest first, at most DOCUMENT_LIST_LIMIT; truncated says more matched (narrow the search or page on). */
export type DocumentList = { nodes: DocumentRow[]; truncated: boolean };

export const DOCUMENT_LIST_LIMIT = 500;

const personName = (alias: string) => `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

const COLUMNS = `d.id, d.original_name as "originalName", d.claim_id as "claimId", d.claim_number as "claimNumber",
  d.member_name as "memberName", d.field, d.category, d.status, d.size, d.content_type as "contentType", d.sha256,
  ${personName('up')} as "uploadedBy", d.uploaded_at as "uploadedAt", ${personName('rv')} as "reviewedBy",
  d.reviewed_at as "reviewedAt", d.review_note as "reviewNote", d.company_id as "companyId",
  co.name as "companyName"`;

const FROM = `
  from claim_documents d
  left join user_accounts up on up.id = d.uploaded_by
  left join user_accounts rv on rv.id = d.reviewed_by
  left join companies co on co.id = d.company_id`;

const ORDER = 'order by d.uploaded_at desc, d.position desc, d.ordinal';

/**
 * The documents screen. companyId null is the platform operator's view of every company (each row
 * names its company); callers pass the session's company otherwise, never the request's. Search is
 * a case-insensitive substring of the file name, the claim number or the member name.
 */
export async function listDocuments(sql: SqlExecutor, companyId: string | null, args: DocumentListArgs = {}): Promise<DocumentList> {
  const p = parameters();
  const where = ['true'];
  if (companyId !== null) where.push(`d.company_id = ${p.add(companyId)}`);
  if (args.category) where.push(`d.category = ${p.add(args.category)}`);
  if (args.status) where.push(`d.status = ${p.add(args.status)}`);
  const search = normalizeSearch(args.search);
  if (search) {
    const pattern = p.add(`%${prefixPattern(search)}`);
    where.push(`(lower(d.original_name) like lower(${pattern})
              or lower(d.claim_number) like lower(${pattern})
              or lower(d.member_name) like lower(${pattern}))`);
  }
  const limit = Math.min(args.limit ?? DOCUMENT_LIST_LIMIT, DOCUMENT_LIST_LIMIT);
  const rows = await sql.query<DocumentRow>(
    `select ${COLUMNS} ${FROM} where ${where.join(' and ')} ${ORDER} limit ${p.add(limit + 1)} offset ${p.add(args.offset ?? 0)}`,
    p.values,
  );
  return { nodes: rows.slice(0, limit), truncated: rows.length > limit };
}

/** One document, for View and Download: null when it is another company's (companyId null: any company). */
export async function findDocument(sql: SqlExecutor, companyId: string | null, id: string): Promise<DocumentRow | null> {
  if (!isUuid(id)) return null;
  const rows = await sql.query<DocumentRow>(`select ${COLUMNS} ${FROM} where d.id = $1 and ($2::uuid is null or d.company_id = $2::uuid)`, [
    id,
    companyId,
  ]);
  return rows[0] ?? null;
}

/** A claim's files in the order of its form (the claim detail's list). */
export async function claimDocuments(sql: SqlExecutor, companyId: string, claimId: string): Promise<DocumentRow[]> {
  return sql.query<DocumentRow>(`select ${COLUMNS} ${FROM} where d.company_id = $1 and d.claim_id = $2 ${ORDER}`, [companyId, claimId]);
}

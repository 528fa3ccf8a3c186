import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError, ValidationError } from '../errors.ts';

/**
 * Uploaded files as operational state, not events: the bytes live in an object store, this table
 * says whose they are, whether the upload finished, and which claim they belong to. A claim's
 * events refer to an object by its canonical path `/objects/<id>`.
 *
 * Lifecycle: pending (URL handed out) → uploading (the one PUT that may use it) → stored, or
 * → failed when that PUT was refused or broke. The token works once: pending → uploading is a
 * single conditional UPDATE, so of two concurrent PUTs only one gets in.
 */
export type StoredObjectStatus = 'pending' | 'uploading' | 'stored' | 'failed';

export type StoredObject = {
  id: string;
  companyId: string;
  createdBy: string;
  status: StoredObjectStatus;
  expiresAt: Date;
  originalName: string | null;
  contentType: string | null;
  size: number | null;
  sha256: string | null;
  storageKey: string | null;
  storedAt: Date | null;
  claimId: string | null;
  createdAt: Date;
  /** What a claim stores: `/objects/<id>`. */
  objectPath: string;
};

export const UPLOAD_URL_TTL_MINUTES = 15;
/** Issued, unused, unexpired upload URLs one user may hold at once (each reserves a row until it expires). */
export const MAX_OUTSTANDING_UPLOAD_URLS = 50;
export const TOO_MANY_UPLOAD_URLS = `You have ${MAX_OUTSTANDING_UPLOAD_URLS} upload links waiting to be used. Upload those files, or wait up to ${UPLOAD_URL_TTL_MINUTES} minutes for the unused links to expire, then try again.`;
export const UPLOAD_LINK_INVALID = 'This upload link is invalid, has expired or was already used. Please upload the file again.';
export const DOCUMENT_NOT_FOUND = 'The uploaded document could not be found. Please upload the file again.';
export const DOCUMENT_NOT_STORED = 'The document upload did not finish. Please upload the file again.';
export const DOCUMENT_ATTACHED_ELSEWHERE = 'This document is already attached to another claim';
export const DOCUMENT_USED_TWICE = 'The same uploaded file cannot be used for two documents';

export async function migrateStoredObjects(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists stored_objects (
      id uuid primary key,
      company_id uuid not null,
      created_by uuid not null,
      token_hash text not null,
      expires_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending', 'uploading', 'stored', 'failed')),
      original_name text,
      content_type text,
      size bigint,
      sha256 text,
      storage_key text,
      stored_at timestamptz,
      claim_id uuid,
      created_at timestamptz not null default now()
    );
    create index if not exists stored_objects_claim on stored_objects (claim_id) where claim_id is not null;
    create index if not exists stored_objects_company on stored_objects (company_id, created_at);
    create index if not exists stored_objects_pending on stored_objects (created_by, expires_at) where status = 'pending';
  `);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isObjectId(value: string): boolean {
  return UUID.test(value);
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function objectPath(id: string): string {
  return `/objects/${id}`;
}

type Row = {
  id: string;
  company_id: string;
  created_by: string;
  status: StoredObjectStatus;
  expires_at: Date;
  original_name: string | null;
  content_type: string | null;
  size: number | string | null;
  sha256: string | null;
  storage_key: string | null;
  stored_at: Date | null;
  claim_id: string | null;
  created_at: Date;
};

const COLUMNS = `id, company_id, created_by, status, expires_at, original_name, content_type, size, sha256,
  storage_key, stored_at, claim_id, created_at`;

function toObject(row: Row): StoredObject {
  return {
    id: row.id,
    companyId: row.company_id,
    createdBy: row.created_by,
    status: row.status,
    expiresAt: row.expires_at,
    originalName: row.original_name,
    contentType: row.content_type,
    size: row.size === null ? null : Number(row.size),
    sha256: row.sha256,
    storageKey: row.storage_key,
    storedAt: row.stored_at,
    claimId: row.claim_id,
    createdAt: row.created_at,
    objectPath: objectPath(row.id),
  };
}

/**
 * A random 256-bit token for one upload; only its hash is kept, so the table leaks no usable URL.
 * Refused (429) while the user holds MAX_OUTSTANDING_UPLOAD_URLS issued, unused, unexpired URLs:
 * one statement counts and inserts, so a loop of requests cannot fill the table.
 */
export async function createUploadSlot(
  sql: SqlExecutor,
  input: { companyId: string; userId: string; now?: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MINUTES * 60_000);
  const rows = await sql.query(
    `insert into stored_objects (id, company_id, created_by, token_hash, expires_at)
     select $1, $2, $3, $4, $5
      where (select count(*) from stored_objects where created_by = $3 and status = 'pending' and expires_at > $6) < $7
     returning id`,
    [id, input.companyId, input.userId, hashToken(token), expiresAt, now, MAX_OUTSTANDING_UPLOAD_URLS],
  );
  if (rows.length === 0) throw new DomainError('RATE_LIMITED', TOO_MANY_UPLOAD_URLS);
  return { id, token, expiresAt };
}

/** Claims the slot for the one upload it allows; refused when the token is wrong, expired or used. */
export async function beginUpload(sql: SqlExecutor, id: string, token: string, now: Date = new Date()): Promise<StoredObject> {
  if (!isObjectId(id) || !token) throw new DomainError('INVALID_TOKEN', UPLOAD_LINK_INVALID);
  const rows = await sql.query<Row>(
    `update stored_objects set status = 'uploading'
       where id = $1 and token_hash = $2 and status = 'pending' and expires_at > $3
     returning ${COLUMNS}`,
    [id, hashToken(token), now],
  );
  if (!rows[0]) throw new DomainError('INVALID_TOKEN', UPLOAD_LINK_INVALID);
  return toObject(rows[0]);
}

export async function completeUpload(
  sql: SqlExecutor,
  id: string,
  file: { originalName: string; contentType: string; size: number; sha256: string; storageKey: string },
  now: Date = new Date(),
): Promise<StoredObject> {
  const rows = await sql.query<Row>(
    `update stored_objects
        set status = 'stored', original_name = $2, content_type = $3, size = $4, sha256 = $5, storage_key = $6, stored_at = $7
      where id = $1 and status = 'uploading'
     returning ${COLUMNS}`,
    [id, file.originalName, file.contentType, file.size, file.sha256, file.storageKey, now],
  );
  // Only the request that began the upload holds it in 'uploading'; anything else is a bug.
  if (!rows[0]) throw new Error(`stored object ${id} is not being uploaded`);
  return toObject(rows[0]);
}

/** The upload was refused or broke: the slot becomes unusable (the client asks for a new URL). */
export async function failUpload(sql: SqlExecutor, id: string): Promise<void> {
  await sql.query(`update stored_objects set status = 'failed' where id = $1 and status = 'uploading'`, [id]);
}

export async function findStoredObject(sql: SqlExecutor, id: string): Promise<StoredObject | null> {
  if (!isObjectId(id)) return null;
  const rows = await sql.query<Row>(`select ${COLUMNS} from stored_objects where id = $1`, [id]);
  return rows[0] ? toObject(rows[0]) : null;
}

/**
 * The object id in what a client keeps in a claim's document field: the upload URL it PUT to
 * (absolute or relative, with or without its query string), or the canonical `/objects/<id>`.
 */
export function objectIdFromReference(reference: string): string | null {
  let path: string;
  try {
    path = new URL(reference.trim(), 'http://reference.invalid').pathname;
  } catch {
    return null;
  }
  const match = /^(?:\/api)?\/objects\/(?:uploads\/)?([^/]+)\/?$/.exec(path);
  return match && isObjectId(match[1]!) ? match[1]!.toLowerCase() : null;
}

/**
 * The stored object a claim's document field refers to, for the caller's company. Another
 * company's object is answered exactly like an unknown one. `field` names the input field in the
 * refusal's issues, so the form can show the message beside the right upload.
 */
export async function resolveObjectReference(
  sql: SqlExecutor,
  companyId: string,
  reference: string,
  field?: string,
): Promise<StoredObject> {
  const refuse = (message: string) => new ValidationError(message, field ? [{ path: [field], message }] : []);
  const id = objectIdFromReference(reference);
  const object = id ? await findStoredObject(sql, id) : null;
  if (!object || object.companyId !== companyId) throw refuse(DOCUMENT_NOT_FOUND);
  if (object.status !== 'stored') throw refuse(DOCUMENT_NOT_STORED);
  return object;
}

/**
 * Inside the caller's append transaction: the objects become the claim's, or the whole append
 * rolls back. The conditional UPDATE locks each row, so of two claims racing for one object the
 * second re-checks `claim_id is null` after the first commits and is refused.
 */
export async function attachObjects(tx: SqlExecutor, companyId: string, objectIds: readonly string[], claimId: string): Promise<void> {
  const ids = objectIds.map((id) => id.toLowerCase());
  if (new Set(ids).size !== ids.length) throw new ValidationError(DOCUMENT_USED_TWICE);
  if (ids.some((id) => !isObjectId(id))) throw new ValidationError(DOCUMENT_NOT_FOUND);
  if (ids.length === 0) return;
  const attached = await tx.query<{ id: string }>(
    `update stored_objects set claim_id = $3
       where id = any($1::uuid[]) and company_id = $2 and status = 'stored' and (claim_id is null or claim_id = $3)
     returning id`,
    [ids, companyId, claimId],
  );
  if (attached.length === ids.length) return;
  const done = new Set(attached.map((row) => row.id));
  const missing = ids.filter((id) => !done.has(id));
  const rows = await tx.query<Row>(`select ${COLUMNS} from stored_objects where id = any($1::uuid[])`, [missing]);
  const others = rows.map(toObject).filter((o) => o.companyId === companyId);
  if (others.some((o) => o.status === 'stored' && o.claimId !== null && o.claimId !== claimId)) {
    throw new DomainError('RULE_VIOLATED', DOCUMENT_ATTACHED_ELSEWHERE);
  }
  if (others.length === missing.length) throw new ValidationError(DOCUMENT_NOT_STORED);
  throw new ValidationError(DOCUMENT_NOT_FOUND);
}

import { beginUpload, completeUpload, createUploadSlot, DomainError, failUpload, findStoredObject, NotFoundError } from '@fpa/write-model';
import { findCompany } from '@fpa/projections';
import { isSecureRequest, type RequestContext } from '../context.ts';
import { authorize, requireCompanyUser } from '../auth/policy.ts';
import { contentDisposition, MAX_UPLOAD_BYTES, originalFileName } from './file-types.ts';
import { receiveFile } from './receive.ts';

export type UploadAnswer = { objectPath: string; size: number; contentType: string; originalName: string };

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const UPLOADS_SUSPENDED = 'Your company account has been suspended, so files cannot be uploaded. Please contact support.';

/**
 * Spec part 2 §7: `POST /api/objects/upload` answers `{uploadURL}`, an absolute, single-use URL on
 * this server that expires in 15 minutes. Its token is the credential of the PUT, so the widget can
 * send the file without anything else.
 */
export async function requestUploadURL(ctx: RequestContext): Promise<{ uploadURL: string }> {
  const user = requireCompanyUser(ctx.user, 'documents:upload');
  const slot = await createUploadSlot(ctx.services.sql, { companyId: user.companyId, userId: user.id, now: ctx.services.now() });
  const origin = new URL(ctx.request.url);
  if (isSecureRequest(ctx.request)) origin.protocol = 'https:'; // behind a TLS-terminating proxy
  const base = (ctx.services.config.publicUrl ?? origin.origin).replace(/\/+$/, '');
  return { uploadURL: `${base}/api/objects/uploads/${slot.id}?token=${encodeURIComponent(slot.token)}` };
}

/**
 * `PUT /api/objects/uploads/:id?token=...`: the body streams to the object store. The slot is taken
 * first (so a URL works once, even for a refused file); any refusal or failure after that marks it
 * failed and removes whatever reached the store, so nothing half-uploaded is ever referenced.
 */
export async function receiveUpload(ctx: RequestContext, id: string, token: string | null): Promise<UploadAnswer> {
  const { sql, objects, logger } = ctx.services;
  // Issued and checked on the same request clock (services.now).
  const slot = await beginUpload(sql, id, token ?? '', ctx.services.now());
  // A URL issued before the company was suspended carries no session, so the company is checked here.
  const company = await findCompany(sql, slot.companyId);
  if (!company?.isActive) {
    await failUpload(sql, slot.id);
    throw new DomainError('COMPANY_SUSPENDED', UPLOADS_SUSPENDED);
  }
  const storageKey = `${slot.companyId}/${slot.id}`;
  const originalName = originalFileName(ctx.request.headers.get('x-file-name'));
  let reachedStore = false;
  try {
    const file = await receiveFile(ctx.request, MAX_UPLOAD_BYTES);
    reachedStore = true;
    await objects.put(storageKey, file.content);
    const { size, sha256 } = file.measured();
    const stored = await completeUpload(sql, slot.id, { originalName, contentType: file.type.contentType, size, sha256, storageKey });
    return { objectPath: stored.objectPath, size, contentType: file.type.contentType, originalName };
  } catch (error) {
    // put() leaves nothing on failure; the delete covers a put that finished before a later step failed.
    if (reachedStore)
      await objects.delete(storageKey).catch((err: unknown) => logger.error({ err, storageKey }, 'could not remove a failed upload'));
    await failUpload(sql, slot.id);
    throw error;
  }
}

/**
 * `GET /api/documents/:id/view|download`: the stored file with the type it was recognised as.
 * Another company's document answers exactly like an unknown one, so ids reveal nothing.
 */
export async function serveDocument(ctx: RequestContext, id: string, disposition: 'inline' | 'attachment'): Promise<Response> {
  const user = authorize(ctx.user, 'documents:read')!;
  const object = await findStoredObject(ctx.services.sql, id);
  const visible = object?.status === 'stored' && (user.role === 'super_admin' || object.companyId === user.companyId);
  if (!object || !visible || !object.storageKey) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const body = await ctx.services.objects.get(object.storageKey);
  if (!body) {
    ctx.services.logger.error({ objectId: object.id, storageKey: object.storageKey }, 'stored object missing from the object store');
    throw new NotFoundError(DOCUMENT_NOT_FOUND);
  }
  return new Response(body, {
    headers: {
      'content-type': object.contentType ?? 'application/octet-stream',
      ...(object.size !== null ? { 'content-length': String(object.size) } : {}),
      'content-disposition': contentDisposition(disposition, object.originalName ?? 'document'),
      'x-content-type-options': 'nosniff',
      // Identity documents and bank letters: never kept by shared caches or the browser's disk cache.
      'cache-control': 'private, no-store',
    },
  });
}

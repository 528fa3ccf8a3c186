import { FILE_TOO_LARGE_DESCRIPTION, FILE_TOO_LARGE_TITLE, UPLOAD_MAX_BYTES } from '@fpa/write-model/validation';
import { authHeaders } from '../../app/authToken';

/** What the widget accepts (spec part 1 §9): images, PDF, DOC, DOCX. The server checks the content too. */
export const ACCEPTED_FILE_TYPES = [
  'image/*',
  'application/pdf',
  '.pdf',
  'application/msword',
  '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.docx',
];

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES;

/** The toasts of spec part 1 §8, title and description. */
export const UPLOAD_MESSAGES = {
  tooLarge: { title: FILE_TOO_LARGE_TITLE, description: FILE_TOO_LARGE_DESCRIPTION },
  failed: { title: 'Upload failed', description: 'There was an error uploading your file' },
} as const;

/** The stored file, as the PUT answers: `objectPath` is what a claim's document field takes. */
export type UploadedFile = { objectPath: string; size: number; contentType: string; originalName: string };

export type UploadFailure = 'tooLarge' | 'failed';

export class UploadError extends Error {
  constructor(
    readonly kind: UploadFailure,
    message: string,
    /** The server's own words when it gave some (e.g. an unsupported type), for the widget's line. */
    readonly detail?: string,
    /** False when sending the same file again cannot help (its type or size was refused). */
    readonly retryable = kind === 'failed',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export function isTooLarge(file: Pick<File, 'size'>): boolean {
  return file.size > MAX_UPLOAD_BYTES;
}

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/objects/upload: a single-use URL to PUT one file to (spec part 2 §7). */
export async function requestUploadURL(signal?: AbortSignal): Promise<string> {
  try {
    const response = await fetch('/api/objects/upload', {
      method: 'POST',
      credentials: 'include',
      headers: authHeaders(),
      signal,
    });
    if (!response.ok) throw new UploadError('failed', UPLOAD_MESSAGES.failed.description, await serverMessage(response));
    const { uploadURL } = (await response.json()) as { uploadURL?: unknown };
    if (typeof uploadURL !== 'string' || !uploadURL) throw new UploadError('failed', 'The server sent no upload URL');
    return uploadURL;
  } catch (error) {
    // Spec part 2 §8: a failure to obtain an upload URL is logged and rethrown.
    console.error('Could not obtain an upload URL', error);
    throw error;
  }
}

/**
 * One file: checked against the 10 MB limit before anything is sent, then an upload URL, then the
 * body PUT with its content type and its name. A 413 (the server counts too) is 'File too large';
 * anything else that is not OK is 'Upload failed'.
 */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  if (isTooLarge(file)) throw new UploadError('tooLarge', UPLOAD_MESSAGES.tooLarge.description);
  const url = await requestUploadURL(signal);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      credentials: 'include',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
        ...authHeaders(),
      },
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UploadError('failed', UPLOAD_MESSAGES.failed.description);
  }
  if (response.status === 413) throw new UploadError('tooLarge', UPLOAD_MESSAGES.tooLarge.description);
  if (!response.ok) {
    // 415 (not an image, PDF, DOC or DOCX by its content) and 400 refuse the file itself.
    const retryable = response.status !== 415 && response.status !== 400;
    throw new UploadError('failed', UPLOAD_MESSAGES.failed.description, await serverMessage(response), retryable);
  }
  const answer = (await response.json()) as Partial<UploadedFile>;
  if (typeof answer.objectPath !== 'string' || !answer.objectPath) {
    throw new UploadError('failed', UPLOAD_MESSAGES.failed.description);
  }
  return {
    objectPath: answer.objectPath,
    size: typeof answer.size === 'number' ? answer.size : file.size,
    contentType: answer.contentType ?? file.type,
    originalName: answer.originalName ?? file.name,
  };
}

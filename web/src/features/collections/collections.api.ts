import type { BatchFileFormat } from '@fpa/write-model/validation';
import { authHeaders } from '../../app/authToken';

/** What a result file did (POST /api/collections/results answers as GraphQL's importCollectionResults). */
export type ResultImport = { fileId: string; collected: number; unpaid: number; unmatched: number; duplicates: number };

/** A refusal with the server's own sentence (a 400 naming the line, a 422 with no collecting account). */
export class CollectionsRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CollectionsRequestError';
  }
}

async function refusal(response: Response): Promise<CollectionsRequestError> {
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: the status says it
  }
  return new CollectionsRequestError(message || `${response.status}: ${response.statusText || 'Request failed'}`, response.status);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, {
      ...init,
      credentials: 'include',
      headers: { ...authHeaders(), ...(init.headers as Record<string, string>) },
    });
  } catch {
    throw new CollectionsRequestError('Network request failed', 0);
  }
}

/**
 * The result file sent as it is (its bytes, not text the browser decoded): the server decodes it
 * strictly as UTF-8 and answers a clear 400 for another encoding, a 4xx naming the line for a bad one.
 */
export async function importResultFile(file: File): Promise<ResultImport> {
  const response = await send('/api/collections/results', {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv', 'X-File-Name': encodeURIComponent(file.name) },
    body: file,
  });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as ResultImport;
}

/** The file name the server gave (content-disposition), else one from the batch's date. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** GET /api/collections/batches/{id}/file with the session, handed to the browser as a download. */
export async function downloadBatchFile(batchId: string, format: BatchFileFormat, debitDate: string): Promise<void> {
  const response = await send(`/api/collections/batches/${encodeURIComponent(batchId)}/file?format=${format}`, { method: 'GET' });
  if (!response.ok) throw await refusal(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `debits-${debitDate}.${format}`);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

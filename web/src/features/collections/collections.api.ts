import type { BatchFileFormat } from '@fpa/write-model/validation';
import { downloadFrom, refusalOf as refusal, sendWithSession as send } from '../../app/fileDownload';

/** What a result file did (POST /api/collections/results answers as GraphQL's importCollectionResults). */
export type ResultImport = { fileId: string; collected: number; unpaid: number; unmatched: number; duplicates: number };

/** A refusal with the server's own sentence (a 400 naming the line, a 422 with no collecting account). */
export { FileRequestError as CollectionsRequestError } from '../../app/fileDownload';

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

/** GET /api/collections/batches/{id}/file with the session, handed to the browser as a download. */
export function downloadBatchFile(batchId: string, format: BatchFileFormat, debitDate: string): Promise<void> {
  return downloadFrom(`/api/collections/batches/${encodeURIComponent(batchId)}/file?format=${format}`, `debits-${debitDate}.${format}`);
}

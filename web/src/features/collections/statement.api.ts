import { authHeaders } from '../../app/authToken';
import { CollectionsRequestError } from './collections.api';

/** What a statement did (POST /api/collections/statements answers as GraphQL's importBankStatement). */
export type StatementImport = {
  statementId: string;
  credits: number;
  matched: number;
  unmatched: number;
  suggested: number;
  duplicates: number;
  debitsIgnored: number;
};

/**
 * The bank statement sent as it is (its bytes: the server decodes it strictly as UTF-8 and tells CSV
 * from OFX itself), like the result file. A refusal carries the server's sentence; a CSV whose
 * columns are not chosen yet is refused 400 naming its header row.
 */
export async function importStatementFile(file: File): Promise<StatementImport> {
  let response: Response;
  try {
    response = await fetch('/api/collections/statements', {
      method: 'POST',
      credentials: 'include',
      headers: { ...authHeaders(), 'Content-Type': 'text/csv', 'X-File-Name': encodeURIComponent(file.name) },
      body: file,
    });
  } catch {
    throw new CollectionsRequestError('Network request failed', 0);
  }
  if (response.ok) return (await response.json()) as StatementImport;
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: the status says it
  }
  throw new CollectionsRequestError(message || `${response.status}: ${response.statusText || 'Request failed'}`, response.status);
}

const HEADER_ROW = /The file's header row is: (.*)\.$/s;

/**
 * The refusal that asks the clerk to choose the columns ("Choose which columns…"), with the header
 * names it lists (empty when they cannot be read from it: the form then takes free text); null for
 * any other refusal.
 */
export function columnsRequest(message: string): { headers: string[] } | null {
  if (!message.startsWith('Choose which columns')) return null;
  const listed = HEADER_ROW.exec(message)?.[1] ?? '';
  const headers = listed
    .split(', ')
    .map((h) => h.trim())
    .filter((h, i, all) => h !== '' && all.indexOf(h) === i);
  return { headers };
}

import { authHeaders } from './authToken';

/** A refusal of a file request, with the server's own sentence when it sent one. */
export class FileRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'FileRequestError';
  }
}

/** The server's message of a refusal (JSON `message`), else its status. */
export async function refusalOf(response: Response): Promise<FileRequestError> {
  let message = '';
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // not JSON: the status says it
  }
  return new FileRequestError(message || `${response.status}: ${response.statusText || 'Request failed'}`, response.status);
}

/** A REST request with the session (cookie and stored token), for what GraphQL does not carry: files. */
export async function sendWithSession(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, {
      ...init,
      credentials: 'include',
      headers: { ...authHeaders(), ...(init.headers as Record<string, string>) },
    });
  } catch {
    throw new FileRequestError('Network request failed', 0);
  }
}

/** Hands a blob to the browser as a file download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET a file with the session and hand it to the browser, named as the server says (content-disposition). */
export async function downloadFrom(path: string, fallbackName: string): Promise<void> {
  const response = await sendWithSession(path, { method: 'GET' });
  if (!response.ok) throw await refusalOf(response);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadBlob(named ?? fallbackName, await response.blob());
}

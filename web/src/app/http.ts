import { authHeaders } from './authToken';

/**
 * The REST calls that are not GraphQL (the assistant). Same rules as the spec's request helper:
 * cookies and bearer token always, a JSON Content-Type only with a body, and a non-OK answer
 * becomes an error reading "status: body" (or the status text when the body is empty).
 */
export async function postJson<T>(path: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify(body),
      signal: init.signal,
    });
  } catch (error) {
    throw error instanceof Error ? error : new Error('Network request failed');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  return (await response.json()) as T;
}

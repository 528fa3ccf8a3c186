import { Agent, request } from 'node:http';

export type LightClient = {
  /** The request with a JSON body (when given) and the bearer token; the answer parsed, or an error naming the status. */
  json<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  close(): void;
};

/**
 * A keep-alive HTTP/1.1 client on node:http for the open-loop drivers (read-your-writes). `fetch` cost the bench's
 * process 2.4–3.9 ms of CPU per registration and its read (two requests), CPU taken from the processes measured on
 * the same two cores; a client elsewhere would not take it. The answers are the same bytes either way.
 */
export function lightClient(baseUrl: string, maxSockets = 256): LightClient {
  // A timeout lets the agent honour the server's Keep-Alive hint (Node drops an idle socket a second before the server
  // would): without one, a socket idle for the server's 5 s was taken for the next request as the server closed it, and
  // that request failed with ECONNRESET (seen once in the production shape's warm-up). An active request is not timed.
  const agent = new Agent({ keepAlive: true, maxSockets, timeout: 60_000 });
  const { hostname, port } = new URL(baseUrl);
  return {
    json: <T>(method: string, path: string, body?: unknown, token?: string) =>
      new Promise<T>((resolve, reject) => {
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
        const headers: Record<string, string | number> = {};
        if (payload) {
          headers['content-type'] = 'application/json';
          headers['content-length'] = payload.length;
        }
        if (token) headers.authorization = `Bearer ${token}`;
        const req = request({ agent, hostname, port, method, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) reject(new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`));
            else resolve((text ? JSON.parse(text) : null) as T);
          });
        });
        req.on('error', reject);
        req.end(payload);
      }),
    close: () => agent.destroy(),
  };
}

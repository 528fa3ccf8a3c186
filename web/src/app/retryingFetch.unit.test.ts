import { describe, expect, it } from 'vitest';
import { retryingFetch } from './retryingFetch';

type Sent = { key: string | null; body: string };

/** A gateway that answers each send with the next answer given, and records what was sent. */
function gateway(...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ key: new Headers(init?.headers).get('idempotency-key'), body: String(init?.body) });
    const next = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    return next();
  }) as typeof fetch;
  return { base, sent };
}

const mutation = JSON.stringify({ query: 'mutation AddAgent($input: AddAgentInput!) { addAgent(input: $input) { id } }', variables: {} });
const query = JSON.stringify({ query: 'query Agents { agents { id } }' });
const unavailable = () =>
  Response.json(
    { message: 'The database is not reachable for a moment', code: 'DATABASE_UNAVAILABLE', issues: [] },
    { status: 503, headers: { 'retry-after': '2' } },
  );
const retryableGraphQL = () =>
  Response.json({
    data: null,
    errors: [
      { message: 'The database is not reachable', extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true, retryAfterSeconds: 3 } },
    ],
  });
const done = () => Response.json({ data: { addAgent: { id: 'a1' } } });
const refused = () => Response.json({ data: null, errors: [{ message: 'Agent code taken', extensions: { code: 'ALREADY_EXISTS' } }] });

describe('the GraphQL client’s fetch (issue #28: commands during a database failover)', () => {
  it('sends a mutation again with the same Idempotency-Key after a 503 or a retryable GraphQL error, waiting as asked', async () => {
    const { base, sent } = gateway(unavailable, retryableGraphQL, done);
    const waits: number[] = [];
    let keys = 0;
    const send = retryingFetch(base, { wait: async (ms) => void waits.push(ms), newKey: () => `key-${++keys}` });
    const response = await send('/graphql', { method: 'POST', body: mutation, headers: { authorization: 'Bearer t' } });
    expect(await response.json()).toEqual({ data: { addAgent: { id: 'a1' } } });
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(sent.every((s) => s.body === mutation)).toBe(true);
    expect(waits).toEqual([2000, 3000]);
    // The next mutation is another command: a new key.
    await send('/graphql', { method: 'POST', body: mutation });
    expect(sent.at(-1)!.key).toBe('key-2');
  });

  it('gives up after its attempts, answering the last failure', async () => {
    const { base, sent } = gateway(unavailable);
    const send = retryingFetch(base, { attempts: 3, wait: async () => {} });
    const response = await send('/graphql', { method: 'POST', body: mutation });
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(3);
  });

  it('never retries a query or a refusal, and sends a query without a key', async () => {
    const queries = gateway(unavailable, done);
    const send = retryingFetch(queries.base, { wait: async () => {} });
    expect((await send('/graphql', { method: 'POST', body: query })).status).toBe(503);
    expect(queries.sent).toEqual([{ key: null, body: query }]);
    const refusals = gateway(refused, done);
    const answer = await retryingFetch(refusals.base, { wait: async () => {} })('/graphql', { method: 'POST', body: mutation });
    expect(((await answer.json()) as { errors: unknown[] }).errors).toHaveLength(1);
    expect(refusals.sent).toHaveLength(1);
  });
});

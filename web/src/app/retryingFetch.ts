/**
 * The fetch the GraphQL client sends with (issue #28). A mutation carries an Idempotency-Key, new
 * for each mutation the page sends, and when the gateway answers that the database is unavailable
 * for a moment (a failover: HTTP 503, or a GraphQL error whose extensions say `retryable`) the same
 * request is sent again, with the same key, after the wait the answer asks for. The gateway does a
 * command once per key: a retry of a command that did commit answers its first result. Queries are
 * never retried (spec §9: no automatic retry of data fetching), and nothing else is.
 */
export type RetryOptions = {
  /** Sends in all, the first included. */
  attempts?: number;
  /** Waits before a retry (a test passes one that does not sleep). */
  wait?: (ms: number) => Promise<void>;
  newKey?: () => string;
};

/** The longest wait between two sends, whatever Retry-After says. */
const MAX_WAIT_MS = 10_000;
/** A failover took 8 to 20 s in the failover test: 15 sends 2 s apart (28 s) cover the 30 s target. */
const DEFAULT_ATTEMPTS = 15;

export function retryingFetch(base: typeof fetch = (...args) => fetch(...args), options: RetryOptions = {}): typeof fetch {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  return async (input, init) => {
    if (!isMutation(init?.body)) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set('Idempotency-Key', newKey());
    const sent = { ...init, headers };
    for (let attempt = 1; ; attempt++) {
      const response = await base(input, sent);
      const retryAfterMs = attempt < attempts ? await retryableAfter(response) : null;
      if (retryAfterMs === null) return response;
      await wait(retryAfterMs);
    }
  };
}

/** A GraphQL request whose operation is a mutation (the body's query starts with `mutation`). */
function isMutation(body: BodyInit | null | undefined): boolean {
  if (typeof body !== 'string') return false;
  try {
    const { query } = JSON.parse(body) as { query?: unknown };
    return typeof query === 'string' && /^\s*(#[^\n]*\n\s*)*mutation\b/.test(query);
  } catch {
    return false;
  }
}

type GraphQLAnswer = { errors?: { extensions?: { retryable?: unknown; retryAfterSeconds?: unknown } }[] };

/** Milliseconds to wait before sending again, or null when the answer is not a retryable failure. */
async function retryableAfter(response: Response): Promise<number | null> {
  let seconds: number | null = null;
  if (response.status === 503) seconds = Number(response.headers.get('retry-after') ?? '1');
  else if (response.ok) {
    const answer = (await response
      .clone()
      .json()
      .catch(() => null)) as GraphQLAnswer | null;
    const retryable = answer?.errors?.find((e) => e.extensions?.retryable === true);
    if (retryable) seconds = Number(retryable.extensions?.retryAfterSeconds ?? 1);
  }
  if (seconds === null) return null;
  return Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000);
}

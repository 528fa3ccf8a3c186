import type { CombinedError } from 'urql';

type Issue = { path: ReadonlyArray<string | number>; message: string };

function isIssue(value: unknown): value is Issue {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as Issue).path) && typeof (value as Issue).message === 'string'
  );
}

/** The text to show for a failed operation: the server's message, else the network's. */
export function errorMessage(error: CombinedError): string {
  const first = error.graphQLErrors[0];
  if (first) return first.message;
  const network = error.networkError;
  // fetch rejects with a TypeError whose wording differs per browser; the spec has one sentence for it.
  if (!network || network instanceof TypeError) return 'Network request failed';
  return network.message || 'Network request failed';
}

/**
 * The server's per-field messages (extensions.issues), keyed by dotted path, first message per
 * field: the same shape the forms build from the shared zod schemas, so both show the same way.
 */
export function errorFieldIssues(error: CombinedError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const graphQLError of error.graphQLErrors) {
    const issues = graphQLError.extensions?.issues;
    if (!Array.isArray(issues)) continue;
    for (const issue of issues) {
      if (!isIssue(issue)) continue;
      const key = issue.path.join('.');
      if (!(key in out)) out[key] = issue.message;
    }
  }
  return out;
}

/** The server's message when it sent one, else the screen's own fallback sentence (spec §8). */
export function serverMessageOr(error: CombinedError, fallback: string): string {
  return error.graphQLErrors.find((e) => e.message)?.message ?? fallback;
}

/** The refusal code the gateway puts in extensions.code (e.g. LIMIT_REACHED), if any. */
export function errorCode(error: CombinedError): string | undefined {
  for (const graphQLError of error.graphQLErrors) {
    const code = graphQLError.extensions?.code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

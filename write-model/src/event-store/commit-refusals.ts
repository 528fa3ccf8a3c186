/**
 * Refusals a deferred check raises when a transaction commits (a constraint trigger declared
 * `deferrable initially deferred`), by SQLSTATE. A check that takes a row lock at COMMIT holds it for the
 * commit alone instead of from its statement to the commit's round trip; its error then comes out of the
 * append, not out of the statement that asked for the check, so the module owning the check registers here
 * how to say it (members/member-quota.ts).
 */
const refusals = new Map<string, (detail: string) => Error>();

export function onCommitRefusal(sqlstate: string, toError: (detail: string) => Error): void {
  refusals.set(sqlstate, toError);
}

/** The registered refusal for a database error, or null when it is not one. */
export function commitRefusal(error: unknown): Error | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  const toError = typeof code === 'string' ? refusals.get(code) : undefined;
  return toError ? toError(typeof detail === 'string' ? detail : '') : null;
}

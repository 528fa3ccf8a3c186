/** One problem with one field, in the shape the gateway's error answers carry. */
export type FieldIssue = { path: (string | number)[]; message: string };

/**
 * Structural, so that a ZodError from any copy of zod fits (the web bundle and the server may not
 * share one instance).
 */
export type IssueSource = {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
};

const FALLBACK = 'Invalid input';

/** Every issue as { path, message }, duplicates removed, order kept. */
export function formatIssues(error: IssueSource): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const key = JSON.stringify([path, issue.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: issue.message });
  }
  return out;
}

/** The first message: the one a toast or a 400 answer leads with. */
export function firstMessage(error: IssueSource): string {
  return error.issues[0]?.message ?? FALLBACK;
}

/**
 * The first message per field, keyed by the dotted path ('mainMembers.0.saId'); form-level issues
 * (empty path) sit under ''. What a form needs to put one sentence under each input.
 */
export function fieldErrors(error: IssueSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of formatIssues(error)) {
    const key = path.join('.');
    if (!(key in out)) out[key] = message;
  }
  return out;
}

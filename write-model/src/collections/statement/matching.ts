/**
 * Matching a statement's credits to policies (issue #21). The rule, in order:
 *
 * 1. Only credits match (amountCents > 0); a debit or a zero line is `none`.
 * 2. Exact: a policy number found as a whole token in the reference or the description, or a mandate
 *    reference found the same way. Case does not count, and neither do spaces or dashes inside the
 *    number, the way people type them: "pol 2026 000123", "POL2026-000123" and "POL-2026-000123" are
 *    one number. "Whole token" means the match starts and ends at a boundary (a space, a dash, a slash,
 *    the end), so POL-2026-000123 is not found in POL-2026-0001234. When only one policy is found this
 *    way, the line is `exact`, `by` the first way it was found (number in the reference, number in the
 *    description, mandate reference in the reference, then in the description).
 * 3. Two or more different policies found that way: not exact, a `suggestion` listing them (at most 5).
 * 4. Otherwise a `suggestion` when the amount is a policy's monthly premium or a whole multiple of it
 *    up to 12 AND that policy's member surname appears as whole tokens in the description or reference:
 *    at most 5 candidates, fewest months first, then by policy number.
 * 5. Otherwise `none`.
 *
 * A suggestion is never applied by itself: the clerk picks one in the unmatched queue. Everything is
 * looked up by token in maps built once (matchIndex), so a line costs the same against 50 policies as
 * against 50,000.
 */
import type { StatementLine } from './statement-csv.ts';

export type MatchablePolicy = {
  policyId: string;
  policyNumber: string;
  mandateReference: string | null;
  memberSurname: string | null;
  monthlyPremiumCents: number;
};

export type StatementMatch =
  | { kind: 'exact'; policyId: string; by: 'policyNumber' | 'mandateReference' }
  /** Never applied by itself. */
  | { kind: 'suggestion'; candidates: { policyId: string; reason: string }[] }
  | { kind: 'none' };

export type MatchIndex = {
  byNumber: Map<string, MatchablePolicy[]>;
  byMandate: Map<string, MatchablePolicy[]>;
  /** Keyed by surname and premium: a line looks up its amount's twelve divisions, never a whole surname's policies. */
  bySurnameAndPremium: Map<string, MatchablePolicy[]>;
};

export const MAX_CANDIDATES = 5;
export const MAX_MONTHS = 12;
/** The longest run of tokens joined back together: "POL 2026 000123" is three, "Janse van Rensburg" three. */
const MAX_WINDOW = 4;

/** Apostrophes go ("O'Brien" is OBRIEN); letters of any alphabet and digits make tokens. */
const tokenText = (text: string) => text.toUpperCase().replace(/['’`]/g, '');
const key = (text: string) => tokenText(text).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Every run of up to MAX_WINDOW tokens joined only by spaces or dashes, concatenated: the keys a
 * typed number or surname can be looked up by. A slash, comma or other mark ends a run.
 */
function windows(text: string): Set<string> {
  const found = new Set<string>();
  for (const segment of tokenText(text).split(/[^\p{L}\p{N} -]+/u)) {
    const tokens = segment.split(/[ -]+/).filter(Boolean);
    for (let i = 0; i < tokens.length; i++) {
      let joined = '';
      for (let j = i; j < Math.min(tokens.length, i + MAX_WINDOW); j++) {
        joined += tokens[j];
        found.add(joined);
      }
    }
  }
  return found;
}

function add(map: Map<string, MatchablePolicy[]>, k: string, policy: MatchablePolicy) {
  if (k === '') return;
  const list = map.get(k);
  if (list) list.push(policy);
  else map.set(k, [policy]);
}

export function matchIndex(policies: MatchablePolicy[]): MatchIndex {
  const index: MatchIndex = { byNumber: new Map(), byMandate: new Map(), bySurnameAndPremium: new Map() };
  for (const policy of policies) {
    add(index.byNumber, key(policy.policyNumber), policy);
    if (policy.mandateReference) add(index.byMandate, key(policy.mandateReference), policy);
    if (policy.memberSurname && policy.monthlyPremiumCents > 0) {
      add(index.bySurnameAndPremium, `${key(policy.memberSurname)} ${policy.monthlyPremiumCents}`, policy);
    }
  }
  for (const bucket of index.bySurnameAndPremium.values()) bucket.sort(byNumber);
  return index;
}

// Code-unit order, not the locale's: the same candidates in the same order on every server.
const byNumber = (a: MatchablePolicy, b: MatchablePolicy) =>
  a.policyNumber < b.policyNumber ? -1 : a.policyNumber > b.policyNumber ? 1 : 0;
const rand = (cents: number) => `R ${(cents / 100).toFixed(2)}`;

export function matchStatementLine(line: StatementLine, index: MatchIndex): StatementMatch {
  if (!(line.amountCents > 0)) return { kind: 'none' };
  const inReference = windows(line.reference);
  const inDescription = windows(line.description);

  const exact = new Map<string, { policy: MatchablePolicy; by: 'policyNumber' | 'mandateReference'; reason: string }>();
  const look = (keys: Set<string>, map: Map<string, MatchablePolicy[]>, by: 'policyNumber' | 'mandateReference', where: string) => {
    for (const k of keys) {
      for (const policy of map.get(k) ?? []) {
        if (exact.has(policy.policyId)) continue;
        const what = by === 'policyNumber' ? `policy number ${policy.policyNumber}` : `mandate reference ${policy.mandateReference}`;
        exact.set(policy.policyId, { policy, by, reason: `${what} in the ${where}` });
      }
    }
  };
  look(inReference, index.byNumber, 'policyNumber', 'reference');
  look(inDescription, index.byNumber, 'policyNumber', 'description');
  look(inReference, index.byMandate, 'mandateReference', 'reference');
  look(inDescription, index.byMandate, 'mandateReference', 'description');
  const found = [...exact.values()];
  if (found.length === 1) return { kind: 'exact', policyId: found[0]!.policy.policyId, by: found[0]!.by };
  if (found.length > 1) {
    return {
      kind: 'suggestion',
      candidates: found.slice(0, MAX_CANDIDATES).map((f) => ({ policyId: f.policy.policyId, reason: f.reason })),
    };
  }

  // Fewest months first; within a month count, by policy number, each bucket already sorted so: a
  // common surname with a thousand policies on one premium costs five reads, not a thousand.
  const candidates: { policy: MatchablePolicy; months: number }[] = [];
  const seen = new Set<string>();
  const surnames = new Set([...inReference, ...inDescription]);
  for (let months = 1; months <= MAX_MONTHS && candidates.length < MAX_CANDIDATES; months++) {
    if (line.amountCents % months !== 0) continue;
    const hits: MatchablePolicy[] = [];
    for (const surname of surnames) {
      const bucket = index.bySurnameAndPremium.get(`${surname} ${line.amountCents / months}`);
      if (bucket) hits.push(...bucket.slice(0, MAX_CANDIDATES));
    }
    hits.sort(byNumber);
    for (const policy of hits) {
      if (candidates.length === MAX_CANDIDATES) break;
      if (seen.has(policy.policyId)) continue;
      seen.add(policy.policyId);
      candidates.push({ policy, months });
    }
  }
  if (candidates.length === 0) return { kind: 'none' };
  return {
    kind: 'suggestion',
    candidates: candidates.map(({ policy, months }) => ({
      policyId: policy.policyId,
      reason: `surname ${policy.memberSurname} and ${rand(line.amountCents)} = ${months === 1 ? 'the monthly premium' : `${months} × the premium of ${rand(policy.monthlyPremiumCents)}`}`,
    })),
  };
}

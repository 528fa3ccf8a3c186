import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { allocateNumbers } from '../companies/company-numbers.ts';
import { reservationHolder } from '../identity/credentials.ts';

const scope = (companyId: string) => `group-policy-number:${companyId}`;

/**
 * The first three letters of the scheme's name, upper case: 'Mine Workers' → 'MIN', 'Émile & Co' →
 * 'EMI' (accents dropped), '3M' → 'MXX' (padded with X). Letters only, so a number never carries
 * punctuation or digits of the name. Taken from the name when the number is issued, as spec §7 says.
 */
export function schemePolicyPrefix(name: string): string {
  const letters = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.slice(0, 3).padEnd(3, 'X');
}

export function formatGroupPolicyNumber(prefix: string, sequence: number): string {
  return `${prefix}-${String(sequence).padStart(6, '0')}`;
}

/**
 * `count` new group policy numbers for a scheme's name: one per-company sequence per prefix, so two
 * schemes starting with the same letters share it and never issue the same number.
 */
export async function allocateGroupPolicyNumbers(
  sql: SqlExecutor,
  companyId: string,
  schemeName: string,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  const prefix = schemePolicyPrefix(schemeName);
  const first = await allocateNumbers(sql, companyId, `scheme-policy:${prefix}`, count);
  return Array.from({ length: count }, (_, i) => formatGroupPolicyNumber(prefix, first + i));
}

/** Which scheme a group policy is on (key: the policy's id; owner: the scheme's): how a claim finds its terms. */
const schemeScope = (companyId: string) => `group-policy-scheme:${companyId}`;

/**
 * Reserved in the append transaction, as regular policy numbers are: unique per company by
 * construction even if the counters were ever reset. Each policy's scheme is recorded beside it, so a
 * claim typed with a group policy number finds the scheme's stream without reading a read model.
 */
export async function reserveGroupPolicyNumbers(
  tx: SqlExecutor,
  companyId: string,
  numbers: string[],
  policyIds: string[],
  schemeId: string,
) {
  if (numbers.length === 0) return;
  const rows = await tx.query(
    `insert into reservations (scope, key, owner_id)
     select $1, n, p from unnest($2::text[], $3::text[]) as t(n, p) on conflict do nothing returning key`,
    [scope(companyId), numbers, policyIds],
  );
  if (rows.length !== numbers.length) throw new DomainError('ALREADY_EXISTS', 'A group policy number was issued twice; please try again.');
  await reserveGroupPolicySchemes(tx, companyId, policyIds, schemeId);
}

export async function reserveGroupPolicySchemes(tx: SqlExecutor, companyId: string, policyIds: string[], schemeId: string) {
  await tx.query(
    `insert into reservations (scope, key, owner_id) select $1, p, $3 from unnest($2::text[]) as t(p) on conflict do nothing`,
    [schemeScope(companyId), policyIds, schemeId],
  );
}

/** A group policy by its id or its number (any case): its id and its scheme's, or null when it is not one. */
export async function findGroupPolicy(
  sql: SqlExecutor,
  companyId: string,
  ref: { policyId?: string | null; policyNumber?: string | null },
): Promise<{ policyId: string; schemeId: string } | null> {
  const policyId =
    ref.policyId ?? (ref.policyNumber ? await reservationHolder(sql, scope(companyId), ref.policyNumber.trim().toUpperCase()) : null);
  if (!policyId) return null;
  const schemeId = await reservationHolder(sql, schemeScope(companyId), policyId);
  return schemeId ? { policyId, schemeId } : null;
}

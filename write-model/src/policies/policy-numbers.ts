import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { reservationHolder } from '../identity/credentials.ts';

const scope = (companyId: string) => `policy-number:${companyId}`;

/**
 * Policy numbers are reserved in the issuing transaction: unique per company by construction, and
 * the write side can find a policy by its number (a claim typed with a policy number) without
 * reading a read model.
 */
export async function reservePolicyNumbers(tx: SqlExecutor, companyId: string, numbers: string[], policyIds: string[]) {
  if (numbers.length === 0) return;
  const rows = await tx.query(
    `insert into reservations (scope, key, owner_id)
     select $1, n, p from unnest($2::text[], $3::text[]) as t(n, p) on conflict do nothing returning key`,
    [scope(companyId), numbers, policyIds],
  );
  if (rows.length !== numbers.length) throw new DomainError('ALREADY_EXISTS', 'A policy number was issued twice; please try again.');
}

export async function findPolicyIdByNumber(sql: SqlExecutor, companyId: string, policyNumber: string): Promise<string | null> {
  return reservationHolder(sql, scope(companyId), policyNumber.trim().toUpperCase());
}

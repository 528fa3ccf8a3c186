import type { SqlExecutor } from '../event-store/sql.ts';

/*
 * What collections claim in the append's transaction (the reservations table): one batch per company
 * and debit date, each premium (policy and month) in one batch until the bank answers it unpaid, and a
 * mandate reference on one policy of the company.
 */
export const batchScope = (companyId: string) => `collection-batch:${companyId}`;
export const premiumScope = (companyId: string) => `collection-premium:${companyId}`;
export const premiumKey = (policyId: string, period: string) => `${policyId}:${period}`;
export const mandateReferenceScope = (companyId: string) => `mandate-reference:${companyId}`;

/** Claims many keys in one statement; answers how many were free (a taken key is skipped). */
export async function reserveAll(tx: SqlExecutor, scope: string, keys: readonly string[], ownerId: string): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await tx.query(
    `insert into reservations (scope, key, owner_id) select $1, k, $3 from unnest($2::text[]) as k on conflict do nothing returning key`,
    [scope, keys, ownerId],
  );
  return rows.length;
}

/** Frees the keys the owner holds. */
export async function releaseAll(tx: SqlExecutor, scope: string, keys: readonly string[], ownerId: string): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(`delete from reservations where scope = $1 and owner_id = $3 and key = any($2::text[])`, [scope, keys, ownerId]);
}

/** The holders of some keys of a scope (key → owner). */
export async function holders(sql: SqlExecutor, scope: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sql.query<{ key: string; owner_id: string }>(
    `select key, owner_id from reservations where scope = $1 and key = any($2::text[])`,
    [scope, keys],
  );
  return new Map(rows.map((r) => [r.key, r.owner_id]));
}

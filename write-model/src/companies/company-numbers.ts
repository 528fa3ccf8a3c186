import type { SqlExecutor } from '../event-store/sql.ts';

/**
 * Per-company number sequences: policy numbers, claim numbers, a group scheme's policy numbers. Apart
 * from the member limit (members/member-quota.ts): numbering is not a limit, and its row is not the quota's.
 */
export async function migrateCompanyNumbers(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists company_counters (
      company_id uuid not null,
      name text not null,
      value bigint not null,
      primary key (company_id, name)
    );
  `);
}

/**
 * Allocates `count` consecutive numbers of a per-company sequence (policy numbers, claim numbers).
 * Taken in its own statement before the append: a failed append leaves a gap, never a duplicate.
 */
export async function allocateNumbers(sql: SqlExecutor, companyId: string, name: string, count = 1): Promise<number> {
  const rows = await sql.query<{ value: number }>(
    `insert into company_counters (company_id, name, value) values ($1, $2, $3)
     on conflict (company_id, name) do update set value = company_counters.value + $3
     returning value`,
    [companyId, name, count],
  );
  return rows[0]!.value - count + 1;
}

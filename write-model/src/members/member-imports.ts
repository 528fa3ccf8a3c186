import type { SqlExecutor } from '../event-store/sql.ts';

export type ImportRowFailure = { rowNumber: number; errors: string[] };
export type ImportChunkResult = { imported: number; failed: ImportRowFailure[]; skippedForLimit: number };

/**
 * The answer of each imported chunk, stored in the chunk's append transaction: a retried chunk
 * (same import id and index) gets the same answer and imports nothing twice.
 */
export async function migrateMemberImports(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    create table if not exists member_import_chunks (
      company_id uuid not null,
      import_id text not null,
      chunk_index integer not null,
      result jsonb not null,
      imported_at timestamptz not null default now(),
      primary key (company_id, import_id, chunk_index)
    );
  `);
}

export async function findChunkResult(sql: SqlExecutor, companyId: string, importId: string, chunkIndex: number) {
  const rows = await sql.query<{ result: ImportChunkResult }>(
    `select result from member_import_chunks where company_id = $1 and import_id = $2 and chunk_index = $3`,
    [companyId, importId, chunkIndex],
  );
  return rows[0]?.result ?? null;
}

export async function saveChunkResult(tx: SqlExecutor, companyId: string, importId: string, chunkIndex: number, result: ImportChunkResult) {
  await tx.query(`insert into member_import_chunks (company_id, import_id, chunk_index, result) values ($1, $2, $3, $4::text::jsonb)`, [
    companyId,
    importId,
    chunkIndex,
    JSON.stringify(result),
  ]);
}

/** Claims many identifiers at once; false when any was taken meanwhile (the caller retries the chunk). */
export async function reserveIdentifiers(tx: SqlExecutor, scope: string, keys: string[], owners: string[]): Promise<boolean> {
  if (keys.length === 0) return true;
  const rows = await tx.query(
    `insert into reservations (scope, key, owner_id)
     select $1, k, o from unnest($2::text[], $3::text[]) as t(k, o)
     on conflict do nothing returning key`,
    [scope, keys, owners],
  );
  return rows.length === keys.length;
}

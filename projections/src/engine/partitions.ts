import type { SqlClient, SqlExecutor } from '@fpa/write-model/event-store';

/**
 * Read-model partitions by company (issue #28 step 3). The largest read-model tables can be
 * hash-partitioned on company_id, as es_events can (write-model partition.ts): one number for the
 * database, kept in public.read_model_layout, which a projector's init reads when it makes its tables.
 * It is read when a generation is created, so changing it changes nothing until the projectors that
 * partition tables are rebuilt (`npm run projections -- partition N` does both; the serving generation
 * keeps serving meanwhile). A table partitioned this way keeps its keys with company_id first, which
 * its statements name, so the same SQL runs on either layout.
 */

export const LAYOUT_DDL = `
  create table if not exists public.read_model_layout (
    singleton boolean primary key default true check (singleton),
    partitions integer not null check (partitions >= 0 and partitions <= 1024)
  );`;

export const MAX_READ_MODEL_PARTITIONS = 1024;

/** One partition is no partitioning: 0 and 1 both mean one plain table (stored and compared as 0). */
export const effectivePartitions = (partitions: number): number => (partitions > 1 ? partitions : 0);

/** The partitions a new generation's partitioned tables get: 0 (one plain table) until set. */
export async function readModelPartitions(db: SqlExecutor): Promise<number> {
  // Projectors' init also runs in test schemas made without the engine's tables: no layout there.
  const [present] = await db.query<{ ok: boolean; plain: boolean }>(
    `select to_regclass('public.read_model_layout') is not null as ok, current_setting('${PLAIN}', true) = 'on' as plain`,
  );
  if (!present?.ok || present.plain) return 0;
  const [row] = await db.query<{ partitions: number }>('select partitions from public.read_model_layout');
  return Number(row?.partitions ?? 0);
}

const PLAIN = 'fpa.plain_read_models';

/**
 * For the rest of the transaction, init makes one table each whatever the layout: for scratch schemas
 * holding one company's rows (company-rebuild.ts), which partitions would only slow down.
 */
export async function plainTablesHere(tx: SqlExecutor): Promise<void> {
  await tx.query(`select set_config('${PLAIN}', 'on', true)`);
}

export async function setReadModelPartitions(sql: SqlClient, partitions: number): Promise<void> {
  if (!Number.isInteger(partitions) || partitions < 0 || partitions > MAX_READ_MODEL_PARTITIONS) {
    throw new RangeError(`Partitions must be a whole number from 0 (none) to ${MAX_READ_MODEL_PARTITIONS}.`);
  }
  await sql.query(
    `insert into public.read_model_layout (singleton, partitions) values (true, $1)
     on conflict (singleton) do update set partitions = excluded.partitions`,
    [effectivePartitions(partitions)],
  );
}

/**
 * For a projector's init: the clause its partitionable tables' CREATE TABLE ends with, and `fill`, run
 * after that DDL, which gives each of those tables that is partitioned and has no partitions yet its
 * N hash partitions (<table>_p0 …). A table made before (a restart's init on a serving generation)
 * keeps the layout it was made with, whatever the setting says now.
 */
export async function companyPartitions(db: SqlExecutor): Promise<{ clause: string; fill(tables: readonly string[]): Promise<void> }> {
  const partitions = await readModelPartitions(db);
  return {
    clause: partitions > 1 ? 'partition by hash (company_id)' : '',
    async fill(tables) {
      const rows = await db.query<{ name: string; parts: number }>(
        `select c.relname::text as name, (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as parts
           from pg_class c
          where c.oid = any (select to_regclass(t)::oid from unnest($1::text[]) as t) and c.relkind = 'p'`,
        [tables],
      );
      for (const row of rows) {
        if (row.parts > 0 || partitions < 2) continue;
        for (let i = 0; i < partitions; i++) {
          await db.exec(
            `create table "${row.name}_p${i}" partition of "${row.name}" for values with (modulus ${partitions}, remainder ${i})`,
          );
        }
      }
    },
  };
}

/** How each of these tables of a schema is laid out: its number of partitions, 0 for a plain table. */
export async function partitionsOf(db: SqlExecutor, schema: string, tables: readonly string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ name: string; parts: number }>(
    `select c.relname::text as name, (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as parts
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = any($2::text[])`,
    [schema, tables],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.parts]));
}

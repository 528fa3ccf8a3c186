import { schemaName } from '@fpa/projections';
import type { SqlExecutor } from '@fpa/write-model/event-store';

const FLOOR_SCHEMA = 'bench_rebuild_floor';

export type RebuildFloor = { rows: number; loadSeconds: number; indexSeconds: number };

/**
 * What writing the rebuilt read models' rows costs PostgreSQL alone (issue #26): every table of the projectors'
 * current generations copied by INSERT … SELECT into an empty copy with its primary key, then its other indexes
 * built, as a fresh generation builds the indexes only queries read once it has caught up. No client, no parsing
 * of rows, no round trips, one session: a rebuild's writes cannot cost less, and the rebuild also reads the log,
 * runs the projectors and takes its rows apart. The copies are dropped afterwards.
 */
export async function rebuildFloor(sql: SqlExecutor): Promise<RebuildFloor> {
  const generations = await sql.query<{ projector: string; generation: number }>(
    `select projector, generation from projection_checkpoints`,
  );
  const schemas = generations.map((g) => schemaName(g.projector, Number(g.generation)));
  const copies = await sql.query<{
    schema: string;
    name: string;
    columns: string;
    primary_key: string | null;
    indexes: string[] | null;
  }>(
    `select n.nspname as schema, c.relname as name,
            (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
            (select pg_get_constraintdef(k.oid) from pg_constraint k where k.conrelid = c.oid and k.contype = 'p') as primary_key,
            (select array_agg(pg_get_indexdef(i.indexrelid)) from pg_index i where i.indrelid = c.oid and not i.indisprimary) as indexes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1::text[])`,
    [schemas],
  );
  await sql.exec(`drop schema if exists ${FLOOR_SCHEMA} cascade; create schema ${FLOOR_SCHEMA}`);
  try {
    const copyName = (i: number) => `${FLOOR_SCHEMA}.t${i}`;
    for (const [i, t] of copies.entries()) {
      await sql.exec(`create table ${copyName(i)} (like ${t.schema}.${t.name} including all excluding indexes)`);
      if (t.primary_key) await sql.exec(`alter table ${copyName(i)} add ${t.primary_key}`);
    }
    let rows = 0;
    let started = performance.now();
    for (const [i, t] of copies.entries()) {
      const [copied] = await sql.query<{ n: number }>(
        `with copied as (insert into ${copyName(i)} (${t.columns}) overriding system value select ${t.columns} from ${t.schema}.${t.name} returning 1)
         select count(*)::int as n from copied`,
      );
      rows += copied?.n ?? 0;
    }
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (const [i, t] of copies.entries()) {
      for (const definition of t.indexes ?? []) {
        // "CREATE [UNIQUE] INDEX name ON [ONLY] schema.table USING …" → an unnamed index on the copy.
        await sql.exec(definition.replace(/^(CREATE (?:UNIQUE )?INDEX) \S+ ON (?:ONLY )?\S+ /, `$1 ON ${copyName(i)} `));
      }
    }
    const indexSeconds = (performance.now() - started) / 1000;
    return { rows, loadSeconds, indexSeconds };
  } finally {
    await sql.exec(`drop schema if exists ${FLOOR_SCHEMA} cascade`);
  }
}

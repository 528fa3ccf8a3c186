import { isSqlState, type SqlClient, type SqlExecutor } from '@fpa/write-model/event-store';
import type { Projector } from './types.ts';
import { ENTER_FUNCTION } from './checkpoints.ts';
import { ENTER_GROUP_FUNCTION } from './live-group.ts';
import { PREFIX_END_FUNCTION } from './prefix-range.ts';
import { migrateLeaseTables } from './lease.ts';
import { PARKED_DDL, resolveParked } from './parked.ts';
import { effectivePartitions, LAYOUT_DDL, partitionsOf, readModelPartitions } from './partitions.ts';
import { ensureTenantRole, TENANT_ROLE, wallGeneration } from './tenant-wall.ts';

/**
 * Where read models live. Each projector generation has its own schema, rm_<name>_g<n>, so a
 * rebuild can fill fresh tables while the active ones keep serving; public holds one view per table
 * pointing at the active generation, which is what queries read.
 */
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
// rm_ + name + _g + generation must fit PostgreSQL's 63-byte identifiers.
const MAX_NAME_LENGTH = 48;
const ENGINE_TABLES = new Set([
  'projection_checkpoints',
  'projection_rebuilds',
  'projection_leases',
  'projection_workers',
  'projection_parked',
]);

export function validateProjectors(projectors: readonly Projector[]): void {
  const names = new Set<string>();
  const tables = new Map<string, string>();
  for (const p of projectors) {
    if (!IDENTIFIER.test(p.name) || p.name.length > MAX_NAME_LENGTH) {
      throw new Error(`Projector name "${p.name}" must match ${IDENTIFIER}, at most ${MAX_NAME_LENGTH} characters.`);
    }
    if (names.has(p.name)) throw new Error(`Two projectors are named "${p.name}".`);
    names.add(p.name);
    if (!Number.isInteger(p.version) || p.version < 1) {
      throw new Error(`Projector "${p.name}" needs a positive integer version.`);
    }
    if (p.handles.length === 0) throw new Error(`Projector "${p.name}" handles no event types.`);
    for (const table of p.tables) {
      if (!IDENTIFIER.test(table) || table.length > 63 || ENGINE_TABLES.has(table)) {
        throw new Error(`Projector "${p.name}": "${table}" is not a usable table name.`);
      }
      const owner = tables.get(table);
      if (owner) throw new Error(`Table "${table}" belongs to both "${owner}" and "${p.name}".`);
      tables.set(table, p.name);
    }
  }
}

export function schemaName(name: string, generation: number): string {
  return `rm_${name}_g${generation}`;
}

export const liveLockKey = (name: string): string => `projection:${name}`;
export const rebuildLockKey = (name: string): string => `projection-rebuild:${name}`;

/** A transaction-scoped advisory lock, false when another session holds it. */
export async function tryLock(tx: SqlExecutor, key: string): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [key]);
  return row?.locked === true;
}

/** Waits for the lock; only for short administrative transactions (init, starting a rebuild). */
export async function lock(tx: SqlExecutor, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}

export async function migrateEngineTables(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    // Engines starting together would otherwise race on "create table if not exists" (catalog conflicts).
    await lock(tx, 'projection:migrate');
    await tx.exec(`
      create table if not exists public.projection_checkpoints (
        projector text primary key,
        version int not null,
        generation int not null,
        tx_id xid8,
        global_position bigint,
        last_error text,
        updated_at timestamptz not null default now()
      );
      create table if not exists public.projection_rebuilds (
        projector text primary key,
        version int not null,
        generation int not null,
        tx_id xid8,
        global_position bigint,
        last_error text,
        started_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
    `);
    await tx.exec(PARKED_DDL);
    await tx.exec(LAYOUT_DDL);
    await tx.exec(ENTER_FUNCTION);
    await tx.exec(ENTER_GROUP_FUNCTION);
    await tx.exec(PREFIX_END_FUNCTION);
    await migrateLeaseTables(tx);
    await ensureTenantRole(tx);
  });
}

/**
 * Points unqualified names at a generation for the rest of the transaction. public stays on the path
 * for functions and types installed there; new tables still land in the first schema.
 */
export async function useGeneration(tx: SqlExecutor, name: string, generation: number): Promise<void> {
  await tx.exec(`set local search_path to "${schemaName(name, generation)}", public`);
}

/** A fresh, empty generation with the projector's tables in it, its query indexes left for later (buildQueryIndexes). */
export async function createGeneration(tx: SqlExecutor, projector: Projector, generation: number): Promise<void> {
  const schema = schemaName(projector.name, generation);
  await dropGeneration(tx, projector.name, generation);
  await tx.exec(`create schema "${schema}"`);
  await useGeneration(tx, projector.name, generation);
  await projector.init(tx);
  const indexes = projector.queryIndexes ?? [];
  if (indexes.length > 0) {
    const found = await tx.query<{ name: string }>('select indexname as name from pg_indexes where schemaname = $1', [schema]);
    const missing = indexes.filter((index) => !found.some((row) => row.name === index));
    if (missing.length > 0) throw new Error(`Projector "${projector.name}": init creates no index ${missing.join(', ')} (queryIndexes).`);
  }
  for (const index of indexes) await tx.exec(`drop index "${schema}"."${index}"`);
  await checkLayout(tx, projector, schema);
  await wallGeneration(tx, schema);
}

/** A fresh generation's partitioned tables must be laid out as the database asks: init forgot companyPartitions otherwise. */
async function checkLayout(tx: SqlExecutor, projector: Projector, schema: string): Promise<void> {
  const tables = projector.partitionedTables ?? [];
  if (tables.length === 0) return;
  const wanted = effectivePartitions(await readModelPartitions(tx));
  const found = await partitionsOf(tx, schema, tables);
  const wrong = tables.filter((table) => (found[table] ?? 0) !== wanted);
  if (wrong.length > 0) {
    throw new Error(
      `Projector "${projector.name}": ${wrong.join(', ')} not in ${wanted ? `${wanted} partitions` : 'one table'} as the layout asks.`,
    );
  }
}

/** Whether some of the generation's query indexes are not built yet. */
export async function lacksQueryIndexes(db: SqlExecutor, projector: Projector, generation: number): Promise<boolean> {
  const names = projector.queryIndexes ?? [];
  if (names.length === 0) return false;
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from pg_indexes where schemaname = $1 and indexname = any($2::text[])',
    [schemaName(projector.name, generation), names],
  );
  return Number(row?.n ?? 0) < names.length;
}

/** Builds the query indexes a fresh generation was loaded without: init again, whose DDL is idempotent. */
export async function buildQueryIndexes(tx: SqlExecutor, projector: Projector, generation: number): Promise<void> {
  await useGeneration(tx, projector.name, generation);
  await projector.init(tx);
}

/** Runs init again in an existing generation: idempotent DDL may add indexes or columns. */
export async function initGeneration(tx: SqlExecutor, projector: Projector, generation: number): Promise<void> {
  await tx.exec(`create schema if not exists "${schemaName(projector.name, generation)}"`);
  await useGeneration(tx, projector.name, generation);
  await projector.init(tx);
  await wallGeneration(tx, schemaName(projector.name, generation));
}

export async function dropGeneration(tx: SqlExecutor, name: string, generation: number): Promise<void> {
  await tx.exec(`drop schema if exists "${schemaName(name, generation)}" cascade`);
  // What it parked is answered by the generation replacing it (see parked.ts).
  await resolveParked(tx, name, generation);
}

/** Every generation schema of a projector, e.g. when its checkpoint row is gone and nothing in them can be trusted. */
export async function dropAllGenerations(tx: SqlExecutor, name: string): Promise<void> {
  const rows = await tx.query<{ schema: string }>('select nspname as schema from pg_namespace where nspname ~ $1', [
    `^rm_${name}_g[0-9]+$`,
  ]);
  for (const { schema } of rows) await tx.exec(`drop schema if exists "${schema}" cascade`);
  await resolveParked(tx, name, null);
}

/**
 * Makes public.<table> a view of the generation's table. Left alone when it already is one with the
 * same columns and security_invoker (so the tenant wall's row-level security applies through it: a
 * plain view reads as its owner) and TENANT_ROLE may read it (a restart), so a start takes no exclusive locks that queries would queue behind;
 * otherwise recreated rather than replaced, as `create or replace view` refuses changed columns.
 */
export async function pointViews(tx: SqlExecutor, projector: Projector, generation: number): Promise<void> {
  const schema = schemaName(projector.name, generation);
  for (const table of projector.tables) {
    const [existing] = await tx.query<{ kind: string; current: boolean }>(
      `select c.relkind::text as kind,
              c.relkind = 'v'
              and exists (select 1 from pg_rewrite r
                            join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid
                           where r.ev_class = c.oid and d.refobjid = t.oid)
              and (select array_agg(attname::text || ':' || atttypid::text order by attnum) from pg_attribute
                    where attrelid = c.oid and attnum > 0 and not attisdropped)
                  is not distinct from
                  (select array_agg(attname::text || ':' || atttypid::text order by attnum) from pg_attribute
                    where attrelid = t.oid and attnum > 0 and not attisdropped)
              and 'security_invoker=true' = any(coalesce(c.reloptions, '{}'))
              and has_table_privilege('${TENANT_ROLE}', c.oid, 'select') as current
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         cross join (select to_regclass(format('%I.%I', $2::text, $1::text)) as oid) t
        where n.nspname = 'public' and c.relname = $1`,
      [table, schema],
    );
    if (existing && existing.kind !== 'v') {
      throw new Error(`public.${table} exists and is not a view; "${projector.name}" cannot expose its table there.`);
    }
    if (existing?.current) continue;
    await tx.exec(
      `drop view if exists public."${table}";
       create view public."${table}" with (security_invoker = true) as select * from "${schema}"."${table}";
       grant select on public."${table}" to ${TENANT_ROLE}`,
    );
  }
}

/**
 * Bounds waiting for table locks in transactions that change views or drop schemas: queued behind a
 * long read, their exclusive lock request would stall every later query of those views.
 */
export async function boundLockWaits(tx: SqlExecutor): Promise<void> {
  await tx.exec("set local lock_timeout = '3s'");
}

export function isLockTimeout(error: unknown): boolean {
  return isSqlState(error, '55P03');
}

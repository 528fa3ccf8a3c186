import type { EventStore, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { allProjectors, createProjectionEngine, type ProjectionEngine, type Projector } from '@fpa/projections';

/**
 * Test-only: read models compared row by row. A table's checksum is the multiset of md5(row::text)
 * of its rows (order-free: the tables have no meaningful row order); two builds differ by the rows
 * one has and the other has not.
 */
export type Checksums = Map<string, Map<string, number>>;

export async function readModelChecksums(sql: SqlExecutor, projectors: readonly Projector[]): Promise<Checksums> {
  const sums: Checksums = new Map();
  for (const projector of projectors) {
    for (const table of projector.tables) {
      // public.<table> is the view of the active generation: what queries read.
      const rows = await sql.query<{ h: string }>(`select md5(t::text) as h from public."${table}" t`);
      const counts = new Map<string, number>();
      for (const { h } of rows) counts.set(h, (counts.get(h) ?? 0) + 1);
      sums.set(table, counts);
    }
  }
  return sums;
}

export function rowCount(sums: Checksums): number {
  let rows = 0;
  for (const counts of sums.values()) for (const n of counts.values()) rows += n;
  return rows;
}

/** Rows in one and not in the other (both ways), per table that differs. */
export function compareChecksums(actual: Checksums, expected: Checksums): { differences: number; tables: Record<string, number> } {
  const tables: Record<string, number> = {};
  let differences = 0;
  for (const table of new Set([...actual.keys(), ...expected.keys()])) {
    const a = actual.get(table) ?? new Map<string, number>();
    const e = expected.get(table) ?? new Map<string, number>();
    let diff = 0;
    for (const hash of new Set([...a.keys(), ...e.keys()])) diff += Math.abs((a.get(hash) ?? 0) - (e.get(hash) ?? 0));
    if (diff > 0) tables[table] = diff;
    differences += diff;
  }
  return { differences, tables };
}

/**
 * Throws every read model away: generation schemas (their public views go with them), checkpoints,
 * rebuilds and leases. The next engine or worker to start builds everything from the first event.
 * Only while no engine runs on the database.
 */
export async function dropReadModels(sql: SqlExecutor): Promise<void> {
  const schemas = await sql.query<{ name: string }>(`select nspname as name from pg_namespace where nspname ~ '^rm_[a-z0-9_]+_g[0-9]+$'`);
  for (const { name } of schemas) await sql.exec(`drop schema "${name}" cascade`);
  await sql.exec(`
    delete from public.projection_checkpoints;
    delete from public.projection_rebuilds;
    delete from public.projection_leases;
    delete from public.projection_workers;
  `);
}

/** True when every projector's active generation is this code's version and has every event. */
export async function caughtUp(engine: ProjectionEngine): Promise<boolean> {
  const statuses = await engine.status();
  return statuses.every(
    (s) => s.activeVersion === s.version && s.rebuilding === null && s.checkpoint !== null && s.eventsBehind === 0 && s.lastError === null,
  );
}

export async function waitCaughtUp(engine: ProjectionEngine, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await caughtUp(engine))) {
    if (Date.now() > deadline)
      throw new Error(`projections not caught up within ${timeoutMs} ms: ${JSON.stringify(await engine.status())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Every read model built from the log by an engine started here, until `observer` (an engine never
 * started, reading status only) says caught up. Started and waited for rather than one catch-up: the
 * head is the server's transaction horizon, which any open transaction on the server holds back.
 */
export async function buildFromLog(sql: SqlClient, store: EventStore, observer: ProjectionEngine, timeoutMs = 240_000): Promise<void> {
  const builder = createProjectionEngine({ sql, store, projectors: allProjectors });
  await builder.start();
  try {
    await waitCaughtUp(observer, timeoutMs);
  } finally {
    await builder.stop();
  }
}

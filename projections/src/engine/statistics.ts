import type { SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { periodicCheck, type PeriodicCheck } from './periodic.ts';
import type { ProjectionLogger } from './types.ts';

/**
 * Planner statistics where nothing else keeps them. PostgreSQL's autovacuum analyzes a table once a tenth
 * of it has changed; PGlite (the embedded database, one connection, no background workers) never does, nor
 * does a server run with autovacuum off. Without statistics the planner guesses: a lookup of 250 streams by
 * id (the daily run's batch) was planned as a scan of the whole log, and at 50,000 members the run did not
 * finish. The keeper analyzes, now and then, the tables that grew by a fifth since their last analyze (or
 * were never analyzed), as autovacuum would.
 */

/** A table smaller than this (in 8 kB pages) is read whole by any plan: not worth an analyze. */
export const MIN_PAGES = 8;
/** Analyzed again once its pages grew by this factor since the last analyze. */
export const GROWTH = 1.2;

/** Whether this database needs the keeper: PGlite has no autovacuum worker; a server may have it off. */
export async function needsOwnStatistics(sql: SqlClient): Promise<boolean> {
  if (sql.driver === 'pglite') return true;
  const [row] = await sql.query<{ autovacuum: string }>('show autovacuum');
  return row?.autovacuum !== 'on';
}

/**
 * The tables (schema-qualified, quoted) of at least MIN_PAGES grown past GROWTH since their last analyze, or
 * without column statistics (never analyzed: a CREATE INDEX after the rows were loaded sets the page count
 * an analyze would, but gathers nothing about the columns).
 */
export async function staleTables(sql: SqlExecutor): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as pages) size
      where c.relkind = 'r' and n.nspname <> 'information_schema' and n.nspname !~ '^pg_' and size.pages >= $1::int
        and (size.pages >= c.relpages * $2::float8
             or (c.reltuples <> 0 -- analyzed with no live rows (a drained outbox): nothing to gather until it grows
                 and not exists (select 1 from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname)))
      order by 1`,
    [MIN_PAGES, GROWTH],
  );
  return rows.map((row) => row.name);
}

/** Analyzes the stale tables one at a time (a table dropped meanwhile is skipped); returns those analyzed. */
export async function keepPlannerStatistics(sql: SqlExecutor, logger?: ProjectionLogger): Promise<string[]> {
  const analyzed: string[] = [];
  for (const table of await staleTables(sql)) {
    try {
      await sql.exec(`analyze ${table}`);
      analyzed.push(table);
    } catch (error) {
      // A rebuild may drop an old generation's schema between the list and its analyze.
      logger?.warn('planner statistics: a table could not be analyzed', {
        table,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (analyzed.length > 0) logger?.info('planner statistics: tables analyzed', { tables: analyzed });
  return analyzed;
}

/** Keeps the statistics every `everyMs` (default a minute) where the database needs it; null where autovacuum does. */
export async function createStatisticsKeeper(options: {
  sql: SqlClient;
  logger: ProjectionLogger;
  everyMs?: number;
}): Promise<PeriodicCheck<string[]> | null> {
  if (!(await needsOwnStatistics(options.sql))) return null;
  return periodicCheck({
    check: () => keepPlannerStatistics(options.sql, options.logger),
    everyMs: options.everyMs ?? 60_000,
    logger: options.logger,
    failure: 'planner statistics check failed',
  });
}

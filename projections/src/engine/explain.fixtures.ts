import { randomUUID } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { readTogether, tenantScoped } from './tenant-wall.ts';

export type SentStatement = { text: string; params: readonly unknown[] };

/** An executor that keeps every statement sent through it (to explain the one a query function built). */
export function recordingSql(sql: SqlExecutor): { sql: SqlExecutor; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  return {
    sent,
    sql: {
      exec: (text) => sql.exec(text),
      query: (text, params = []) => (sent.push({ text, params }), sql.query(text, params)),
    },
  };
}

/** The plan of a statement as the gateway runs it: behind the tenant wall of the company (ADR 0003). */
export async function explainUnderWall(sql: SqlClient, companyId: string, statement: SentStatement): Promise<string> {
  return readTogether(tenantScoped(sql, companyId), async (tx) => {
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain ${statement.text}`, [...statement.params]);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** A parameter written as a literal of a statement: what explainGenericUnderWall's EXECUTE passes. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The plan PostgreSQL makes once for a prepared statement and uses for any parameters (a generic plan, as a read
 * with plan_cache_mode force_generic_plan runs it), behind the tenant wall of the company. PREPARE, then EXPLAIN
 * EXECUTE with the parameters written as literals; the statement is deallocated after.
 */
export async function explainGenericUnderWall(
  sql: SqlClient,
  companyId: string,
  statement: SentStatement,
  /**
   * The statement the read itself sent to set how it is planned (instead of force_generic_plan alone), with parallel
   * workers made cheap enough to be taken wherever that statement allows them.
   */
  planMode?: SentStatement,
): Promise<string> {
  const name = `explained_${randomUUID().replace(/-/g, '')}`;
  return readTogether(tenantScoped(sql, companyId), async (tx) => {
    if (planMode) {
      await tx.exec(`set local parallel_setup_cost = 0; set local parallel_tuple_cost = 0;
                     set local min_parallel_table_scan_size = 0; set local min_parallel_index_scan_size = 0`);
      await tx.query(planMode.text, planMode.params);
    } else await tx.exec(`set local plan_cache_mode = force_generic_plan`);
    await tx.exec(`prepare ${name} as ${statement.text}`);
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain execute ${name}(${statement.params.map(literal).join(', ')})`);
    await tx.exec(`deallocate ${name}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

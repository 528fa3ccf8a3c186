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
export async function explainGenericUnderWall(sql: SqlClient, companyId: string, statement: SentStatement): Promise<string> {
  const name = `explained_${randomUUID().replace(/-/g, '')}`;
  return readTogether(tenantScoped(sql, companyId), async (tx) => {
    await tx.exec(`set local plan_cache_mode = force_generic_plan`);
    await tx.exec(`prepare ${name} as ${statement.text}`);
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain execute ${name}(${statement.params.map(literal).join(', ')})`);
    await tx.exec(`deallocate ${name}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

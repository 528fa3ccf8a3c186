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

import type { Checkpoint, RecordedEvent, SqlClient } from '@fpa/write-model/event-store';
import type { Projector } from './types.ts';

/** Reads one company's events in the global order after a checkpoint, up to `until` (readCompanyEvents). */
export type ReadCompany = (
  companyId: string,
  options: { after: Checkpoint | null; until: Checkpoint; limit: number },
) => Promise<RecordedEvent[]>;

export type CompanyRebuild = {
  companyId: string;
  events: number;
  /** Reading the company's events and applying them (not the schema's set-up, not the comparison). */
  ms: number;
  /** Making the scratch schema's tables (every projector's init). */
  setupMs: number;
  /** Per projector: rows built, and rows that differ from the live read model's rows of the company (both ways). */
  tables: { projector: string; table: string; rows: number; differences: number }[];
  /** Tables without a company_id column (platform data), not comparable per company. */
  skipped: string[];
};

/**
 * One company's read models rebuilt from its own events alone (its partition of es_events, issue #28
 * step 3), into a scratch schema of the caller's, then compared row for row with the live read models'
 * rows of that company. It answers two questions before a per-company rebuild replaces live rows: how
 * long one company takes (and N in parallel, one schema each), and which read models a company's own
 * events are enough for (a projector that also needs platform events, company_id null, shows differences).
 *
 * `until` should be a checkpoint every projector has passed (the live rows are compared as of then; a
 * live projector ahead of it shows the newer events as differences). The scratch schema is dropped and
 * made again: give each concurrent rebuild its own.
 */
export async function rebuildCompanyInScratch(
  sql: SqlClient,
  readCompany: ReadCompany,
  projectors: readonly Projector[],
  companyId: string,
  options: { schema: string; until: Checkpoint; batchSize?: number },
): Promise<CompanyRebuild> {
  const { schema, until } = options;
  if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`A scratch schema name is lower-case letters, digits and underscores: ${schema}`);
  const batchSize = options.batchSize ?? 1000;
  const setupStarted = performance.now();
  await sql.transaction(async (tx) => {
    await tx.exec(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
    await tx.exec(`set local search_path to "${schema}", public`);
    for (const projector of projectors) await projector.init(tx);
  });
  const setupMs = Math.round(performance.now() - setupStarted);
  const started = performance.now();
  const events: RecordedEvent[] = [];
  for (let after: Checkpoint | null = null; ; ) {
    const page = await readCompany(companyId, { after, until, limit: batchSize });
    events.push(...page);
    if (page.length < batchSize) break;
    const last = page[page.length - 1]!;
    after = { txId: last.txId, globalPosition: last.globalPosition };
  }
  await sql.transaction(async (tx) => {
    await tx.exec(`set local search_path to "${schema}", public`);
    for (const projector of projectors) {
      const handled = events.filter((e) => projector.handles.includes(e.type));
      for (let i = 0; i < handled.length; i += batchSize) {
        const batch = handled.slice(i, i + batchSize);
        if (projector.applyBatch) await projector.applyBatch(tx, batch);
        else for (const event of batch) await projector.apply(tx, event);
      }
    }
  });
  const ms = Math.round(performance.now() - started);

  const tables: CompanyRebuild['tables'] = [];
  const skipped: string[] = [];
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const [hasCompany] = await sql.query(
        `select 1 from information_schema.columns where table_schema = $1 and table_name = $2 and column_name = 'company_id'`,
        [schema, table],
      );
      if (!hasCompany) {
        skipped.push(table);
        continue;
      }
      const [row] = await sql.query<{ rows: number; differences: number }>(
        `with built as (select * from "${schema}"."${table}" where company_id = $1::uuid),
              live as (select * from public."${table}" where company_id = $1::uuid)
         select (select count(*) from built)::int as rows,
                ((select count(*) from (select * from built except all select * from live) as extra)
               + (select count(*) from (select * from live except all select * from built) as missing))::int as differences`,
        [companyId],
      );
      tables.push({ projector: projector.name, table, rows: row?.rows ?? 0, differences: row?.differences ?? 0 });
    }
  }
  await sql.exec(`drop schema "${schema}" cascade`);
  return { companyId, events: events.length, ms, setupMs, tables, skipped };
}

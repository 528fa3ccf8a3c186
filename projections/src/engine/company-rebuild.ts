import { randomBytes } from 'node:crypto';
import { compareCheckpoints, type Checkpoint, type RecordedEvent, type SqlClient, type SqlExecutor } from '@fpa/write-model/event-store';
import { readRow } from './checkpoints.ts';
import { plainTablesHere } from './partitions.ts';
import { lock, liveLockKey, schemaName } from './schema.ts';
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

/** One company's events after `from` up to `until` (none when `until` is null), in the global order. */
async function companyEvents(
  readCompany: ReadCompany,
  companyId: string,
  until: Checkpoint | null,
  batchSize = 1000,
  from: Checkpoint | null = null,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  if (!until) return events;
  for (let after: Checkpoint | null = from; ; ) {
    const page = await readCompany(companyId, { after, until, limit: batchSize });
    events.push(...page);
    if (page.length < batchSize) break;
    const last = page[page.length - 1]!;
    after = { txId: last.txId, globalPosition: last.globalPosition };
  }
  return events;
}

/** The projector's events among these applied in the transaction's search_path, in batches as the engine would. */
async function applyEach(tx: SqlExecutor, projector: Projector, events: readonly RecordedEvent[], batchSize = 1000): Promise<number> {
  const handled = events.filter((e) => projector.handles.includes(e.type));
  for (let i = 0; i < handled.length; i += batchSize) {
    const batch = handled.slice(i, i + batchSize);
    if (projector.applyBatch) await projector.applyBatch(tx, batch);
    else for (const event of batch) await projector.apply(tx, event);
  }
  return handled.length;
}

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
  const setupStarted = performance.now();
  await sql.transaction(async (tx) => {
    await tx.exec(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
    await tx.exec(`set local search_path to "${schema}", public`);
    await plainTablesHere(tx);
    for (const projector of projectors) await projector.init(tx);
  });
  const setupMs = Math.round(performance.now() - setupStarted);
  const started = performance.now();
  const events = await companyEvents(readCompany, companyId, until, options.batchSize);
  await sql.transaction(async (tx) => {
    await tx.exec(`set local search_path to "${schema}", public`);
    for (const projector of projectors) await applyEach(tx, projector, events, options.batchSize);
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

export type CompanyRowsReplaced = {
  projector: string;
  /** The projector's events of the company applied (up to its checkpoint). */
  events: number;
  tables: { table: string; removed: number; written: number }[];
  /** Tables without a company_id column (platform data): left as they are. */
  skipped: string[];
};

/**
 * Puts one company's rows of a serving read model back to what its own events give (issue #28): the
 * company's events up to the projector's checkpoint are applied in a scratch schema, and the company's
 * rows in the serving generation are replaced by them, in ONE transaction holding the projector's live
 * lock. Readers see the old rows or the new ones; the live projector waits (its batches try the lock)
 * and goes on from its checkpoint, which the new rows are exactly as of. Other companies' rows are not
 * touched; tables without company_id are left alone. A company's own events are enough for its rows
 * (company-rebuild.int and the simulation compare every such table with a whole rebuild).
 *
 * For repairs and per-company work; a projector code change still rebuilds the whole read model (its
 * version). Answers null when the serving generation is not this code's version (or none is).
 */
export async function replaceCompanyRows(
  sql: SqlClient,
  readCompany: ReadCompany,
  projector: Projector,
  companyId: string,
  options: { batchSize?: number; attempts?: number } = {},
): Promise<CompanyRowsReplaced | null> {
  // The events are read outside the transaction (the keyring and the log have their own connections, and
  // PGlite has one), up to the checkpoint as read; the transaction then holds the live lock and goes on only
  // if the checkpoint is still there, else the events since are read and it is tried again.
  const events: RecordedEvent[] = [];
  let readTo: Checkpoint | null = null;
  for (let attempt = 1; ; attempt++) {
    const live = await readRow(sql, 'live', projector.name);
    if (!live || live.version !== projector.version) return null;
    if (live.checkpoint && (!readTo || compareCheckpoints(live.checkpoint, readTo) > 0)) {
      events.push(...(await companyEvents(readCompany, companyId, live.checkpoint, options.batchSize, readTo)));
      readTo = live.checkpoint;
    }
    // After two tries that met a live batch, the transaction holding the lock reads the events since itself, through
    // the log's other connections (a company that keeps paying moved the checkpoint at every try otherwise). PGlite
    // has one connection, which the transaction holds: there it tries again.
    const catchUp =
      attempt > 2 && sql.driver === 'postgres'
        ? (from: Checkpoint | null, to: Checkpoint) => companyEvents(readCompany, companyId, to, options.batchSize, from)
        : undefined;
    const outcome = await replaceAt(sql, projector, companyId, events, live.generation, readTo, options.batchSize, catchUp);
    if (outcome !== 'moved') return outcome;
    if (attempt >= (options.attempts ?? 50)) throw new Error(`The ${projector.name} read model kept moving; try again.`);
  }
}

async function replaceAt(
  sql: SqlClient,
  projector: Projector,
  companyId: string,
  readEvents: readonly RecordedEvent[],
  generation: number,
  checkpoint: Checkpoint | null,
  batchSize?: number,
  catchUp?: (from: Checkpoint | null, to: Checkpoint) => Promise<RecordedEvent[]>,
): Promise<CompanyRowsReplaced | null | 'moved'> {
  const scratch = `company_rebuild_${randomBytes(6).toString('hex')}`;
  return sql.transaction(async (tx) => {
    await lock(tx, liveLockKey(projector.name));
    const live = await readRow(tx, 'live', projector.name);
    if (!live || live.version !== projector.version) return null;
    const same = (a: Checkpoint | null, b: Checkpoint | null) => (a && b ? compareCheckpoints(a, b) === 0 : a === b);
    if (live.generation !== generation) return 'moved';
    let events = readEvents;
    if (!same(live.checkpoint, checkpoint)) {
      // The lock holds the live projector where it is: the events up to its checkpoint are all there is to apply.
      if (!catchUp || !live.checkpoint) return 'moved';
      events = [...readEvents, ...(await catchUp(checkpoint, live.checkpoint))];
    }
    const serving = schemaName(projector.name, live.generation);
    await tx.exec(`create schema "${scratch}"`);
    await tx.exec(`set local search_path to "${scratch}", public`);
    await plainTablesHere(tx);
    await projector.init(tx);
    const applied = await applyEach(tx, projector, events, batchSize);
    const tables: CompanyRowsReplaced['tables'] = [];
    const skipped: string[] = [];
    for (const table of projector.tables) {
      // The serving table's own columns (a restart's init may have added some at its end), generated ones left to it.
      const columns = await tx.query<{ name: string }>(
        `select a.attname::text as name from pg_attribute a
          where a.attrelid = format('%I.%I', $1::text, $2::text)::regclass and a.attnum > 0 and not a.attisdropped
            and a.attgenerated = '' order by a.attnum`,
        [serving, table],
      );
      if (!columns.some((c) => c.name === 'company_id')) {
        skipped.push(table);
        continue;
      }
      const list = columns.map((c) => `"${c.name}"`).join(', ');
      const [removed] = await tx.query<{ n: number }>(
        `with d as (delete from "${serving}"."${table}" where company_id = $1::uuid returning 1) select count(*)::int as n from d`,
        [companyId],
      );
      const [written] = await tx.query<{ n: number }>(
        `with i as (insert into "${serving}"."${table}" (${list}) select ${list} from "${scratch}"."${table}" where company_id = $1::uuid returning 1)
         select count(*)::int as n from i`,
        [companyId],
      );
      tables.push({ table, removed: removed?.n ?? 0, written: written?.n ?? 0 });
    }
    await tx.exec(`drop schema "${scratch}" cascade`);
    return { projector: projector.name, events: applied, tables, skipped };
  });
}

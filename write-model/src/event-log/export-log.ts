import type { Writable } from 'node:stream';
import { masterKeyFingerprint, unwrap, wrap } from '../event-store/pii.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import { FORMAT, FORMAT_VERSION, isCarriedTable, newPassphraseWrapping, passphraseKey, type Line } from './event-log.format.ts';

export type ExportOptions = {
  sql: SqlExecutor;
  /** The source's master key (it opens the stored subject keys). */
  masterKey: Buffer;
  /** Re-wrap the subject keys under this passphrase instead of leaving them under the master key. */
  passphrase?: string;
  out: Writable;
  pageSize?: number;
};

export type ExportSummary = { keys: number; rows: number; events: number };

/** Writes the event log of a PostgreSQL event store (PGlite or server) as NDJSON. Run it with the writers stopped. */
export async function exportEventLog(options: ExportOptions): Promise<ExportSummary> {
  const { sql, masterKey, out } = options;
  const pageSize = options.pageSize ?? 1_000;
  const write = (line: Line) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(`${JSON.stringify(line)}\n`)) resolve();
      else out.once('drain', resolve).once('error', reject);
    });
  const wrapping = options.passphrase ? newPassphraseWrapping() : { mode: 'master' as const, fingerprint: masterKeyFingerprint(masterKey) };
  const exportKey = wrapping.mode === 'passphrase' ? passphraseKey(options.passphrase!, wrapping) : null;
  await write({ kind: 'header', format: FORMAT, version: FORMAT_VERSION, exportedAt: new Date().toISOString(), keys: wrapping });

  const summary: ExportSummary = { keys: 0, rows: 0, events: 0 };
  const keys = await sql.query<{ subject_id: string; wrapped: string | null; created_at: Date; destroyed_at: Date | null }>(
    `select subject_id, encode(wrapped_key, 'base64') as wrapped, created_at, destroyed_at from es_subject_keys order by subject_id`,
  );
  for (const key of keys) {
    const wrappedKey =
      key.wrapped && exportKey ? wrap(exportKey, key.subject_id, unwrap(masterKey, key.subject_id, key.wrapped)) : key.wrapped;
    await write({
      kind: 'key',
      subjectId: key.subject_id,
      wrappedKey,
      createdAt: key.created_at.toISOString(),
      destroyedAt: key.destroyed_at ? key.destroyed_at.toISOString() : null,
    });
    summary.keys += 1;
  }

  for (const table of await carriedTables(sql)) {
    const rows = await sql.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from public."${table}" t`);
    for (const { row } of rows) await write({ kind: 'row', table, row });
    summary.rows += rows.length;
  }

  // In the order subscribers read the log, page by page (keyset on the same index they use).
  let after: [string, number] = ['0', 0];
  for (;;) {
    const page = await sql.query<{
      tx: string;
      position: number;
      stream_id: string;
      stream_version: number;
      event_id: string;
      type: string;
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
      company_id: string | null;
      recorded_at: Date;
      hash: string | null;
    }>(
      `select transaction_id::text as tx, global_position as position, stream_id, stream_version, event_id::text as event_id,
              type, data, metadata, company_id::text as company_id, recorded_at, hash
         from es_events where (transaction_id, global_position) > ($1::xid8, $2::bigint)
        order by transaction_id, global_position limit $3`,
      [after[0], after[1], pageSize],
    );
    for (const e of page) {
      await write({
        kind: 'event',
        streamId: e.stream_id,
        streamVersion: e.stream_version,
        eventId: e.event_id,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        companyId: e.company_id,
        recordedAt: e.recorded_at.toISOString(),
        hash: e.hash,
      });
    }
    summary.events += page.length;
    if (page.length < pageSize) break;
    const last = page[page.length - 1]!;
    after = [last.tx, Number(last.position)];
  }
  await write({ kind: 'end', ...summary });
  return summary;
}

export async function carriedTables(sql: SqlExecutor): Promise<string[]> {
  const tables = await sql.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  return tables.map((t) => t.name).filter(isCarriedTable);
}

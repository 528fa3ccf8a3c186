import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { migrateEventStore } from '../event-store/postgres-event-store.ts';
import { masterKeyFingerprint, unwrap, wrap } from '../event-store/pii.ts';
import type { SqlClient, SqlExecutor } from '../event-store/sql.ts';
import { FORMAT, FORMAT_VERSION, isCarriedTable, passphraseKey, type Line } from './event-log.format.ts';
import { migrateHashChain } from '../event-store/hash-chain.ts';

export type ImportOptions = {
  /** The target: an empty PostgreSQL event store (its write-model tables migrated by the caller). */
  sql: SqlClient;
  /** The target's master key: subject keys are wrapped under it. */
  masterKey: Buffer;
  /** Needed when the file's keys were wrapped under a passphrase. */
  passphrase?: string;
  input: Readable;
  batchSize?: number;
};

export type ImportSummary = { keys: number; rows: number; events: number; streams: number };

/**
 * Loads an exported event log into an empty database in one transaction: a failed import leaves
 * nothing behind. Events get new global positions in the same order; ids, versions, times, metadata
 * and ciphertext stay as exported. Read models are not imported: projections rebuild them.
 */
export async function importEventLog(options: ImportOptions): Promise<ImportSummary> {
  const { sql, masterKey } = options;
  const batchSize = options.batchSize ?? 1_000;
  await migrateEventStore(sql);
  const lines: AsyncIterator<string, undefined> = createInterface({ input: options.input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<Line | null> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) return null;
      if (value.trim()) return JSON.parse(value) as Line;
    }
  };

  const header = await next();
  const rewrap = checkHeader(header, masterKey, options.passphrase);
  const [existing] = await sql.query<{ n: number }>(
    `select (select count(*) from es_events) + (select count(*) from es_subject_keys) as n`,
  );
  if (Number(existing?.n ?? 0) > 0) throw new Error('The target already holds events or keys: import only into an empty database.');

  const summary = await sql.transaction(async (tx) => {
    // The one-time data migrations the target marked done while migrating its empty tables describe no
    // data: the source's markers arrive with the source's rows, and a migration the source never ran
    // runs on the imported data at the next start.
    await tx.exec(`delete from write_model_migrations`);
    const summary: ImportSummary = { keys: 0, rows: 0, events: 0, streams: 0 };
    let pending: { kind: string; table?: string; items: unknown[] } = { kind: '', items: [] };
    const flush = async () => {
      if (pending.items.length === 0) return;
      if (pending.kind === 'key') await insertKeys(tx, pending.items);
      else if (pending.kind === 'row') await insertRows(tx, pending.table!, pending.items);
      else await insertEvents(tx, pending.items);
      pending = { kind: '', items: [] };
    };
    for (let line = await next(); ; line = await next()) {
      if (!line) throw new Error('The file ends without its trailer: it was cut short.');
      if (line.kind === 'end') {
        await flush();
        if (line.keys !== summary.keys || line.rows !== summary.rows || line.events !== summary.events) {
          throw new Error(`The trailer counts ${JSON.stringify(line)} but the file held ${JSON.stringify(summary)}.`);
        }
        break;
      }
      if (line.kind === 'header') throw new Error('A second header in the file.');
      const table = line.kind === 'row' ? line.table : undefined;
      if (line.kind !== pending.kind || table !== pending.table || pending.items.length >= batchSize) await flush();
      pending.kind = line.kind;
      if (table) pending.table = table;
      if (line.kind === 'key') {
        pending.items.push({ ...line, wrappedKey: line.wrappedKey ? rewrap(line.subjectId, line.wrappedKey) : null });
        summary.keys += 1;
      } else if (line.kind === 'row') {
        if (!isCarriedTable(line.table)) throw new Error(`The file carries rows of ${line.table}, which an import does not write.`);
        pending.items.push(line.row);
        summary.rows += 1;
      } else {
        pending.items.push(line);
        summary.events += 1;
      }
    }
    // An export made before the hash chain existed carries no links: compute them as the migration does.
    await migrateHashChain(tx);
    const streams = await tx.query<{ n: number }>(
      `with s as (insert into es_streams (stream_id, version) select stream_id, max(stream_version) from es_events group by stream_id returning 1)
       select count(*)::int as n from s`,
    );
    summary.streams = streams[0]?.n ?? 0;
    return summary;
  });
  // Planner statistics for the log just loaded: until autovacuum's analyze comes (never, on PGlite or a
  // server with it off) a lookup of a few streams by id is planned as a scan of the whole log.
  await sql.exec('analyze es_events, es_streams, es_subject_keys');
  return summary;
}

/** Returns how a key line's wrapped key becomes one wrapped under the target's master key. */
function checkHeader(header: Line | null, masterKey: Buffer, passphrase?: string): (subjectId: string, wrapped: string) => string {
  if (!header || header.kind !== 'header' || header.format !== FORMAT) throw new Error('Not an exported event log (no header line).');
  const version: unknown = header.version; // from the file: whatever it says
  if (version !== FORMAT_VERSION)
    throw new Error(`Event log format version ${String(version)} is not supported here (${FORMAT_VERSION} is).`);
  const keys = header.keys;
  if (keys.mode === 'master') {
    if (keys.fingerprint !== masterKeyFingerprint(masterKey)) {
      throw new Error(
        'The subject keys in this file are wrapped under another master key: run the import with the DATA_KEY of the source, or export again with a passphrase.',
      );
    }
    return (_subjectId, wrapped) => wrapped;
  }
  if (!passphrase) throw new Error('The subject keys in this file are wrapped under a passphrase: give it (EXPORT_PASSPHRASE).');
  const fileKey = passphraseKey(passphrase, keys);
  return (subjectId, wrapped) => {
    let key: Buffer;
    try {
      key = unwrap(fileKey, subjectId, wrapped);
    } catch {
      throw new Error('The passphrase does not open the subject keys in this file.');
    }
    return wrap(masterKey, subjectId, key);
  };
}

async function insertKeys(tx: SqlExecutor, items: unknown[]): Promise<void> {
  await tx.query(
    `insert into es_subject_keys (subject_id, wrapped_key, created_at, destroyed_at)
     select k->>'subjectId', decode(k->>'wrappedKey', 'base64'), (k->>'createdAt')::timestamptz, (k->>'destroyedAt')::timestamptz
       from jsonb_array_elements($1::text::jsonb) as k`,
    [JSON.stringify(items)],
  );
}

async function insertRows(tx: SqlExecutor, table: string, rows: unknown[]): Promise<void> {
  const [exists] = await tx.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [`public."${table}"`]);
  if (!exists?.ok) throw new Error(`The target has no table ${table}: run the same version of the code on both sides.`);
  await tx.query(
    `insert into public."${table}" overriding system value select * from jsonb_populate_recordset(null::public."${table}", $1::text::jsonb)`,
    [JSON.stringify(rows)],
  );
  // Identity columns continue after the imported rows.
  const identities = await tx.query<{ col: string }>(
    `select attname as col from pg_attribute where attrelid = $1::regclass and attidentity <> '' and not attisdropped`,
    [`public."${table}"`],
  );
  for (const { col } of identities) {
    await tx.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${col}") from public."${table}"), 1))`, [
      `public."${table}"`,
      col,
    ]);
  }
}

async function insertEvents(tx: SqlExecutor, events: unknown[]): Promise<void> {
  await tx.query(
    `insert into es_events (stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)
     select e->>'streamId', (e->>'streamVersion')::int, (e->>'eventId')::uuid, e->>'type', e->'data', e->'metadata',
            (e->>'companyId')::uuid, (e->>'recordedAt')::timestamptz, e->>'hash'
       from jsonb_array_elements($1::text::jsonb) with ordinality as x(e, ord)
      order by ord`,
    [JSON.stringify(events)],
  );
}

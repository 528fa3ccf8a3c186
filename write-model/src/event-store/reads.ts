import { decryptFields } from './pii-fields.ts';
import type { Keyring } from './pii.ts';
import type { SqlExecutor } from './sql.ts';
import type { Checkpoint, EventMetadata, ReadAllOptions, ReadStreamOptions, RecordedEvent } from './types.ts';

type EventRecordRow = {
  global_position: number;
  tx_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
};

const COLUMNS = `global_position, transaction_id::text as tx_id, stream_id, stream_version, event_id::text as event_id,
  type, data, metadata, recorded_at`;

/**
 * The transaction horizon: every transaction with a smaller id has finished (committed or rolled
 * back), so nothing can still appear below it. Taken from the statement's own snapshot, which
 * also sees every committed row below it.
 */
const BELOW_HORIZON = `transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

export async function readStream(
  sql: SqlExecutor,
  keyring: Keyring,
  streamId: string,
  options: ReadStreamOptions = {},
  onTail?: (tail: { version: number; hash: string | null }) => void,
): Promise<{ version: number; events: RecordedEvent[] }> {
  const params: unknown[] = [streamId];
  let asOf = '';
  if (options.asOf && 'globalPosition' in options.asOf) {
    // Within a stream, positions grow with versions (appends to a stream are serialized), so this is a prefix.
    params.push(options.asOf.globalPosition);
    asOf = `and global_position <= $2`;
  } else if (options.asOf) {
    params.push(options.asOf.time.toISOString());
    asOf = `and recorded_at <= $2::timestamptz`;
  }
  const fromVersion = options.fromVersion ?? 1;
  const rows = await sql.query<EventRecordRow & { hash: string | null }>(
    `select ${COLUMNS}, hash from es_events where stream_id = $1 ${asOf} and stream_version >= $${params.length + 1}
      order by stream_version`,
    [...params, fromVersion],
  );
  const last = rows[rows.length - 1];
  // The stream's tail, for the next append's hash link (append.ts TailCache); not for point-in-time reads.
  if (last && !options.asOf) onTail?.({ version: last.stream_version, hash: last.hash });
  let version = last ? last.stream_version : 0;
  if (!last && fromVersion > 1) {
    // Nothing at or after fromVersion: the caller still needs the version it would append after.
    const [row] = await sql.query<{ version: number }>(
      `select coalesce(max(stream_version), 0) as version from es_events where stream_id = $1 ${asOf}`,
      params,
    );
    version = row?.version ?? 0;
  }
  return { version, events: await toRecordedEvents(keyring, rows) };
}

/** Whole streams in one query, each in version order; `onTail` gets each non-empty stream's last version and hash. */
export async function readStreams(
  sql: SqlExecutor,
  keyring: Keyring,
  streamIds: readonly string[],
  onTail?: (streamId: string, tail: { version: number; hash: string | null }) => void,
): Promise<Map<string, { version: number; events: RecordedEvent[] }>> {
  const ids = [...new Set(streamIds)];
  const rows =
    ids.length === 0
      ? []
      : await sql.query<EventRecordRow & { hash: string | null }>(
          `select ${COLUMNS}, hash from es_events where stream_id = any($1::text[]) order by stream_id, stream_version`,
          [ids],
        );
  const events = await toRecordedEvents(keyring, rows);
  const streams = new Map(ids.map((id) => [id, { version: 0, events: [] as RecordedEvent[] }]));
  events.forEach((event, i) => {
    const stream = streams.get(event.streamId)!;
    stream.events.push(event);
    stream.version = event.streamVersion;
    const next = rows[i + 1];
    if (!next || next.stream_id !== event.streamId) onTail?.(event.streamId, { version: event.streamVersion, hash: rows[i]!.hash });
  });
  return streams;
}

export async function readAll(sql: SqlExecutor, keyring: Keyring, options: ReadAllOptions): Promise<RecordedEvent[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error(`Invalid limit ${options.limit}`);
  const params: unknown[] = [options.after?.txId ?? '0', options.after?.globalPosition ?? 0, options.limit];
  // Row comparisons, so the (transaction_id, global_position) index serves both bounds.
  let where = `${BELOW_HORIZON} and (transaction_id, global_position) > ($1::xid8, $2::bigint)`;
  if (options.until) {
    params.push(options.until.txId, options.until.globalPosition);
    where += ` and (transaction_id, global_position) <= ($${params.length - 1}::xid8, $${params.length}::bigint)`;
  }
  if (options.types) {
    params.push(options.types);
    where += ` and type = any($${params.length}::text[])`;
  }
  const rows = await sql.query<EventRecordRow>(
    `select ${COLUMNS} from es_events where ${where} order by transaction_id, global_position limit $3`,
    params,
  );
  return toRecordedEvents(keyring, rows);
}

/**
 * One company's events in the global order (the index (company_id, global_position) finds them, in one
 * partition when es_events is partitioned; they are sorted by (transaction_id, global_position) here),
 * below the horizon like readAll. For rebuilding one company's read models (issue #28 step 3); PostgreSQL only.
 */
export async function readCompanyEvents(
  sql: SqlExecutor,
  keyring: Keyring,
  companyId: string,
  options: { after: Checkpoint | null; until?: Checkpoint; limit: number },
): Promise<RecordedEvent[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error(`Invalid limit ${options.limit}`);
  const params: unknown[] = [companyId, options.after?.txId ?? '0', options.after?.globalPosition ?? 0, options.limit];
  let where = `company_id = $1::uuid and ${BELOW_HORIZON} and (transaction_id, global_position) > ($2::xid8, $3::bigint)`;
  if (options.until) {
    params.push(options.until.txId, options.until.globalPosition);
    where += ` and (transaction_id, global_position) <= ($5::xid8, $6::bigint)`;
  }
  const rows = await sql.query<EventRecordRow>(
    `select ${COLUMNS} from es_events where ${where} order by transaction_id, global_position limit $4`,
    params,
  );
  return toRecordedEvents(keyring, rows);
}

export async function headCheckpoint(sql: SqlExecutor): Promise<Checkpoint | null> {
  const [row] = await sql.query<{ tx_id: string; global_position: number }>(
    `select transaction_id::text as tx_id, global_position from es_events where ${BELOW_HORIZON}
      order by transaction_id desc, global_position desc limit 1`,
  );
  return row ? { txId: row.tx_id, globalPosition: Number(row.global_position) } : null;
}

async function toRecordedEvents(keyring: Keyring, rows: EventRecordRow[]): Promise<RecordedEvent[]> {
  const subjects = [...new Set(rows.flatMap((row) => row.metadata.pii?.map((marking) => marking.subjectId) ?? []))];
  const keys = subjects.length > 0 ? await keyring.keysForRead(subjects) : new Map<string, Buffer | null>();
  return rows.map((row) => ({
    globalPosition: Number(row.global_position),
    txId: row.tx_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    data: decryptFields(row.data, row.metadata.pii, keys),
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  }));
}

import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '../errors.ts';
import { chainHash, previousHashes } from './hash-chain.ts';
import { encryptFields, subjectsOf } from './pii-fields.ts';
import type { Keyring } from './pii.ts';
import type { SqlClient, SqlExecutor } from './sql.ts';
import type { AppendOptions, AppendResult, EventMetadata, NewEvent, PiiMarking, StreamAppend } from './types.ts';
import { APPENDED_CHANNEL } from './wake-up.ts';

/** Advisory-lock key space of stream locks ('es_s'); the second key is hashtext(stream_id). */
const STREAM_LOCK_SPACE = 1702059891;

type EventRow = {
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  /** The hash-chain link (hash-chain.ts). */
  hash: string;
};

/**
 * One append = one transaction: stream locks, the command id, the expected-version checks on
 * es_streams, the keys of new data subjects, the events (one statement), the caller's extra writes.
 */
export async function appendEvents(
  sql: SqlClient,
  keyring: Keyring,
  streams: readonly StreamAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  checkRequest(streams);
  const commandId = options.commandId ?? null;
  let rememberKeys = () => {};
  const result = await sql.transaction(async (tx) => {
    const first = await lockStreamsAndClaim(tx, streams, commandId);
    if (first) return { ...first, duplicate: true };
    const versions: AppendResult['streams'] = [];
    for (const stream of streams) versions.push({ streamId: stream.streamId, version: await advanceStream(tx, stream) });

    const subjects = [...new Set(streams.flatMap((s) => s.events.flatMap((e) => subjectsOf(markingsOf(e)))))];
    const writeKeys = subjects.length > 0 ? await keyring.keysForWrite(tx, subjects) : null;
    if (writeKeys) rememberKeys = writeKeys.remember;

    const base = {
      companyId: options.companyId,
      actorUserId: options.actorUserId,
      commandId,
      correlationId: options.correlationId ?? commandId ?? randomUUID(),
      causationId: options.causationId ?? null,
    };
    // The stream locks are held, so the last stored event of each stream cannot move under us.
    const tails = streams.map((stream, i) => ({ streamId: stream.streamId, version: (versions[i]?.version ?? 0) - stream.events.length }));
    const previous = await previousHashes(tx, tails);
    const rows: EventRow[] = streams.flatMap((stream, i) => {
      const firstVersion = (tails[i]?.version ?? 0) + 1;
      let link = previous.get(stream.streamId) ?? null;
      return stream.events.map((event, j): EventRow => {
        const pii = markingsOf(event);
        const row = {
          streamId: stream.streamId,
          streamVersion: firstVersion + j,
          eventId: randomUUID(),
          type: event.type,
          data: writeKeys ? encryptFields(event.data, pii, writeKeys.keys) : event.data,
          metadata: { ...base, schemaVersion: event.schemaVersion ?? 1, ...(pii.length > 0 ? { pii } : {}) },
        };
        link = chainHash(link, row);
        return { ...row, hash: link };
      });
    });
    const inserted = await insertEvents(tx, rows, options.companyId, commandId, versions);
    await options.inTransaction?.(tx);
    return inserted;
  });
  rememberKeys();
  return result;
}

/** The markings that mark something: a subject with no fields gets no key. */
function markingsOf(event: NewEvent): PiiMarking[] {
  return event.pii?.filter((marking) => marking.fields.length > 0) ?? [];
}

export function checkRequest(streams: readonly StreamAppend[]): void {
  if (streams.length === 0) throw new Error('An append needs at least one stream');
  const seen = new Set<string>();
  for (const { streamId, expectedVersion, events } of streams) {
    if (!streamId) throw new Error('A stream id must not be empty');
    if (seen.has(streamId)) throw new Error(`Stream ${streamId} appears twice in one append`);
    seen.add(streamId);
    if (events.length === 0) throw new Error(`The append to ${streamId} has no events`);
    if (typeof expectedVersion === 'number' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`Invalid expected version ${expectedVersion} for ${streamId}`);
    }
  }
}

/**
 * Advisory locks on the streams, taken before this transaction writes anything. A transaction gets
 * its id (xid) at its first write, so whoever appends to a stream after us gets a greater xid: a
 * stream's events stay in version order in the global (xid, position) order. Row locks on
 * es_streams alone would not do that: a write before them (the command id, another stream) can give
 * a waiting transaction a smaller xid than the one it waits for. Keys are locked in ascending order,
 * so multi-stream appends cannot deadlock; a hash collision only makes two streams share a lock.
 *
 * With a command id, the same statement claims it (after the locks: the aggregate finishes before
 * the insert sees a row). Returns null when the command id is new or absent, else the first result.
 */
async function lockStreamsAndClaim(
  tx: SqlExecutor,
  streams: readonly StreamAppend[],
  commandId: string | null,
): Promise<AppendResult | null> {
  const locks = `select count(pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, k)) as taken
    from (select distinct hashtext(s) as k from unnest($1::text[]) as s order by 1) as keys`;
  const streamIds = streams.map((s) => s.streamId);
  if (commandId === null) {
    await tx.query(locks, [streamIds]);
    return null;
  }
  // A concurrent append with the same id makes this insert wait for it: it commits (we return its
  // result) or rolls back (the insert goes through and we append).
  const claimed = await tx.query(
    `with locks as (${locks})
     insert into es_commands (command_id) select $2 from locks on conflict (command_id) do nothing returning command_id`,
    [streamIds, commandId],
  );
  if (claimed.length > 0) return null;
  const [row] = await tx.query<{ result: AppendResult | null }>(`select result from es_commands where command_id = $1`, [
    commandId,
  ]);
  if (!row?.result) throw new Error(`Command ${commandId} is recorded without a result`);
  return row.result;
}

/** Checks the expected version and moves the stream on; returns its new version. */
async function advanceStream(tx: SqlExecutor, { streamId, expectedVersion, events }: StreamAppend): Promise<number> {
  const count = events.length;
  let rows: { version: number }[];
  if (expectedVersion === 'no_stream' || expectedVersion === 0) {
    rows = await tx.query(
      `insert into es_streams (stream_id, version) values ($1, $2) on conflict (stream_id) do nothing returning version`,
      [streamId, count],
    );
  } else if (expectedVersion === 'any') {
    rows = await tx.query(
      `insert into es_streams (stream_id, version) values ($1, $2)
       on conflict (stream_id) do update set version = es_streams.version + excluded.version returning version`,
      [streamId, count],
    );
  } else if (expectedVersion === 'stream_exists') {
    rows = await tx.query(`update es_streams set version = version + $2 where stream_id = $1 returning version`, [
      streamId,
      count,
    ]);
  } else {
    rows = await tx.query(
      `update es_streams set version = version + $2 where stream_id = $1 and version = $3 returning version`,
      [streamId, count, expectedVersion],
    );
  }
  const [row] = rows;
  if (row) return row.version;
  const [actual] = await tx.query<{ version: number }>(`select version from es_streams where stream_id = $1`, [streamId]);
  throw new ConcurrencyError(streamId, expectedVersion, actual?.version ?? null);
}

/**
 * All events in one statement, which also stores the command's result and queues the NOTIFY (sent at
 * commit). recorded_at is taken once, after the stream locks and rounded to the millisecond, so it
 * grows with a stream's versions and a JS Date of it is exact: point-in-time reads by time line up.
 */
async function insertEvents(
  tx: SqlExecutor,
  rows: EventRow[],
  companyId: string | null,
  commandId: string | null,
  streams: AppendResult['streams'],
): Promise<AppendResult> {
  const [row] = await tx.query<{ first_position: number; last_position: number; tx_id: string }>(
    `with now_ as materialized (select date_trunc('milliseconds', clock_timestamp()) as ts),
     inserted as (
       insert into es_events (stream_id, stream_version, event_id, type, data, metadata, company_id, recorded_at, hash)
       select e.doc->>'streamId', (e.doc->>'streamVersion')::int, (e.doc->>'eventId')::uuid, e.doc->>'type',
              e.doc->'data', e.doc->'metadata', $2::uuid, now_.ts, e.doc->>'hash'
         from jsonb_array_elements($1::text::jsonb) with ordinality as e(doc, ord) cross join now_
        order by e.ord
       returning global_position
     ),
     totals as (
       select min(global_position) as first_position, max(global_position) as last_position,
              pg_current_xact_id()::text as tx_id
         from inserted
     ),
     command as (
       update es_commands set result = $3::text::jsonb || jsonb_build_object(
           'firstPosition', t.first_position, 'lastPosition', t.last_position,
           'checkpoint', jsonb_build_object('txId', t.tx_id, 'globalPosition', t.last_position))
         from totals as t where command_id = $4::text
     )
     select t.first_position, t.last_position, t.tx_id, pg_notify('${APPENDED_CHANNEL}', '')::text as notified
       from totals as t`,
    [JSON.stringify(rows), companyId, JSON.stringify({ duplicate: false, streams }), commandId],
  );
  if (!row) throw new Error('The event insert returned nothing');
  const firstPosition = Number(row.first_position);
  const lastPosition = Number(row.last_position);
  return {
    duplicate: false,
    streams,
    firstPosition,
    lastPosition,
    checkpoint: { txId: row.tx_id, globalPosition: lastPosition },
  };
}

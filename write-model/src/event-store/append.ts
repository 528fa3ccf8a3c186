import { randomUUID } from 'node:crypto';
import { ConcurrencyError } from '../errors.ts';
import { APPEND_CONFLICT, APPEND_DUPLICATE, APPEND_STALE, STREAM_LOCK_SPACE, streamLockKey } from './append-function.ts';
import { commitRefusal } from './commit-refusals.ts';
import { canonicalJson, chainLink } from './hash-chain.ts';
import { encryptFields, subjectsOf } from './pii-fields.ts';
import type { Keyring } from './pii.ts';
import { isSqlState, type SqlClient, type SqlExecutor } from './sql.ts';
import type { AppendOptions, AppendResult, EventMetadata, NewEvent, PiiMarking, StreamAppend } from './types.ts';

/**
 * An optimistic tail can move between our read and the locks (appends with 'any' / 'stream_exists'
 * on a busy stream): after this many stale attempts the append takes the stream locks first, in a
 * transaction, and reads the tails under them, so it cannot be stale again.
 */
const OPTIMISTIC_ATTEMPTS = 2;
const MAX_ATTEMPTS = 10;

type Tail = { version: number; hash: string | null };

/**
 * The last known (version, hash) of recently used streams, so an append after a read or an append of
 * the same stream needs no tail read: one round trip. Events never change, so an entry is never wrong
 * about its version, only possibly old; es_append checks the version under the locks either way.
 */
export class TailCache {
  private readonly tails = new Map<string, Tail>();
  constructor(private readonly limit = 10_000) {}
  get(streamId: string): Tail | undefined {
    return this.tails.get(streamId);
  }
  set(streamId: string, tail: Tail): void {
    this.tails.delete(streamId);
    this.tails.set(streamId, tail);
    if (this.tails.size > this.limit) this.tails.delete(this.tails.keys().next().value!);
  }
  delete(streamId: string): void {
    this.tails.delete(streamId);
  }
}

/**
 * One append = one statement, es_append (append-function.ts; es_append_one for one event to one stream): stream
 * locks, the command id, the expected-version checks, the keys of new data subjects, the events. The rows are built here
 * beforehand from the stream tails read optimistically (one read, none when every stream is new),
 * and es_append checks those tails under the locks. With the caller's extra writes (inTransaction)
 * the statement and those writes share a transaction. So a single-event append costs one or two
 * round trips instead of six (lock and claim, version, previous hash, insert, BEGIN, COMMIT).
 */
export async function appendEvents(
  sql: SqlClient,
  keyring: Keyring,
  streams: readonly StreamAppend[],
  options: AppendOptions,
  cache: TailCache = new TailCache(0),
  notifier?: { appended(): void },
): Promise<AppendResult> {
  const result = await appendWithRetries(sql, keyring, streams, options, cache);
  if (!result.duplicate) notifier?.appended();
  return result;
}

async function appendWithRetries(
  sql: SqlClient,
  keyring: Keyring,
  streams: readonly StreamAppend[],
  options: AppendOptions,
  cache: TailCache,
) {
  checkRequest(streams);
  for (let attempt = 1; ; attempt++) {
    try {
      if (attempt <= OPTIMISTIC_ATTEMPTS) return await appendOnce(sql, sql, keyring, streams, options, attempt === 1 ? cache : null);
      return await sql.transaction(async (tx) => {
        await tx.query(
          `select count(pg_advisory_xact_lock(${STREAM_LOCK_SPACE}, k)) as taken
             from (select distinct ${streamLockKey('s')} as k from unnest($1::text[]) as s order by 1) as keys`,
          [streams.map((s) => s.streamId)],
        );
        return appendOnce(tx, null, keyring, streams, options, null);
      });
    } catch (error) {
      // A conflict or a stale tail may come from an old cache entry: the next append reads the tail.
      for (const s of streams) cache.delete(s.streamId);
      if (isSqlState(error, APPEND_DUPLICATE) && options.commandId) {
        const recorded = await recordedAnswer(sql, options.commandId);
        if (recorded) return recorded;
      }
      if (!(isSqlState(error, APPEND_STALE) && attempt < MAX_ATTEMPTS)) throw translated(error, streams);
    }
  }
}

/** `db` runs the statements; `client` is null when db is already a transaction (the locked attempt). */
async function appendOnce(
  db: SqlExecutor,
  client: SqlClient | null,
  keyring: Keyring,
  streams: readonly StreamAppend[],
  options: AppendOptions,
  cache: TailCache | null,
): Promise<AppendResult> {
  const commandId = options.commandId ?? null;
  const tails = await readTails(db, streams, cache);
  const subjects = [...new Set(streams.flatMap((s) => s.events.flatMap((e) => subjectsOf(markingsOf(e)))))];
  const writeKeys = subjects.length > 0 ? await keyring.keysForAppend(subjects) : null;
  const metadataOf = metadataFor(options);
  // The distinct metadata's canonical texts (p_events' m), each event's index among them beside its other columns.
  const metadataTexts: string[] = [];
  // Events without personal-data markings share their metadata by schema version: its canonical text once, and
  // one entry of m. Events with markings each have their own.
  const shared = new Map<number, { metadata: EventMetadata; text: string; index: number }>();
  const withText = (metadata: EventMetadata) => {
    const text = canonicalJson(metadata);
    return { metadata, text, index: metadataTexts.push(text) - 1 };
  };
  const metadataWithText = (event: NewEvent, pii: PiiMarking[]) => {
    if (pii.length > 0) return withText(metadataOf(event, pii));
    const version = event.schemaVersion ?? 1;
    let found = shared.get(version);
    if (!found) {
      found = withText(metadataOf(event, pii));
      shared.set(version, found);
    }
    return found;
  };
  // The events by column (append-function.ts, p_events), the data and metadata as the canonical texts their links hash.
  const ids: string[] = [];
  const versions: number[] = [];
  const eventIds: string[] = [];
  const types: string[] = [];
  const dataTexts: string[] = [];
  const metadataIndexes: number[] = [];
  const hashes: string[] = [];
  // Each stream's new tail, for the cache once the append is done.
  const newTails: [string, Tail][] = [];
  for (const stream of streams) {
    const tail = tails.get(stream.streamId) ?? { version: 0, hash: null };
    let link = tail.version > 0 ? tail.hash : null;
    let version = tail.version;
    for (const event of stream.events) {
      const pii = markingsOf(event);
      const { metadata, text, index } = metadataWithText(event, pii);
      version += 1;
      const row = {
        streamId: stream.streamId,
        streamVersion: version,
        eventId: randomUUID(),
        type: event.type,
        data: writeKeys ? encryptFields(event.data, pii, writeKeys.keys) : event.data,
        metadata,
      };
      const dataText = canonicalJson(row.data);
      link = chainLink(link, row, text, dataText).hash;
      ids.push(row.streamId);
      versions.push(version);
      eventIds.push(row.eventId);
      types.push(row.type);
      dataTexts.push(dataText);
      metadataIndexes.push(index);
      hashes.push(link);
    }
    newTails.push([stream.streamId, { version, hash: link }]);
  }
  const keys = JSON.stringify(writeKeys?.fresh ?? []);
  const expectedOf = (s: StreamAppend) => (s.expectedVersion === 0 ? 'no_stream' : String(s.expectedVersion));
  const tailOf = (s: StreamAppend) => tails.get(s.streamId)?.version ?? 0;
  let statement: string;
  let params: unknown[];
  if (ids.length === 1) {
    const [stream] = streams as [StreamAppend];
    statement = ONE_EVENT;
    params = [
      stream.streamId,
      expectedOf(stream),
      tailOf(stream),
      eventIds[0],
      types[0],
      dataTexts[0],
      metadataTexts[0],
      hashes[0],
      options.companyId,
      commandId,
      keys,
    ];
  } else {
    const described = streams.map((s) => ({ streamId: s.streamId, expected: expectedOf(s), tail: tailOf(s), count: s.events.length }));
    const events =
      `{"s":${JSON.stringify(ids)},"v":[${versions.join(',')}],"e":${JSON.stringify(eventIds)},"t":${JSON.stringify(types)},` +
      `"d":[${dataTexts.join(',')}],"m":[${metadataTexts.join(',')}],"i":[${metadataIndexes.join(',')}],"h":${JSON.stringify(hashes)}}`;
    statement = MANY_EVENTS;
    params = [JSON.stringify(described), events, options.companyId, commandId, keys];
  }
  const run = async (on: SqlExecutor) => {
    const appended = (await on.query<{ result: AppendResult }>(statement, params))[0]!.result;
    if (!appended.duplicate) await options.inTransaction?.(on);
    return appended;
  };
  const result = client && options.inTransaction ? await client.transaction(run) : await run(db);
  if (!result.duplicate) {
    writeKeys?.remember();
    if (cache) for (const [streamId, tail] of newTails) cache.set(streamId, tail);
  }
  return { ...result, firstPosition: Number(result.firstPosition), lastPosition: Number(result.lastPosition) };
}

/** One event to one stream (es_append_one), and any other append (es_append). */
const ONE_EVENT = `select es_append_one($1, $2, $3, $4::uuid, $5, $6::text::jsonb, $7::text::jsonb, $8, $9::uuid, $10, $11::text::jsonb) as result`;
const MANY_EVENTS = `select es_append($1::text::jsonb, $2::text::jsonb, $3::uuid, $4, $5::text::jsonb) as result`;

/** The answer recorded with a command's events, as a retry of the command gets it; null if none is recorded. */
async function recordedAnswer(sql: SqlExecutor, commandId: string): Promise<AppendResult | null> {
  const [row] = await sql.query<{ result: AppendResult | null }>(`select result from es_commands where command_id = $1`, [commandId]);
  if (!row?.result) return null;
  return { ...row.result, duplicate: true, firstPosition: Number(row.result.firstPosition), lastPosition: Number(row.result.lastPosition) };
}

/**
 * The version each stream is appended after and that event's hash. An exact expected version names
 * it (events never change, so its hash can be read before the locks); 'any' and 'stream_exists' read
 * the current tail, which es_append re-checks. New streams need no read.
 */
async function readTails(sql: SqlExecutor, streams: readonly StreamAppend[], cache: TailCache | null): Promise<Map<string, Tail>> {
  const tails = new Map<string, Tail>();
  const wanted = streams
    .filter((s) => s.expectedVersion !== 'no_stream' && s.expectedVersion !== 0)
    .filter((s) => {
      const known = cache?.get(s.streamId);
      if (!known || (typeof s.expectedVersion === 'number' && known.version !== s.expectedVersion)) return true;
      tails.set(s.streamId, known);
      return false;
    })
    .map((s) => ({ id: s.streamId, v: typeof s.expectedVersion === 'number' ? s.expectedVersion : null }));
  if (wanted.length === 0) return tails;
  const rows = await sql.query<{ stream_id: string; version: number | null; hash: string | null }>(
    `select t.id as stream_id, coalesce(t.v, s.version) as version, e.hash
       from jsonb_to_recordset($1::text::jsonb) as t(id text, v int)
       left join es_streams s on t.v is null and s.stream_id = t.id
       left join es_events e on e.stream_id = t.id and e.stream_version = coalesce(t.v, s.version)`,
    [JSON.stringify(wanted)],
  );
  for (const row of rows) tails.set(row.stream_id, { version: row.version ?? 0, hash: row.hash });
  return tails;
}

/** es_append's conflict or a deferred check's refusal at the commit (commit-refusals.ts) as the typed refusal; anything else unchanged. */
function translated(error: unknown, streams: readonly StreamAppend[]): unknown {
  if (!isSqlState(error, APPEND_CONFLICT)) return commitRefusal(error) ?? error;
  const { streamId, actual } = JSON.parse(String((error as { detail?: unknown }).detail)) as { streamId: string; actual: number | null };
  const stream = streams.find((s) => s.streamId === streamId);
  return new ConcurrencyError(streamId, stream?.expectedVersion, actual);
}

/**
 * The metadata of an append's events (both stores write the same): what the append shares, one
 * correlation id for all of them, and each event's schema version and personal-data markings. Nothing else
 * of an event may enter it: appendOnce shares one object (and its canonical text) among the events of an
 * append with the same schema version and no markings.
 */
export function metadataFor(options: AppendOptions): (event: NewEvent, pii: PiiMarking[]) => EventMetadata {
  const commandId = options.commandId ?? null;
  const base = {
    companyId: options.companyId,
    actorUserId: options.actorUserId,
    commandId,
    correlationId: options.correlationId ?? commandId ?? randomUUID(),
    causationId: options.causationId ?? null,
  };
  return (event, pii) => ({ ...base, schemaVersion: event.schemaVersion ?? 1, ...(pii.length > 0 ? { pii } : {}) });
}

/** The markings that mark something: a subject with no fields gets no key. */
export function markingsOf(event: NewEvent): PiiMarking[] {
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
    if (events.some((e) => typeof e.data !== 'object' || e.data === null)) throw new Error(`An event of ${streamId} has no data object`);
    if (typeof expectedVersion === 'number' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`Invalid expected version ${expectedVersion} for ${streamId}`);
    }
  }
}

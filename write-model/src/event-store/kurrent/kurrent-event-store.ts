import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  excludeSystemEvents,
  jsonEvent,
  KurrentDBClient,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventData,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError } from '../../errors.ts';
import { checkRequest, markingsOf, metadataFor } from '../append.ts';
import { encryptFields, subjectsOf } from '../pii-fields.ts';
import { migrateKeyring, type Keyring } from '../pii.ts';
import type { SqlClient, SqlExecutor } from '../sql.ts';
import type { AppendOptions, AppendResult, EventStore, RecordedEvent, StreamAppend } from '../types.ts';
import { createWakeUp } from '../wake-up.ts';
import { commandEventId, encodeMetadata, toCheckpoint, toStreamState, versionOf } from './kurrent-mapping.ts';
import { headCheckpoint, readAll, readStream } from './kurrent-reads.ts';

export type KurrentEventStoreOptions = {
  /** esdb://… or kurrentdb://… */
  connectionString: string;
  /** PostgreSQL: the subject keys of personal data, the command ids, and the callers' inTransaction writes. */
  sql: SqlClient;
  keyring: Keyring;
  pollIntervalMs?: number;
  /** Follow $all with a live subscription for wake-ups (default true); polling alone otherwise. */
  liveSubscription?: boolean;
};

/**
 * The event store port on KurrentDB (or EventStoreDB 20+ for single-stream appends). Events, their
 * stream versions and the global order live in KurrentDB; PostgreSQL keeps what must be mutable or
 * secret: the per-person keys (erasure deletes a key, which an immutable log cannot do), the command
 * ids with their first results, and the reservation rows of inTransaction hooks.
 *
 * One append = one PostgreSQL transaction around one KurrentDB write: claim the command id, run the
 * caller's hooks, create keys, encrypt, write to KurrentDB, record the result, commit. Anything that
 * fails before the KurrentDB write rolls back everything. A crash after KurrentDB acknowledged and
 * before PostgreSQL committed leaves events without their hook rows and without the keys they were
 * sealed with (their personal fields then read as erased) — docs/operations.md states this window.
 */
export async function createKurrentEventStore(options: KurrentEventStoreOptions): Promise<EventStore> {
  const { sql, keyring } = options;
  const client = KurrentDBClient.connectionString(options.connectionString);
  await migrateKurrentSideTables(sql);
  const head = () => headCheckpoint(client);
  // Wake-ups: a live $all subscription from the end plays the part of LISTEN/NOTIFY; polling stays as the fallback.
  const wakeUp = createWakeUp(
    {
      async listen(_channel, onNotify) {
        if (options.liveSubscription === false) return async () => {};
        const subscription = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
        subscription.on('data', () => onNotify(''));
        subscription.on('error', () => {});
        return async () => {
          await subscription.unsubscribe();
        };
      },
    },
    head,
    options.pollIntervalMs ?? 500,
  );
  return {
    append: (streams, appendOptions) => append(client, sql, keyring, streams, appendOptions),
    readStream: (streamId, readOptions) => readStream(client, keyring, streamId, readOptions),
    // KurrentDB reads a stream per call: the streams one after another, as the port's contract allows.
    readStreams: async (streamIds) => {
      const streams = new Map<string, { version: number; events: RecordedEvent[] }>();
      for (const streamId of new Set(streamIds)) streams.set(streamId, await readStream(client, keyring, streamId));
      return streams;
    },
    erasures: () => keyring.erasures(),
    readAll: (readOptions) => readAll(client, keyring, readOptions),
    headCheckpoint: head,
    onAppended: (listener) => wakeUp.subscribe(listener),
    async close() {
      await wakeUp.close();
      await client.dispose();
    },
  };
}

async function migrateKurrentSideTables(sql: SqlExecutor): Promise<void> {
  await migrateKeyring(sql);
  // The same table the PostgreSQL adapter uses for command ids, so a database can hold either.
  await sql.exec(
    `create table if not exists es_commands (command_id text primary key, result jsonb, recorded_at timestamptz not null default now())`,
  );
}

/** How far back a retried command looks for its own events, after a crash lost its PostgreSQL record. */
const RECOVERY_WINDOW = 20;

async function append(
  client: KurrentDBClient,
  sql: SqlClient,
  keyring: Keyring,
  streams: readonly StreamAppend[],
  options: AppendOptions,
): Promise<AppendResult> {
  checkRequest(streams);
  const commandId = options.commandId ?? null;
  let rememberKeys = () => {};
  const result = await sql.transaction(async (tx) => {
    // Deferred checks (commit-refusals.ts) run at their statements here: a refusal at the commit would
    // come after the KurrentDB write, which the rollback cannot undo.
    await tx.exec('set constraints all immediate');
    if (commandId) {
      // A concurrent append with the same id waits here until this one commits or rolls back.
      const claimed = await tx.query(`insert into es_commands (command_id) values ($1) on conflict (command_id) do nothing returning 1`, [
        commandId,
      ]);
      if (claimed.length === 0) {
        const [row] = await tx.query<{ result: AppendResult | null }>(`select result from es_commands where command_id = $1`, [commandId]);
        if (!row?.result) throw new Error(`Command ${commandId} is recorded without a result`);
        return { ...row.result, duplicate: true };
      }
      const recovered = await findWritten(client, streams, commandId);
      if (recovered) {
        await record(tx, commandId, recovered);
        return { ...recovered, duplicate: true };
      }
    }
    await options.inTransaction?.(tx);
    const subjects = [...new Set(streams.flatMap((s) => s.events.flatMap((e) => subjectsOf(markingsOf(e)))))];
    const writeKeys = subjects.length > 0 ? await keyring.keysForWrite(tx, subjects) : null;
    if (writeKeys) rememberKeys = writeKeys.remember;
    const metadataOf = metadataFor(options);
    const requests = streams.map((stream) => ({
      streamName: stream.streamId,
      expectedState: toStreamState(stream.expectedVersion),
      events: stream.events.map((event, i): EventData => {
        const pii = markingsOf(event);
        const metadata = metadataOf(event, pii);
        return jsonEvent({
          id: commandId ? commandEventId(commandId, stream.streamId, i) : randomUUID(),
          type: event.type,
          data: writeKeys ? encryptFields(event.data, pii, writeKeys.keys) : event.data,
          metadata: encodeMetadata(metadata),
        });
      }),
    }));
    const versions = await write(client, streams, requests);
    const written = await positionsOf(client, versions, streams);
    if (commandId) await record(tx, commandId, written);
    return written;
  });
  rememberKeys();
  return result;
}

type Request = { streamName: string; expectedState: ReturnType<typeof toStreamState>; events: EventData[] };

/** One stream: appendToStream. Several: KurrentDB 25.1's atomic multi-stream append, or a refusal. */
async function write(
  client: KurrentDBClient,
  streams: readonly StreamAppend[],
  requests: Request[],
): Promise<{ streamId: string; version: number }[]> {
  try {
    if (requests.length === 1) {
      const [only] = requests;
      const result = await client.appendToStream(only!.streamName, only!.events, { streamState: only!.expectedState });
      return [{ streamId: only!.streamName, version: Number(result.nextExpectedRevision) + 1 }];
    }
    const result = await client.multiStreamAppend(requests);
    return result.responses.map((r) => ({ streamId: r.streamName, version: Number(r.revision) + 1 }));
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) {
      const stream = streams.find((s) => s.streamId === error.streamName) ?? streams[0]!;
      throw new ConcurrencyError(stream.streamId, stream.expectedVersion, versionOf(error.actualState));
    }
    if (requests.length > 1 && /unimplemented|not supported|unsupported/i.test(String((error as Error).message))) {
      throw new Error(
        'This KurrentDB cannot append to several streams atomically (multi-stream append needs KurrentDB 25.1 or later); refusing rather than appending stream by stream.',
        { cause: error },
      );
    }
    throw error;
  }
}

/** Reads the events just written back, for their exact log positions (the write answers only versions). */
async function positionsOf(
  client: KurrentDBClient,
  versions: { streamId: string; version: number }[],
  streams: readonly StreamAppend[],
): Promise<AppendResult> {
  const positions: { commit: bigint; prepare: bigint }[] = [];
  for (const { streamId, version } of versions) {
    const count = streams.find((s) => s.streamId === streamId)!.events.length;
    for await (const resolved of client.readStream(streamId, { fromRevision: BigInt(version - count), maxCount: count })) {
      if (resolved.event?.position) positions.push(resolved.event.position);
    }
  }
  positions.sort((a, b) => (a.commit === b.commit ? Number(a.prepare - b.prepare) : a.commit < b.commit ? -1 : 1));
  const first = toCheckpoint(positions[0]!);
  const last = toCheckpoint(positions[positions.length - 1]!);
  const eventTypes = [...new Set(streams.flatMap((s) => s.events.map((e) => e.type)))];
  return {
    duplicate: false,
    streams: versions,
    firstPosition: first.globalPosition,
    lastPosition: last.globalPosition,
    checkpoint: last,
    eventTypes,
  };
}

/**
 * A retry whose first attempt reached KurrentDB but not PostgreSQL: its events carry the ids this
 * command derives, at the end of the first stream (looked for among the last RECOVERY_WINDOW events).
 */
async function findWritten(client: KurrentDBClient, streams: readonly StreamAppend[], commandId: string): Promise<AppendResult | null> {
  const first = streams[0]!;
  const id = commandEventId(commandId, first.streamId, 0);
  try {
    for await (const resolved of client.readStream(first.streamId, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: RECOVERY_WINDOW,
    })) {
      if (resolved.event?.id !== id) continue;
      const versions = [];
      for (const stream of streams) {
        let found: number | null = null;
        const wanted = commandEventId(commandId, stream.streamId, stream.events.length - 1);
        for await (const r of client.readStream(stream.streamId, { direction: BACKWARDS, fromRevision: END, maxCount: RECOVERY_WINDOW })) {
          if (r.event?.id === wanted) found = Number(r.event.revision) + 1;
        }
        if (found === null) return null;
        versions.push({ streamId: stream.streamId, version: found });
      }
      return positionsOf(client, versions, streams);
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return null;
    throw error;
  }
  return null;
}

async function record(tx: SqlExecutor, commandId: string, result: AppendResult): Promise<void> {
  await tx.query(`update es_commands set result = $2::text::jsonb where command_id = $1`, [
    commandId,
    JSON.stringify({ ...result, duplicate: false }),
  ]);
}

import {
  BACKWARDS,
  END,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  START,
  StreamNotFoundError,
  type KurrentDBClient,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { decryptFields } from '../pii-fields.ts';
import type { Keyring } from '../pii.ts';
import { compareCheckpoints, type Checkpoint, type ReadAllOptions, type ReadStreamOptions, type RecordedEvent } from '../types.ts';
import { decodeMetadata, toCheckpoint, toPosition, typesRegex } from './kurrent-mapping.ts';

type Raw = {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: { commit: bigint; prepare: bigint };
};

/** KurrentDB's $all holds system events ($-prefixed types: metadata, stats, links); the port's log is ours only. */
function filterFor(types?: readonly string[]) {
  return types ? eventTypeFilter({ regex: typesRegex(types) }) : excludeSystemEvents();
}

async function toRecorded(keyring: Keyring, raws: Raw[]): Promise<RecordedEvent[]> {
  const decoded = raws.map((raw) => ({ raw, metadata: decodeMetadata(raw.metadata) }));
  const subjects = [...new Set(decoded.flatMap(({ metadata }) => metadata.pii?.map((m) => m.subjectId) ?? []))];
  const keys = subjects.length > 0 ? await keyring.keysForRead(subjects) : new Map<string, Buffer | null>();
  return decoded.map(({ raw, metadata }) => {
    if (!raw.position) throw new Error(`Event ${raw.id} was read without its log position`);
    const checkpoint = toCheckpoint(raw.position);
    return {
      globalPosition: checkpoint.globalPosition,
      txId: checkpoint.txId,
      streamId: raw.streamId,
      streamVersion: Number(raw.revision) + 1,
      eventId: raw.id,
      type: raw.type,
      data: decryptFields(raw.data as Record<string, unknown>, metadata.pii, keys),
      metadata,
      recordedAt: raw.created,
    };
  });
}

async function collect(iterator: AsyncIterable<ResolvedEvent>): Promise<Raw[]> {
  const out: Raw[] = [];
  try {
    for await (const resolved of iterator) if (resolved.event) out.push(resolved.event);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw error;
  }
  return out;
}

export async function readStream(
  client: KurrentDBClient,
  keyring: Keyring,
  streamId: string,
  options: ReadStreamOptions = {},
): Promise<{ version: number; events: RecordedEvent[] }> {
  const fromVersion = options.fromVersion ?? 1;
  if (!options.asOf) {
    const raws = await collect(client.readStream(streamId, { direction: FORWARDS, fromRevision: BigInt(fromVersion - 1) }));
    let version = raws.length > 0 ? Number(raws[raws.length - 1]!.revision) + 1 : 0;
    if (raws.length === 0 && fromVersion > 1) {
      const [last] = await collect(client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }));
      version = last ? Number(last.revision) + 1 : 0;
    }
    return { version, events: await toRecorded(keyring, raws) };
  }
  // Point in time: aggregate streams are short, so read the stream and cut it at the position or time.
  const asOf = options.asOf;
  const all = await collect(client.readStream(streamId, { direction: FORWARDS, fromRevision: START }));
  const existed = all.filter((raw) =>
    'globalPosition' in asOf ? Number(raw.position?.prepare ?? 0n) <= asOf.globalPosition : raw.created.getTime() <= asOf.time.getTime(),
  );
  const version = existed.length > 0 ? Number(existed[existed.length - 1]!.revision) + 1 : 0;
  return {
    version,
    events: await toRecorded(
      keyring,
      existed.filter((raw) => Number(raw.revision) + 1 >= fromVersion),
    ),
  };
}

/**
 * $all after a checkpoint. KurrentDB assigns log positions as it commits, one writer at a time, so
 * whatever is readable is final: there is no late-committing transaction to wait for, and no horizon.
 */
export async function readAll(client: KurrentDBClient, keyring: Keyring, options: ReadAllOptions): Promise<RecordedEvent[]> {
  if (!Number.isInteger(options.limit) || options.limit < 1) throw new Error(`Invalid limit ${options.limit}`);
  if (options.types && options.types.length === 0) return [];
  const after = options.after;
  const raws: Raw[] = [];
  // fromPosition is inclusive: ask for one more and drop the event at `after` itself.
  const iterator = client.readAll({
    direction: FORWARDS,
    fromPosition: after ? toPosition(after) : START,
    maxCount: options.limit + 1,
    filter: filterFor(options.types),
  });
  for await (const resolved of iterator) {
    const event = resolved.event as unknown as Raw | undefined;
    if (!event?.position) continue;
    const checkpoint = toCheckpoint(event.position);
    if (after && compareCheckpoints(checkpoint, after) <= 0) continue;
    if (options.until && compareCheckpoints(checkpoint, options.until) > 0) break;
    raws.push(event);
    if (raws.length === options.limit) break;
  }
  return toRecorded(keyring, raws);
}

export async function headCheckpoint(client: KurrentDBClient): Promise<Checkpoint | null> {
  for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1, filter: excludeSystemEvents() })) {
    const position = resolved.event?.position;
    if (position) return toCheckpoint(position);
  }
  return null;
}

import type { SqlExecutor } from './sql.ts';

/**
 * The event store port. Adapters: PostgreSQL (PGlite or server, `postgres-event-store.ts`) and,
 * later, KurrentDB. One conformance suite runs against each.
 *
 * Versions: a stream's version is the number of events in it; its first event has streamVersion 1.
 * Global order: events are delivered to subscribers in (txId, globalPosition) order, and only once
 * every transaction that could still commit an earlier entry has finished (the transaction-id
 * horizon), so a subscriber never skips an event whose transaction committed late.
 */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

/** Where a subscriber (or a read-your-writes wait) stands in the global order. */
export type Checkpoint = {
  /** xid8 of the appending transaction, as a decimal string. */
  txId: string;
  globalPosition: number;
};

export type EventMetadata = {
  companyId: string | null;
  actorUserId: string | null;
  commandId: string | null;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  /** Personal data in this event: which fields belong to which data subject (encrypted at rest). */
  pii?: PiiMarking[];
};

/** Fields (dot paths into `data`) that hold one data subject's personal data. */
export type PiiMarking = { subjectId: string; fields: string[] };

export type NewEvent = {
  type: string;
  data: Record<string, unknown>;
  /** Defaults to 1. A new shape of an event gets a new version and an upcaster. */
  schemaVersion?: number;
  pii?: PiiMarking[];
};

export type StreamAppend = {
  streamId: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
};

export type AppendOptions = {
  /** Stored uniquely in the append transaction; a retry with the same id appends nothing and gets the first result. */
  commandId?: string;
  companyId: string | null;
  actorUserId: string | null;
  correlationId?: string;
  causationId?: string | null;
  /**
   * Extra writes in the same transaction as the append (reservation rows, credentials, ...).
   * Throwing rolls the whole append back.
   */
  inTransaction?: (tx: SqlExecutor) => Promise<void>;
};

export type AppendResult = {
  /** True when the command id had been seen: nothing was appended, this is the first result. */
  duplicate: boolean;
  streams: { streamId: string; version: number }[];
  firstPosition: number;
  lastPosition: number;
  /** Wait for projections to reach this to read your own write. */
  checkpoint: Checkpoint;
  /**
   * The types of the events appended: only read models handling one of them change because of this
   * append, so only those need to reach the checkpoint. Absent when unknown (a duplicate).
   */
  eventTypes?: readonly string[];
};

export type RecordedEvent = {
  globalPosition: number;
  txId: string;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: string;
  /** Personal fields decrypted; '[erased]' where the subject's key has been destroyed. */
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
};

export type ReadStreamOptions = {
  /** Fold only what existed at that point: a global position (inclusive) or a time (inclusive). */
  asOf?: { globalPosition: number } | { time: Date };
  fromVersion?: number;
};

export type ReadAllOptions = {
  /** Exclusive; null reads from the beginning. */
  after: Checkpoint | null;
  /** Inclusive upper bound, e.g. a headCheckpoint() taken before reading, so a filtered reader can move its checkpoint to it. */
  until?: Checkpoint;
  limit: number;
  types?: readonly string[];
};

export type EventStore = {
  append(streams: StreamAppend[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<{ version: number; events: RecordedEvent[] }>;
  /**
   * Several whole streams at once (one query where the store can), each as readStream answers it; a
   * stream with no events is there with version 0. For work over many aggregates (the daily run).
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, { version: number; events: RecordedEvent[] }>>;
  /** Events below the transaction horizon, after `after`, in (txId, globalPosition) order. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The last checkpoint a subscriber can safely reach right now (null when empty). */
  headCheckpoint(): Promise<Checkpoint | null>;
  /** Called (at most once per burst) when new events may be readable: LISTEN/NOTIFY, polling as fallback. */
  onAppended(listener: () => void): () => void;
  /**
   * Subjects this process has erased so far (a counter, the keyring's): events read and decrypted
   * before it moved may hold personal data erased since, and must not be served from a cache.
   */
  erasures(): number;
  close(): Promise<void>;
};

export const ERASED = '[erased]';

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  return compareTxIds(a.txId, b.txId) || a.globalPosition - b.globalPosition;
}

/**
 * Two decimal transaction ids compared as numbers without parsing them (the engine compares
 * checkpoints per event): digit strings of one length compare as text, a longer one without leading
 * zeros is larger; anything else is parsed.
 */
function compareTxIds(a: string, b: string): number {
  if (a.length === b.length) return a < b ? -1 : a > b ? 1 : 0;
  if (a[0] !== '0' && b[0] !== '0') return a.length < b.length ? -1 : 1;
  const ta = BigInt(a);
  const tb = BigInt(b);
  return ta === tb ? 0 : ta < tb ? -1 : 1;
}

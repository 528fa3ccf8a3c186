import type { AppendResult, Checkpoint, EventStore, RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import type { LeaseOptions } from './lease.ts';
import type { ParkedEvent, ParkedFilter } from './parked.ts';

/**
 * A read model. The engine gives `init` and `apply` a transaction whose search_path points at the
 * projector's current generation schema, so both use unqualified table names; queries read the
 * same names through the views the engine keeps in public.
 */
export type Projector = {
  /** Unique; the checkpoint row key, the advisory-lock key and part of the schema name. */
  name: string;
  /** Bump it when init or apply change meaning: the engine rebuilds the read model at start. */
  version: number;
  /** Event types it reads; the engine filters the log by them. */
  handles: readonly string[];
  /** The tables init creates (unqualified, globally unique across projectors); each gets a public view. */
  tables: readonly string[];
  /** Idempotent DDL with unqualified table names (it runs at every start). */
  init(tx: SqlExecutor): Promise<void>;
  /**
   * Tables of `tables` that init hash-partitions on company_id when the database's read-model layout
   * asks for partitions (partitions.ts companyPartitions; issue #28). Their keys lead with company_id.
   */
  partitionedTables?: readonly string[];
  /**
   * Indexes init creates that only queries read through (apply never does). A fresh generation is
   * loaded without them and gets them, by running init again, once it has caught up: before a
   * rebuild switches to it, or when a first generation reaches the head (issue #26).
   */
  queryIndexes?: readonly string[];
  /** Parameterised SQL with unqualified table names. */
  apply(tx: SqlExecutor, event: RecordedEvent): Promise<void>;
  /**
   * Optional set-based path: the engine hands it each batch (in log order, in the transaction that
   * moves the checkpoint) instead of calling apply per event. It must leave exactly what apply would,
   * event by event. When it throws, the engine rolls the transaction back and runs it again with
   * apply, which names the failing event (and whose result stands if none fails).
   */
  applyBatch?(tx: SqlExecutor, events: readonly RecordedEvent[]): Promise<void>;
};

export type ProjectionLogger = {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type ProjectionEngineOptions = {
  sql: SqlClient;
  store: EventStore;
  projectors: readonly Projector[];
  /** Events per transaction of one projector, at most (default 2,000 on PostgreSQL, 500 on PGlite; engine.ts). */
  batchSize?: number;
  /** Events per read of the log, which the projectors walking it share (default the batch size, at most 500). */
  pageSize?: number;
  logger?: ProjectionLogger;
  /** Retry delays after a projector fails: doubling from initialMs up to maxMs. */
  backoff?: { initialMs?: number; maxMs?: number };
  /**
   * An event a projector cannot apply (an error about the event, not the database's state) is tried
   * `attempts` times (default 5), `initialMs` (default 100) doubling in between, then parked for that
   * projector, which goes on (parked.ts).
   */
  park?: { attempts?: number; initialMs?: number };
  /** How often waitFor reads the checkpoints table (progress made by other processes); 15 ms, 50 with progress.listen. */
  pollIntervalMs?: number;
  /**
   * Progress across processes (issue #26): `announce` NOTIFYs after this engine's commits (coalesced,
   * after the commit, as the appends do; a projection worker), `listen` wakes this engine's waitFor on
   * them (a gateway with PROJECTIONS=off), so it reads the checkpoints when they moved instead of only
   * polling.
   */
  progress?: { announce?: boolean; listen?: boolean };
  /** status() counts the events behind a checkpoint up to this many (it reads them through the port). */
  lagCountLimit?: number;
  /**
   * Share the projectors with other workers through leases (lease.ts): the live loop runs only the
   * projectors this engine holds a lease on. Without it (embedded in the gateway) it runs them all.
   */
  lease?: LeaseOptions;
};

export type WaitForOptions = {
  timeoutMs?: number;
  /** Only these projectors (default: all of this engine's). */
  projectors?: readonly string[];
  /**
   * Only the projectors handling one of these event types (those of the write being waited for): a
   * read model that handles none of them cannot change because of that write.
   */
  types?: readonly string[];
};

export type WaitForResult = { reached: boolean; waitedMs: number; lagging: string[] };

export type ProjectorStatus = {
  name: string;
  /** The version in this code. */
  version: number;
  /** The version the active generation was built with (null before the first start). */
  activeVersion: number | null;
  generation: number | null;
  checkpoint: Checkpoint | null;
  head: Checkpoint | null;
  /** Handled events after the checkpoint, counted up to lagCountLimit. */
  eventsBehind: number;
  eventsBehindCapped: boolean;
  lastError: string | null;
  /** A generation being built by rebuild (the active one keeps serving meanwhile). */
  rebuilding: { generation: number; checkpoint: Checkpoint | null } | null;
  /** Events this projector could not apply and set aside (open parked rows, see parked.ts). */
  parked: number;
};

export type CatchUpResult = { caughtUp: string[]; failed: { name: string; error: string }[] };

export type ProjectionEngine = {
  /** Creates engine tables and generations (rebuilding changed versions), catches up, then follows the log. */
  start(): Promise<void>;
  /** Stops following the log and waits for running batches; leaves sql and store open. */
  stop(): Promise<void>;
  /** Runs every projector until it has reached the head (once; failures are reported, not retried). */
  catchUpAll(): Promise<CatchUpResult>;
  /** Bounded read-your-writes wait: never throws on timeout, answers reached:false instead. */
  waitFor(checkpoint: Checkpoint, options?: WaitForOptions): Promise<WaitForResult>;
  /** Builds a new generation from the start of the log and switches to it when caught up. */
  rebuild(name: string): Promise<void>;
  status(): Promise<ProjectorStatus[]>;
  /** The parked events (open ones unless includeResolved). */
  parked(filter?: ParkedFilter): Promise<ParkedEvent[]>;
  /** How many parked events are open, all projectors together. */
  parkedCount(): Promise<number>;
  /**
   * At least this long passes between an append and the parking of one of its events (the pauses
   * between its tries): a read-your-writes wait shorter than that cannot concern a parked event.
   */
  parkingTakesMs: number;
  /** The open parked events among one append's events: a command whose own event was parked is told so. */
  parkedFor(append: Pick<AppendResult, 'firstPosition' | 'lastPosition' | 'streams'>): Promise<ParkedEvent[]>;
  /**
   * After a fix: rebuilds every projector (of these names) that has open parked events. The new
   * generation applies the whole log in order, so the result is what a from-scratch build gives;
   * events that still fail are parked again, and answered in stillParked.
   */
  retryParked(names?: readonly string[]): Promise<{ rebuilt: string[]; stillParked: ParkedEvent[] }>;
  /** The projectors this engine holds a lease on (all of them when it runs without leases). */
  leases(): { owner: string | null; held: string[]; renewedAt: number | null };
};

import { compareCheckpoints } from '@fpa/write-model/event-store';
import type { Checkpoint, EventStore, RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import {
  advance,
  checkpointOf,
  deleteRow,
  lockIfUnchanged,
  putRow,
  readRow,
  type Track,
  type TrackRow,
} from './checkpoints.ts';
import {
  boundLockWaits,
  createGeneration,
  dropAllGenerations,
  initGeneration,
  isLockTimeout,
  liveLockKey,
  lock,
  pointViews,
  rebuildLockKey,
  tryLock,
  useGeneration,
} from './schema.ts';
import type { Projector } from './types.ts';

/** What the steps of one projector share. */
export type StepContext = {
  sql: SqlClient;
  store: EventStore;
  batchSize: number;
  /** Told after every commit that moved the active generation's checkpoint. */
  onCommitted(name: string, row: TrackRow): void;
};

/** A failure inside the projector's own code or SQL, located so that last_error says where. */
export class ProjectionError extends Error {
  readonly projector: string;
  readonly track: Track;
  constructor(projector: string, track: Track, message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ProjectionError';
    this.projector = projector;
    this.track = track;
  }
}

/** Thrown inside a batch transaction to roll it back when the compare-and-set finds the row moved. */
export class CheckpointMoved extends Error {
  constructor() {
    super('The checkpoint moved during the batch.');
    this.name = 'CheckpointMoved';
  }
}

export async function applyAll(
  tx: SqlExecutor,
  projector: Projector,
  track: Track,
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const event of events) {
    try {
      await projector.apply(tx, event);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProjectionError(
        projector.name,
        track,
        `${event.type} at position ${event.globalPosition} (stream ${event.streamId}): ${reason}`,
        error,
      );
    }
  }
}

export type Readiness = 'ready' | 'needs-rebuild' | 'newer';

/**
 * Start-time setup of one projector: a first generation for a new projector; init and views again for
 * the active generation when the code has the same version. A different version is left to the
 * rebuild path, and a newer stored version belongs to newer code running elsewhere.
 */
export async function prepareProjector(sql: SqlClient, projector: Projector): Promise<Readiness> {
  return sql.transaction(async (tx) => {
    await lock(tx, liveLockKey(projector.name));
    await lock(tx, rebuildLockKey(projector.name));
    await boundLockWaits(tx);
    const live = await readRow(tx, 'live', projector.name);
    if (!live) {
      // Without a checkpoint row nothing in older schemas can be trusted: start clean.
      await dropAllGenerations(tx, projector.name);
      await deleteRow(tx, 'rebuild', projector.name);
      await createGeneration(tx, projector, 1);
      await pointViews(tx, projector, 1);
      await putRow(tx, 'live', projector.name, { version: projector.version, generation: 1, checkpoint: null });
      return 'ready';
    }
    if (live.version > projector.version) return 'newer';
    if (live.version < projector.version) return 'needs-rebuild';
    await initGeneration(tx, projector, live.generation);
    await pointViews(tx, projector, live.generation);
    return 'ready';
  });
}

export type LiveOutcome = 'progress' | 'caught-up' | 'locked' | 'inactive';

/**
 * One batch of the active generation. Events are read before the transaction (the store reads on its
 * own connection, and PGlite's single connection would deadlock otherwise); the compare-and-set in
 * the transaction makes the batch apply exactly once whoever else tried it.
 */
export async function liveStep(ctx: StepContext, projector: Projector): Promise<LiveOutcome> {
  const row = await readRow(ctx.sql, 'live', projector.name);
  if (!row || row.version !== projector.version) return 'inactive';
  const head = await ctx.store.headCheckpoint();
  if (!head || (row.checkpoint && compareCheckpoints(row.checkpoint, head) >= 0)) return 'caught-up';
  const events = await ctx.store.readAll({
    after: row.checkpoint,
    until: head,
    limit: ctx.batchSize,
    types: projector.handles,
  });
  const full = events.length >= ctx.batchSize;
  // A batch that is not full read everything up to head, handled or not: the checkpoint goes there.
  const next: Checkpoint = full ? checkpointOf(events[events.length - 1]!) : head;
  const outcome = await runBatch(ctx.sql, async (tx) => {
    if (!(await tryLock(tx, liveLockKey(projector.name)))) return 'locked';
    if (!(await lockIfUnchanged(tx, 'live', projector.name, row))) return 'moved';
    await useGeneration(tx, projector.name, row.generation);
    await applyAll(tx, projector, 'live', events);
    if (!(await advance(tx, 'live', projector.name, row, next))) throw new CheckpointMoved();
    return 'committed';
  });
  if (outcome === 'locked') return 'locked';
  if (outcome === 'committed') {
    ctx.onCommitted(projector.name, { ...row, checkpoint: next, lastError: null });
    return full ? 'progress' : 'caught-up';
  }
  // Someone else moved it: read again straight away.
  return 'progress';
}

/**
 * A batch transaction. A lost compare-and-set rolls back and reads as 'moved'; a lock wait that timed
 * out (a switch queued behind long reads) as 'locked', to be tried again shortly.
 */
export async function runBatch<T extends string>(
  sql: SqlClient,
  fn: (tx: SqlExecutor) => Promise<T>,
): Promise<T | 'moved' | 'locked'> {
  try {
    return await sql.transaction(fn);
  } catch (error) {
    if (error instanceof CheckpointMoved) return 'moved';
    if (isLockTimeout(error)) return 'locked';
    throw error;
  }
}

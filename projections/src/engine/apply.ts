import {
  isSqlState,
  type Checkpoint,
  type RecordedEvent,
  type SqlClient,
  type SqlExecutor,
  type Statement,
} from '@fpa/write-model/event-store';
import { ENTER_LOCKED, ENTER_MOVED, enterBatch, type Track, type TrackRow } from './checkpoints.ts';
import { parkKey, recordParked, type ParkList } from './parked.ts';
import { isLockTimeout, liveLockKey, rebuildLockKey, schemaName } from './schema.ts';
import type { ProjectionLogger, Projector } from './types.ts';

/** A failure inside the projector's own code or SQL, located so that last_error says where. */
export class ProjectionError extends Error {
  readonly projector: string;
  readonly track: Track;
  /** The event apply threw on, when it was one event (the runner may park it). */
  readonly event: RecordedEvent | null;
  constructor(projector: string, track: Track, message: string, cause: unknown, event: RecordedEvent | null = null) {
    super(message, { cause });
    this.name = 'ProjectionError';
    this.projector = projector;
    this.track = track;
    this.event = event;
  }
}

/** applyBatch threw: the transaction is rolled back and the batch is tried again with apply (see runBatch). */
class BatchFailed extends Error {
  readonly projector: string;
  readonly track: Track;
  readonly batch: string;
  constructor(projector: string, track: Track, events: readonly RecordedEvent[], cause: unknown) {
    super(`applyBatch of ${describeBatch(events)}: ${messageOf(cause)}`, { cause });
    this.name = 'BatchFailed';
    this.projector = projector;
    this.track = track;
    this.batch = describeBatch(events);
  }
}

/** 'batch' uses the projector's applyBatch when it has one; 'each' always applies event by event. */
export type ApplyMode = 'batch' | 'each';

/** Events in a batch from which its statements are planned for each execution (see applyAll). */
export const CUSTOM_PLANS_FROM = 50;

/** Where a batch is applied: the track, its generation, and the events the runner decided to park. */
export type BatchTarget = { track: Track; generation: number; park?: ParkList | undefined };

/**
 * The events of one batch, inside the batch transaction (see runBatch for a failing applyBatch).
 * Events the runner has decided to park are recorded as parked here, in the same transaction, and
 * not applied.
 */
export async function applyAll(
  tx: SqlExecutor,
  projector: Projector,
  target: BatchTarget,
  all: readonly RecordedEvent[],
  mode: ApplyMode,
): Promise<void> {
  const { track, park } = target;
  let events = all;
  if (park && park.size > 0) {
    const kept: RecordedEvent[] = [];
    for (const event of all) {
      const parking = park.get(parkKey(track, event.globalPosition));
      if (parking) await recordParked(tx, projector.name, target.generation, track, event, parking);
      else kept.push(event);
    }
    events = kept;
  }
  if (events.length === 0) return;
  // A big batch is a catch-up or rebuild batch, often into a fresh generation whose tables grow by thousands of
  // rows a batch. A statement's plan cached while its table was nearly empty (a generic plan, after five
  // executions) scans the table whole once it is large: measured in the rebuild bench (issue #26), one
  // projector's lookup by key took 6.5 s instead of 0.3 s, and the rebuild twice as long, depending on when
  // autovacuum's analyze happened to invalidate the plan. Planned for each execution instead, the planner sees
  // the table's size now; a statement of a big batch does enough work that its planning does not count.
  if (events.length >= CUSTOM_PLANS_FROM) await tx.exec('set local plan_cache_mode = force_custom_plan');
  if (mode === 'batch' && projector.applyBatch) {
    try {
      await projector.applyBatch(tx, events);
      return;
    } catch (error) {
      throw new BatchFailed(projector.name, track, events, error);
    }
  }
  for (const event of events) {
    try {
      await projector.apply(tx, event);
    } catch (error) {
      throw new ProjectionError(
        projector.name,
        track,
        `${event.type} at position ${event.globalPosition} (stream ${event.streamId}): ${messageOf(error)}`,
        error,
        event,
      );
    }
  }
}

/**
 * A batch transaction, opened by `opening` when given (enterBatch: the lock and the compare-and-set in
 * one statement sent ahead of fn's). A lost compare-and-set rolls back and reads as 'moved'; a lock held
 * elsewhere or a lock wait that timed out (a switch queued behind long reads) as 'locked', to be tried again shortly.
 *
 * When applyBatch throws, the whole transaction is rolled back and run again at once applying the
 * batch event by event: a set-based statement cannot say which event broke it, apply can, and
 * last_error must name it. (Not a savepoint: a failed statement aborts the transaction, and the
 * postgres driver fails a transaction whose query failed even when the error was caught, so
 * recovering inside it would need a savepoint API the SQL port does not have.) The second attempt
 * takes the locks and the compare-and-set again, so the batch still lands exactly once. Should every
 * event apply, apply's result stands (it is the reference) and applyBatch's failure is logged as the
 * bug it is.
 */
export async function runBatch<T extends string>(
  ctx: { sql: SqlClient; logger: ProjectionLogger },
  fn: (tx: SqlExecutor, mode: ApplyMode) => Promise<T>,
  opening?: Statement,
): Promise<T | 'moved' | 'locked'> {
  try {
    return await attempt(ctx.sql, (tx) => fn(tx, 'batch'), opening);
  } catch (error) {
    if (!(error instanceof BatchFailed)) throw error;
    const outcome = await attempt(ctx.sql, (tx) => fn(tx, 'each'), opening);
    if (outcome !== 'moved' && outcome !== 'locked') {
      ctx.logger.error('applyBatch failed where apply did not; the batch was applied event by event', {
        projector: error.projector,
        track: error.track,
        batch: error.batch,
        error: messageOf(error.cause),
      });
    }
    return outcome;
  }
}

/**
 * One batch of `events` on a track, read against `row` and ending at `next`: opened by projection_enter
 * (the track's lock, the compare-and-set, the generation's schema), then applied (runBatch).
 */
export function runTrackBatch(
  ctx: { sql: SqlClient; logger: ProjectionLogger },
  projector: Projector,
  track: Track,
  batch: { row: TrackRow; next: Checkpoint | null; events: readonly RecordedEvent[]; park?: ParkList | undefined },
): Promise<'committed' | 'moved' | 'locked'> {
  const { row, next, events, park } = batch;
  const lockKey = track === 'live' ? liveLockKey(projector.name) : rebuildLockKey(projector.name);
  return runBatch(
    ctx,
    async (tx, mode) => {
      await applyAll(tx, projector, { track, generation: row.generation, park }, events, mode);
      return 'committed' as const;
    },
    enterBatch(track, projector.name, lockKey, row, next, schemaName(projector.name, row.generation)),
  );
}

async function attempt<T extends string>(
  sql: SqlClient,
  fn: (tx: SqlExecutor) => Promise<T>,
  opening: Statement | undefined,
): Promise<T | 'moved' | 'locked'> {
  try {
    return await sql.transaction(fn, opening);
  } catch (error) {
    if (isSqlState(error, ENTER_MOVED)) return 'moved';
    if (isLockTimeout(error) || isSqlState(error, ENTER_LOCKED)) return 'locked';
    throw error;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const describeBatch = (events: readonly RecordedEvent[]): string =>
  `${events.length} events from position ${events[0]?.globalPosition} to ${events[events.length - 1]?.globalPosition}`;

import { compareCheckpoints } from '@fpa/write-model/event-store';
import type { Checkpoint, EventStore, SqlClient } from '@fpa/write-model/event-store';
import { runTrackBatch } from './apply.ts';
import { advance, deleteRow, putRow, readRow, type TrackRow } from './checkpoints.ts';
import {
  boundLockWaits,
  buildQueryIndexes,
  createGeneration,
  lacksQueryIndexes,
  dropAllGenerations,
  initGeneration,
  liveLockKey,
  lock,
  pointViews,
  rebuildLockKey,
  tryLock,
} from './schema.ts';
import { joinsGroup, type GroupMember, type LiveGroup } from './live-group.ts';
import type { ParkList } from './parked.ts';
import type { SharedLog } from './shared-log.ts';
import type { ProjectionLogger, Projector } from './types.ts';

/** What the steps of one projector share. */
export type StepContext = {
  sql: SqlClient;
  store: EventStore;
  batchSize: number;
  logger: ProjectionLogger;
  /** Told after every commit that moved the active generation's checkpoint. */
  onCommitted(name: string, row: TrackRow): void;
  /** The log's head; concurrent steps share one read (sharedFresh). */
  head(): Promise<Checkpoint | null>;
  /**
   * Each projector's live row as this process last committed or read it: a step starts from it
   * instead of reading the row again. Safe when stale (another process moved it): the batch's
   * compare-and-set then fails, the entry is dropped and the next step reads the row.
   */
  known: Map<string, TrackRow>;
  /** Generations ("name:generation") this process found with their query indexes built. */
  indexed: Set<string>;
  /** Rebuilt generations ("name:generation") this process gathered planner statistics for before their switch. */
  analyzed: Set<string>;
  /** The log as the projectors walking it share it (shared-log.ts). */
  log: SharedLog;
  /** Live batches arriving together share a transaction (live-group.ts); without it each has its own. */
  group?: LiveGroup;
};

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
 * How a live step runs: the events the runner decided to park, and whether its batch may share a
 * transaction with other projectors' (not while the projector is failing: its retries would make the
 * group fail and go again alone every time).
 */
export type LiveStepOptions = { park?: ParkList | undefined; grouped?: boolean };

/**
 * One batch of the active generation. Events are read before the transaction (the store reads on its
 * own connection, and PGlite's single connection would deadlock otherwise); the compare-and-set in
 * the transaction makes the batch apply exactly once whoever else tried it. A few events, or none of
 * the projector's, join the live group (ctx.group) when there is one.
 */
export async function liveStep(ctx: StepContext, projector: Projector, options: LiveStepOptions = {}): Promise<LiveOutcome> {
  const cached = ctx.known.get(projector.name);
  ctx.known.delete(projector.name);
  const row = cached?.version === projector.version ? cached : await readRow(ctx.sql, 'live', projector.name);
  if (!row || row.version !== projector.version) return 'inactive';
  const head = await ctx.head();
  if (!head || (row.checkpoint && compareCheckpoints(row.checkpoint, head) >= 0)) {
    ctx.known.set(projector.name, row);
    return caughtUp(ctx, projector, row.generation);
  }
  const { events, next, more } = await ctx.log.slice({
    reader: `live:${projector.name}`,
    after: row.checkpoint,
    until: head,
    limit: ctx.batchSize,
    types: projector.handles,
    wide: true,
  });
  const outcome = await applyLiveBatch(ctx, projector, { row, next, events, park: options.park }, options.grouped !== false);
  if (outcome === 'locked') return 'locked';
  // Moved by someone else: read again straight away.
  if (outcome === 'moved') return 'progress';
  committed(ctx, projector.name, { ...row, checkpoint: next, lastError: null });
  return more ? 'progress' : caughtUp(ctx, projector, row.generation);
}

/** A live batch applied: with the live group when it may join one, else in a transaction (or one statement) of its own. */
async function applyLiveBatch(
  ctx: StepContext,
  projector: Projector,
  batch: Omit<GroupMember, 'projector'>,
  grouped: boolean,
): Promise<'committed' | 'moved' | 'locked'> {
  const joined = ctx.group && grouped && joinsGroup(batch.events) ? await ctx.group.join({ projector, ...batch }) : 'alone';
  if (joined !== 'alone') return joined;
  if (batch.events.length === 0) {
    // Nothing to apply (the log moved on with events of other types): the compare-and-set alone
    // moves the checkpoint, one statement instead of a transaction. Whoever holds the lock applying
    // a batch from the same state has the row locked: this waits, then finds it moved.
    return (await advance(ctx.sql, 'live', projector.name, batch.row, batch.next)) ? 'committed' : 'moved';
  }
  return runTrackBatch(ctx, projector, 'live', batch);
}

/**
 * A fresh generation, once caught up, gets the query indexes it was loaded without (schema.ts), in a
 * transaction of its own under the track's lock. Looked at once per generation in this process.
 */
export async function withQueryIndexes(
  ctx: StepContext,
  projector: Projector,
  generation: number,
  lockKey: string,
): Promise<'built' | 'locked' | 'ready'> {
  const key = `${projector.name}:${generation}`;
  if (!projector.queryIndexes?.length || ctx.indexed.has(key)) return 'ready';
  if (!(await lacksQueryIndexes(ctx.sql, projector, generation))) {
    ctx.indexed.add(key);
    return 'ready';
  }
  const built = await ctx.sql.transaction(async (tx) => {
    if (!(await tryLock(tx, lockKey))) return false;
    await buildQueryIndexes(tx, projector, generation);
    return true;
  });
  if (!built) return 'locked';
  ctx.indexed.add(key);
  return 'built';
}

async function caughtUp(ctx: StepContext, projector: Projector, generation: number): Promise<LiveOutcome> {
  const indexes = await withQueryIndexes(ctx, projector, generation, liveLockKey(projector.name));
  return indexes === 'ready' ? 'caught-up' : indexes === 'built' ? 'progress' : 'locked';
}

function committed(ctx: StepContext, name: string, row: TrackRow): void {
  ctx.known.set(name, row);
  ctx.onCommitted(name, row);
}

/**
 * fn for everyone who asks at once, and always a call that started after the asker asked (a step
 * woken by an append must see that append in the head). A call starts on the next microtask and only
 * after the previous one ended; everyone who asks before it starts shares it.
 */
export function sharedFresh<T>(fn: () => Promise<T>): () => Promise<T> {
  let previous: Promise<unknown> = Promise.resolve();
  let next: Promise<T> | null = null;
  const begin = () => {
    next = null;
    return fn();
  };
  return () => {
    if (!next) {
      const call = previous.then(begin, begin);
      next = call;
      previous = call.catch(() => undefined);
    }
    return next;
  };
}

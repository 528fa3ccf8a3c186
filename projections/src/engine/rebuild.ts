import { compareCheckpoints, type SqlClient } from '@fpa/write-model/event-store';
import { deleteRow, lockIfUnchanged, putRow, readRow } from './checkpoints.ts';
import { applyAll, runBatch, runTrackBatch } from './apply.ts';
import { withQueryIndexes, type StepContext } from './live.ts';
import {
  boundLockWaits,
  createGeneration,
  dropGeneration,
  liveLockKey,
  lock,
  pointViews,
  rebuildLockKey,
  schemaName,
  tryLock,
  useGeneration,
} from './schema.ts';
import type { ParkList } from './parked.ts';
import type { Projector } from './types.ts';

/**
 * Rebuilding: a new generation is filled from the start of the log in its own schema, with its own
 * checkpoint row in projection_rebuilds, while the active generation keeps serving (and keeps
 * following the log when its version matches the code). The last batch and the switch happen in one
 * transaction holding the projector's lock, so readers see either the old or the new generation.
 */

/** Starts a rebuild, or finds the one under way for this version (resumed after a crash); answers its generation. */
export async function beginRebuild(ctx: StepContext, projector: Projector): Promise<number> {
  return ctx.sql.transaction(async (tx) => {
    await lock(tx, rebuildLockKey(projector.name));
    const pending = await readRow(tx, 'rebuild', projector.name);
    if (pending && pending.version === projector.version) return pending.generation;
    if (pending) await dropGeneration(tx, projector.name, pending.generation);
    const live = await readRow(tx, 'live', projector.name);
    const generation = Math.max(live?.generation ?? 0, pending?.generation ?? 0) + 1;
    await createGeneration(tx, projector, generation);
    await putRow(tx, 'rebuild', projector.name, { version: projector.version, generation, checkpoint: null });
    return generation;
  });
}

/**
 * Drops a rebuild under way (its generation and row), when it was begun for something that no longer
 * holds (a read-model layout since changed). Whoever was stepping it finds no row at its next step.
 */
export async function abandonRebuild(sql: SqlClient, name: string): Promise<number | null> {
  return sql.transaction(async (tx) => {
    await lock(tx, rebuildLockKey(name));
    const pending = await readRow(tx, 'rebuild', name);
    if (!pending) return null;
    await dropGeneration(tx, name, pending.generation);
    await deleteRow(tx, 'rebuild', name);
    return pending.generation;
  });
}

export type RebuildOutcome = 'none' | 'progress' | 'switched' | 'locked';

/**
 * One step of a rebuild, if one is needed: the stored version is older than the code's, or a rebuild
 * row exists. 'none' means nothing to rebuild (also when newer code owns the projector).
 */
export async function rebuildStep(ctx: StepContext, projector: Projector, park?: ParkList): Promise<RebuildOutcome> {
  const name = projector.name;
  const live = await readRow(ctx.sql, 'live', name);
  const pending = await readRow(ctx.sql, 'rebuild', name);
  if (!pending || pending.version !== projector.version) {
    // Newer code (elsewhere) owns the projector once it has built or started a newer generation.
    const newer = (live && live.version > projector.version) || (pending && pending.version > projector.version);
    const stale = (live && live.version < projector.version) || pending;
    if (newer || !stale) return 'none';
    await beginRebuild(ctx, projector);
    return 'progress';
  }
  const head = await ctx.store.headCheckpoint();
  const behind = head !== null && (!pending.checkpoint || compareCheckpoints(pending.checkpoint, head) < 0);
  const { events, next, more } = behind
    ? await ctx.log.slice({
        reader: `rebuild:${name}`,
        after: pending.checkpoint,
        until: head,
        limit: ctx.batchSize,
        types: projector.handles,
      })
    : { events: [], next: pending.checkpoint, more: false };

  if (more) {
    const outcome = await runTrackBatch(ctx, projector, 'rebuild', { row: pending, next, events, park });
    return outcome === 'locked' ? 'locked' : 'progress';
  }

  // Caught up: the query indexes the generation was loaded without, then the remaining events and the switch, in one transaction.
  const indexes = await withQueryIndexes(ctx, projector, pending.generation, rebuildLockKey(name));
  if (indexes === 'locked') return 'locked';
  if (indexes === 'built') return 'progress';
  // A fresh generation has no planner statistics until autovacuum reaches it (a minute or more at the
  // size where it matters): they are gathered once before it serves, or its first queries plan blind.
  const analyzed = `${name}:${pending.generation}`;
  if (!ctx.analyzed.has(analyzed)) {
    const schema = schemaName(name, pending.generation);
    await ctx.sql.exec(`analyze ${projector.tables.map((table) => `"${schema}"."${table}"`).join(', ')}`);
    ctx.analyzed.add(analyzed);
    return 'progress';
  }
  const checkpoint = head ?? pending.checkpoint;
  const outcome = await runBatch(ctx, async (tx, mode) => {
    // The live lock keeps live batches of the old generation out while the views move.
    if (!(await tryLock(tx, liveLockKey(name)))) return 'locked';
    if (!(await tryLock(tx, rebuildLockKey(name)))) return 'locked';
    if (!(await lockIfUnchanged(tx, 'rebuild', name, pending))) return 'moved';
    await boundLockWaits(tx);
    const active = await readRow(tx, 'live', name);
    // The live generation got past the head read above: switching now would take back writes that
    // waitFor already reported as readable. Catch up to a newer head first.
    if (active?.checkpoint && (!checkpoint || compareCheckpoints(active.checkpoint, checkpoint) > 0)) return 'moved';
    await useGeneration(tx, name, pending.generation);
    await applyAll(tx, projector, { track: 'rebuild', generation: pending.generation, park }, events, mode);
    await pointViews(tx, projector, pending.generation);
    await putRow(tx, 'live', name, { version: projector.version, generation: pending.generation, checkpoint });
    await deleteRow(tx, 'rebuild', name);
    if (active && active.generation !== pending.generation) await dropGeneration(tx, name, active.generation);
    return 'switched';
  });
  if (outcome === 'switched') {
    ctx.known.delete(name);
    ctx.onCommitted(name, { version: projector.version, generation: pending.generation, checkpoint, lastError: null });
  }
  return outcome === 'moved' ? 'progress' : outcome;
}

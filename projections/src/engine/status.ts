import { compareCheckpoints, type Checkpoint, type EventStore, type SqlExecutor } from '@fpa/write-model/event-store';
import { readRows } from './checkpoints.ts';
import { countParked } from './parked.ts';
import type { Projector, ProjectorStatus } from './types.ts';

export type StatusDeps = {
  sql: SqlExecutor;
  store: EventStore;
  projectors: readonly Projector[];
  lagCountLimit: number;
  /** Failures this process saw that may not be in the table (e.g. before the projector's row existed). */
  localError(name: string): string | null;
};

const PAGE = 1_000;

/**
 * Counts the handled events between a checkpoint and head. The port has no count, so this reads
 * them (in pages, up to a limit): lag is for dashboards and alerts, where "at least N" is enough.
 */
async function countBehind(
  store: EventStore,
  after: Checkpoint | null,
  head: Checkpoint | null,
  types: readonly string[],
  limit: number,
): Promise<{ count: number; capped: boolean }> {
  if (!head || (after && compareCheckpoints(after, head) >= 0)) return { count: 0, capped: false };
  let count = 0;
  let cursor = after;
  while (count < limit) {
    const page = Math.min(PAGE, limit - count);
    const events = await store.readAll({ after: cursor, until: head, limit: page, types });
    count += events.length;
    if (events.length < page) return { count, capped: false };
    const last = events[events.length - 1]!;
    cursor = { txId: last.txId, globalPosition: last.globalPosition };
  }
  return { count, capped: true };
}

export async function readStatus(deps: StatusDeps): Promise<ProjectorStatus[]> {
  const names = deps.projectors.map((p) => p.name);
  const head = await deps.store.headCheckpoint();
  const live = await readRows(deps.sql, 'live', names);
  const rebuilds = await readRows(deps.sql, 'rebuild', names);
  const parked = await countParked(deps.sql);
  const statuses: ProjectorStatus[] = [];
  for (const projector of deps.projectors) {
    const row = live.get(projector.name) ?? null;
    const rebuild = rebuilds.get(projector.name) ?? null;
    // Behind by what this code's generation still has to apply: a stale version counts from its rebuild.
    const from = row && row.version === projector.version ? row.checkpoint : (rebuild?.checkpoint ?? null);
    const lag = await countBehind(deps.store, from, head, projector.handles, deps.lagCountLimit);
    const newer = row && row.version > projector.version ? `built by newer code (version ${row.version})` : null;
    statuses.push({
      name: projector.name,
      version: projector.version,
      activeVersion: row?.version ?? null,
      generation: row?.generation ?? null,
      checkpoint: row?.checkpoint ?? null,
      head,
      eventsBehind: lag.count,
      eventsBehindCapped: lag.capped,
      lastError: row?.lastError ?? rebuild?.lastError ?? newer ?? deps.localError(projector.name),
      rebuilding: rebuild ? { generation: rebuild.generation, checkpoint: rebuild.checkpoint } : null,
      parked: parked.get(projector.name) ?? 0,
    });
  }
  return statuses;
}

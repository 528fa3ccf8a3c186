import { compareCheckpoints, type Checkpoint, type SqlExecutor } from '@fpa/write-model/event-store';
import { readRows, type TrackRow } from './checkpoints.ts';
import type { Projector, WaitForOptions, WaitForResult } from './types.ts';

/**
 * Read-your-writes. The gateway waits after each command until the projectors have reached the
 * command's checkpoint, bounded by a timeout. Progress comes from two sources: this process's runner
 * (instant) and the checkpoints table, read again when another process announces a commit
 * (PROGRESS_CHANNEL) and polled in any case, for projectors running in another process.
 */
export const PROGRESS_CHANNEL = 'fpa_projection_progress';
export type ProgressBoard = {
  committed(name: string, row: TrackRow): void;
  /** Another process announced a commit (its rows are in the checkpoints table): waits look again. */
  poke(): void;
  get(name: string): TrackRow | undefined;
  /** Resolves at the next commit in this process, or the next poke. */
  next(): Promise<void>;
};

export function createProgressBoard(): ProgressBoard {
  const rows = new Map<string, TrackRow>();
  let wake: () => void = () => {};
  let nextCommit = new Promise<void>((resolve) => (wake = resolve));
  const wakeAll = () => {
    const resolve = wake;
    nextCommit = new Promise<void>((r) => (wake = r));
    resolve();
  };
  return {
    committed(name, row) {
      rows.set(name, row);
      wakeAll();
    },
    poke: wakeAll,
    get: (name) => rows.get(name),
    next: () => nextCommit,
  };
}

function reached(row: TrackRow | undefined, projector: Projector, target: Checkpoint): boolean {
  // A generation built by other code (a version change not yet rebuilt) does not count.
  if (!row || row.version !== projector.version || !row.checkpoint) return false;
  return compareCheckpoints(row.checkpoint, target) >= 0;
}

function delay(ms: number): { done: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))));
  return { done, cancel: () => clearTimeout(timer) };
}

/**
 * The checkpoints of every projector, read from the table; concurrent callers share the read in
 * flight, so a hundred waiting requests cost one query per poll interval, not a hundred.
 */
export function createSharedPoll(sql: SqlExecutor, projectors: readonly Projector[]): () => Promise<Map<string, TrackRow> | null> {
  const names = projectors.map((p) => p.name);
  let inFlight: Promise<Map<string, TrackRow> | null> | null = null;
  return () =>
    (inFlight ??= readRows(sql, 'live', names)
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      }));
}

export type WaitDeps = {
  projectors: readonly Projector[];
  board: ProgressBoard;
  poll: () => Promise<Map<string, TrackRow> | null>;
  pollIntervalMs: number;
};

export async function waitForCheckpoint(
  { projectors, board, poll: pollRows, pollIntervalMs }: WaitDeps,
  target: Checkpoint,
  options: WaitForOptions = {},
): Promise<WaitForResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 5_000;
  let selected = options.projectors
    ? options.projectors.map((name) => {
        const projector = projectors.find((p) => p.name === name);
        if (!projector) throw new Error(`waitFor: no projector named "${name}".`);
        return projector;
      })
    : [...projectors];
  if (options.types) {
    const types = new Set(options.types);
    selected = selected.filter((p) => p.handles.some((type) => types.has(type)));
  }
  const elapsed = () => performance.now() - started;
  let lagging = selected.filter((p) => !reached(board.get(p.name), p, target));

  while (lagging.length > 0) {
    // The poll is bounded too: a busy database (PGlite serializes everything) must not stretch the
    // wait much past its timeout. It always gets one interval, so timeoutMs 0 still takes one look.
    const poll = pollRows();
    const limit = delay(Math.max(timeoutMs - elapsed(), pollIntervalMs));
    const rows = await Promise.race([poll, limit.done.then(() => null)]);
    limit.cancel();
    lagging = lagging.filter((p) => !reached(rows?.get(p.name), p, target) && !reached(board.get(p.name), p, target));
    if (lagging.length === 0) break;

    const remaining = timeoutMs - elapsed();
    if (remaining <= 0) {
      return { reached: false, waitedMs: Math.round(elapsed()), lagging: lagging.map((p) => p.name) };
    }
    const pause = delay(Math.min(pollIntervalMs, remaining));
    await Promise.race([pause.done, board.next()]);
    pause.cancel();
    lagging = lagging.filter((p) => !reached(board.get(p.name), p, target));
    // A poke (another process's commit) or the pause: the loop reads the checkpoints again.
  }
  return { reached: true, waitedMs: Math.round(elapsed()), lagging: [] };
}

/**
 * A wait on some projectors' checkpoint rows, for a command that reads their read models to decide (the
 * daily run, a collection batch): works wherever the projectors run (this process, a worker). Throws
 * when they do not catch up within the timeout: the command must not decide on a stale read.
 */
export function pollingReadModelWait(
  sql: SqlExecutor,
  projectors: readonly Projector[],
  timeoutMs = 120_000,
): (target: Checkpoint) => Promise<void> {
  const deps = { projectors, board: createProgressBoard(), poll: createSharedPoll(sql, projectors), pollIntervalMs: 25 };
  return async (target) => {
    const result = await waitForCheckpoint(deps, target, { timeoutMs });
    if (!result.reached)
      throw new Error(`The read models ${projectors.map((p) => p.name).join(', ')} did not catch up with the log within ${timeoutMs} ms.`);
  };
}

import { readRow, recordError } from './checkpoints.ts';
import { ProjectionError } from './apply.ts';
import { liveStep, prepareProjector, type Readiness, type StepContext } from './live.ts';
import { rebuildStep } from './rebuild.ts';
import type { ProjectionLogger, Projector } from './types.ts';

/**
 * Drives the projectors of one process. Each projector has its own loop and its own in-process
 * queue (so the live runner, catchUpAll and rebuild never run two batches of one projector at once
 * here; across processes the advisory lock and the compare-and-set do that). A failing projector is
 * retried with backoff and never holds up the others.
 */
export type StepOutcome = 'progress' | 'caught-up' | 'locked';

type Slot = {
  projector: Projector;
  readiness: Readiness | null;
  rebuilding: boolean;
  queue: Promise<unknown>;
  looping: boolean;
  loopDone: Promise<void>;
  dirty: boolean;
  onSettled: (() => void)[];
  /** Set while failing, so status() can answer without the database, and recovery is logged once. */
  lastError: string | null;
};

export type RunnerOptions = {
  ctx: StepContext;
  projectors: readonly Projector[];
  logger: ProjectionLogger;
  backoff: { initialMs: number; maxMs: number };
  /** Whether this process may run the projector's live loop now (a lease, when workers share them); default always. */
  canRun?: (name: string) => boolean;
};

export type Runner = ReturnType<typeof createRunner>;

export function createRunner({ ctx, projectors, logger, backoff, canRun = () => true }: RunnerOptions) {
  const slots = new Map<string, Slot>(
    projectors.map((projector) => [
      projector.name,
      {
        projector,
        readiness: null,
        rebuilding: false,
        queue: Promise.resolve(),
        looping: false,
        loopDone: Promise.resolve(),
        dirty: false,
        onSettled: [],
        lastError: null,
      },
    ]),
  );
  const sleeps = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let running = false;

  function slotOf(name: string): Slot {
    const slot = slots.get(name);
    if (!slot) throw new Error(`No projector named "${name}" in this engine.`);
    return slot;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          sleeps.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      sleeps.add(entry);
    });
  }

  /** Runs fn after everything queued for this projector in this process. */
  function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const slot = slotOf(name);
    const result = slot.queue.then(fn);
    slot.queue = result.catch(() => undefined);
    return result;
  }

  async function ensureReady(slot: Slot): Promise<Readiness> {
    if (slot.readiness) return slot.readiness;
    const readiness = await prepareProjector(ctx.sql, slot.projector);
    if (readiness === 'newer') {
      logger.warn('projection built by newer code; this process leaves it alone', { projector: slot.projector.name });
    }
    // A rebuild left half done (a crash, or another process) is carried on here.
    const pending = await readRow(ctx.sql, 'rebuild', slot.projector.name);
    slot.rebuilding = readiness === 'needs-rebuild' || pending !== null;
    slot.readiness = readiness;
    return readiness;
  }

  async function step(slot: Slot): Promise<StepOutcome> {
    if ((await ensureReady(slot)) === 'newer') return 'caught-up';
    const live = await liveStep(ctx, slot.projector);
    let rebuild: Awaited<ReturnType<typeof rebuildStep>> = 'none';
    if (live === 'inactive' || slot.rebuilding) {
      rebuild = await rebuildStep(ctx, slot.projector);
      if (rebuild === 'switched' || rebuild === 'none') slot.rebuilding = false;
    }
    if (slot.lastError !== null && live !== 'locked' && rebuild !== 'locked') {
      logger.info('projection recovered', { projector: slot.projector.name });
      slot.lastError = null;
    }
    if (live === 'progress' || rebuild === 'progress' || rebuild === 'switched') return 'progress';
    if (live === 'locked' || rebuild === 'locked') return 'locked';
    return 'caught-up';
  }

  async function report(slot: Slot, error: unknown): Promise<string> {
    const name = slot.projector.name;
    const track = error instanceof ProjectionError ? error.track : 'live';
    const message = error instanceof Error ? error.message : String(error);
    slot.lastError = message;
    logger.error('projection failed', { projector: name, track, error: message });
    try {
      await recordError(ctx.sql, track, name, message);
    } catch (recordFailure) {
      logger.error('could not record a projection failure', { projector: name, error: String(recordFailure) });
    }
    return message;
  }

  function settle(slot: Slot): void {
    for (const resolve of slot.onSettled.splice(0)) resolve();
  }

  async function loop(slot: Slot): Promise<void> {
    let failures = 0;
    let collisions = 0;
    try {
      while (running) {
        // Not ours (any more): another worker holds its lease. Kicked again when this one takes it.
        if (!canRun(slot.projector.name)) return;
        slot.dirty = false;
        let outcome: StepOutcome;
        try {
          outcome = await exclusive(slot.projector.name, () => step(slot));
          failures = 0;
        } catch (error) {
          await report(slot, error);
          settle(slot);
          failures += 1;
          await sleep(Math.min(backoff.initialMs * 2 ** (failures - 1), backoff.maxMs));
          continue;
        }
        if (outcome === 'progress') continue;
        if (outcome === 'locked') {
          // Another process is applying this projector; look again shortly in case it stops.
          collisions += 1;
          await sleep(Math.min(25 * 2 ** collisions, 2_000) * (0.5 + Math.random()));
          continue;
        }
        collisions = 0;
        settle(slot);
        if (!slot.dirty) return;
      }
    } finally {
      slot.looping = false;
      settle(slot);
    }
  }

  function kick(name: string): void {
    const slot = slotOf(name);
    slot.dirty = true;
    if (!running || slot.looping) return;
    slot.looping = true;
    slot.loopDone = loop(slot);
  }

  return {
    /** Starts a loop per projector; resolves when each has caught up or failed once. */
    async start(): Promise<void> {
      running = true;
      // Another process may have changed versions since an earlier start of this engine.
      for (const slot of slots.values()) slot.readiness = null;
      const settled = [...slots.values()].map((slot) => new Promise<void>((resolve) => slot.onSettled.push(resolve)));
      for (const name of slots.keys()) kick(name);
      await Promise.all(settled);
    },
    kickAll(): void {
      for (const name of slots.keys()) kick(name);
    },
    kick,
    async stop(): Promise<void> {
      running = false;
      for (const entry of sleeps) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      sleeps.clear();
      await Promise.all([...slots.values()].map((slot) => slot.loopDone));
    },
    /** Steps one projector until it has caught up; reports and rethrows a failure. */
    async catchUp(name: string): Promise<void> {
      const slot = slotOf(name);
      for (let collisions = 1; ; collisions += 1) {
        let outcome: StepOutcome;
        try {
          outcome = await exclusive(name, () => step(slot));
        } catch (error) {
          throw new Error(await report(slot, error), { cause: error });
        }
        if (outcome === 'caught-up') return;
        if (outcome === 'locked') await sleep(Math.min(25 * 2 ** collisions, 500));
      }
    },
    /** Runs fn in the projector's queue after making sure its generation exists. */
    exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const slot = slotOf(name);
      return exclusive(name, async () => {
        await ensureReady(slot);
        return fn();
      });
    },
    markRebuilding(name: string): void {
      slotOf(name).rebuilding = true;
    },
    report: (name: string, error: unknown) => report(slotOf(name), error),
    lastError: (name: string) => slotOf(name).lastError,
    readiness: (name: string) => slotOf(name).readiness,
    has: (name: string) => slots.has(name),
  };
}

export function defaultLogger(): ProjectionLogger {
  return {
    info: () => {},
    warn: (message, fields) => console.warn(message, fields ?? {}),
    error: (message, fields) => console.error(message, fields ?? {}),
  };
}

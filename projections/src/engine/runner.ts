import type { RecordedEvent } from '@fpa/write-model/event-store';
import { readRow, recordError } from './checkpoints.ts';
import { ProjectionError } from './apply.ts';
import { companyOf, isParkable, parkKey, type ParkList } from './parked.ts';
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
  /** Failures in a row of one event (key parkKey(track, position)): parked when they reach park.attempts. */
  failures: Map<string, number>;
  /** Events the next batch of their track records as parked and skips. */
  park: ParkList;
};

export type RunnerOptions = {
  ctx: StepContext;
  projectors: readonly Projector[];
  logger: ProjectionLogger;
  backoff: { initialMs: number; maxMs: number };
  /**
   * An event apply throws on (with an error that says something about the event, see isParkable) is
   * tried `attempts` times, `initialMs` doubling in between, then parked for this projector.
   */
  park: { attempts: number; initialMs: number };
  /** Whether this process may run the projector's live loop now (a lease, when workers share them); default always. */
  canRun?: (name: string) => boolean;
};

export type Runner = ReturnType<typeof createRunner>;

export function createRunner({ ctx, projectors, logger, backoff, park, canRun = () => true }: RunnerOptions) {
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
        failures: new Map(),
        park: new Map(),
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

  /** A track's step went through: what it was to park is recorded, and its failures are forgotten. */
  function cleared(slot: Slot, track: 'live' | 'rebuild'): void {
    for (const map of [slot.park, slot.failures]) {
      for (const key of map.keys()) if (key.startsWith(`${track}:`)) map.delete(key);
    }
  }

  async function step(slot: Slot): Promise<StepOutcome> {
    if ((await ensureReady(slot)) === 'newer') return 'caught-up';
    const live = await liveStep(ctx, slot.projector, { park: slot.park, grouped: slot.lastError === null && slot.failures.size === 0 });
    cleared(slot, 'live');
    let rebuild: Awaited<ReturnType<typeof rebuildStep>> = 'none';
    if (live === 'inactive' || slot.rebuilding) {
      rebuild = await rebuildStep(ctx, slot.projector, slot.park);
      cleared(slot, 'rebuild');
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

  /**
   * Counts a failure of one event; answers the delay before the next try, or 0 when the event is now
   * to be parked (the next batch records it and goes on). Null when the failure cannot be parked.
   */
  function failedOn(slot: Slot, error: unknown): number | null {
    if (!(error instanceof ProjectionError) || !error.event || !isParkable(error.cause)) return null;
    const key = parkKey(error.track, error.event.globalPosition);
    const failures = (slot.failures.get(key) ?? 0) + 1;
    slot.failures.set(key, failures);
    if (failures < park.attempts) return park.initialMs * 2 ** (failures - 1);
    const cause = error.cause;
    slot.park.set(key, {
      error: error.message,
      stack: cause instanceof Error ? (cause.stack ?? null) : null,
      attempts: failures,
    });
    slot.failures.delete(key);
    logger.error('projection parked an event', {
      projector: slot.projector.name,
      track: error.track,
      ...eventFields(error.event),
      attempts: failures,
      error: error.message,
      stack: cause instanceof Error ? cause.stack : undefined,
    });
    return 0;
  }

  async function report(slot: Slot, error: unknown): Promise<string> {
    const name = slot.projector.name;
    const track = error instanceof ProjectionError ? error.track : 'live';
    const message = error instanceof Error ? error.message : String(error);
    slot.lastError = message;
    const event = error instanceof ProjectionError ? error.event : null;
    const cause = error instanceof Error ? error.cause : undefined;
    logger.error('projection failed', {
      projector: name,
      track,
      error: message,
      ...(event ? eventFields(event) : {}),
      stack: cause instanceof Error ? cause.stack : error instanceof Error ? error.stack : undefined,
    });
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
          const retryInMs = failedOn(slot, error);
          if (retryInMs !== null) {
            // An event that fails by itself: tried a few times, then parked; the projector goes on.
            if (retryInMs > 0) await sleep(retryInMs);
            continue;
          }
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
    /** One step of the projector's rebuild (in its queue via exclusive), parking what it was told to. */
    async rebuildOnce(name: string): Promise<Awaited<ReturnType<typeof rebuildStep>>> {
      const slot = slotOf(name);
      const outcome = await rebuildStep(ctx, slot.projector, slot.park);
      cleared(slot, 'rebuild');
      return outcome;
    },
    /** See failedOn: the delay before trying again, 0 to park now, null when the failure is not the event's. */
    failedOn: (name: string, error: unknown) => failedOn(slotOf(name), error),
    sleep,
    lastError: (name: string) => slotOf(name).lastError,
    readiness: (name: string) => slotOf(name).readiness,
    has: (name: string) => slots.has(name),
  };
}

/** Where an event is, for a log line: position, stream, company and type. */
function eventFields(event: RecordedEvent) {
  return { position: event.globalPosition, stream: event.streamId, company: companyOf(event), eventType: event.type };
}

export function defaultLogger(): ProjectionLogger {
  return {
    info: () => {},
    warn: (message, fields) => console.warn(message, fields ?? {}),
    error: (message, fields) => console.error(message, fields ?? {}),
  };
}

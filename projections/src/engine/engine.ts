import { beginRebuild, type rebuildStep } from './rebuild.ts';
import { countParked, listParked } from './parked.ts';
import { createRunner, defaultLogger } from './runner.ts';
import { migrateEngineTables, validateProjectors } from './schema.ts';
import { readStatus } from './status.ts';
import type { CatchUpResult, ProjectionEngine, ProjectionEngineOptions } from './types.ts';
import { createProgressBoard, createSharedPoll, PROGRESS_CHANNEL, waitForCheckpoint } from './wait.ts';
import { createCoalescedNotifier } from '@fpa/write-model/event-store';
import { sharedFresh, type StepContext } from './live.ts';
import { createSharedLog } from './shared-log.ts';
import { createLiveGroup } from './live-group.ts';
import { createLeaseManager, type LeaseManager } from './lease.ts';

/**
 * A projector's batch and the log's page (issue #26). A batch is one transaction of one projector: its statements
 * (one a run of one event type) and its checkpoint. A projector walking the log from far behind (a rebuild, a
 * new projector) makes four times fewer of them with batches of 2,000 than of 500, and its set-based statements
 * take four times as many rows each: a rebuild of 17 read models over 130,104 events took 7.1–7.2 s against
 * 8.5–8.8 s, with less CPU on both sides (docs/performance.md, session 31). A live batch is the events since the
 * last one, a few as a rule. The log is still read 500 events at a time (pages of 2,000 gained nothing): a
 * walker's batch is made of several pages, and the pages kept for the walkers behind (32) stay the size they were.
 * On PGlite a batch stays 500 events: its one connection serves every request, and a batch is a pause for them all.
 */
const BATCH_SIZE = 2_000;
const PAGE_SIZE = 500;

/**
 * The projection engine: keeps every projector's read model in step with the event log. Embedded in
 * the gateway or run as its own worker; several engines may share a database (one applies each
 * projector at a time, by advisory lock and compare-and-set).
 */
export function createProjectionEngine(options: ProjectionEngineOptions): ProjectionEngine {
  const { sql, store, projectors } = options;
  validateProjectors(projectors);
  const batchSize = options.batchSize ?? (sql.driver === 'pglite' ? PAGE_SIZE : BATCH_SIZE);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be a positive integer.');
  const pageSize = options.pageSize ?? Math.min(batchSize, PAGE_SIZE);
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error('pageSize must be a positive integer.');
  const logger = options.logger ?? defaultLogger();
  const progress = options.progress ?? {};
  // Woken by the announcements, the poll is the fallback (a lost connection, a NOTIFY dropped).
  const pollIntervalMs = options.pollIntervalMs ?? (progress.listen ? 50 : 15);
  const park = { attempts: options.park?.attempts ?? 5, initialMs: options.park?.initialMs ?? 100 };
  const board = createProgressBoard();
  const poll = createSharedPoll(sql, projectors);
  const announcer = progress.announce ? createCoalescedNotifier(sql, PROGRESS_CHANNEL) : null;
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  const listen = () =>
    (listening ??= sql
      .listen(PROGRESS_CHANNEL, () => board.poke())
      .catch((error: unknown) => {
        logger.warn('projection progress: LISTEN failed, polling only', { error: String(error) });
        listening = null;
        return null;
      }));
  const ctx: StepContext = {
    sql,
    store,
    batchSize,
    logger,
    onCommitted: (name, row) => {
      board.committed(name, row);
      announcer?.notify();
    },
    head: sharedFresh(() => store.headCheckpoint()),
    known: new Map(),
    indexed: new Set(),
    analyzed: new Set(),
    log: createSharedLog(store, { pageSize, everyType: [...new Set(projectors.flatMap((p) => p.handles))] }),
    group: createLiveGroup(sql, logger),
  };
  let leases: LeaseManager | null = null;
  const runner = createRunner({
    ctx,
    projectors,
    logger,
    backoff: { initialMs: options.backoff?.initialMs ?? 250, maxMs: options.backoff?.maxMs ?? 30_000 },
    park,
    ...(options.lease ? { canRun: (name: string) => leases?.holds(name) ?? false } : {}),
  });
  if (options.lease) {
    leases = createLeaseManager({
      sql,
      projectors: projectors.map((p) => p.name),
      options: options.lease,
      logger,
      onAcquired: (name) => runner.kick(name),
    });
  }
  let migrated: Promise<void> | null = null;
  let unsubscribe: (() => void) | null = null;

  function migrate(): Promise<void> {
    migrated ??= migrateEngineTables(sql).catch((error: unknown) => {
      migrated = null;
      throw error;
    });
    return migrated;
  }

  return {
    async start() {
      if (unsubscribe) throw new Error('The projection engine is already started.');
      await migrate();
      // Subscribed before catching up, so an append during catch-up is not left for the next one.
      unsubscribe = store.onAppended(() => runner.kickAll());
      await leases?.start();
      await runner.start();
      logger.info('projection engine started', { projectors: projectors.map((p) => p.name) });
    },

    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await runner.stop();
      await leases?.stop();
      const unlisten = await listening;
      listening = null;
      await unlisten?.().catch(() => {});
    },

    async catchUpAll(): Promise<CatchUpResult> {
      await migrate();
      const results = await Promise.allSettled(projectors.map((p) => runner.catchUp(p.name)));
      const outcome: CatchUpResult = { caughtUp: [], failed: [] };
      results.forEach((result, i) => {
        const name = projectors[i]!.name;
        if (result.status === 'fulfilled') outcome.caughtUp.push(name);
        else {
          const reason: unknown = result.reason;
          outcome.failed.push({ name, error: reason instanceof Error ? reason.message : String(reason) });
        }
      });
      return outcome;
    },

    async waitFor(checkpoint, waitOptions) {
      // Listening before the first look, so an announcement after it is not missed (once; then at once).
      if (progress.listen) await listen();
      return waitForCheckpoint({ projectors, board, poll, pollIntervalMs }, checkpoint, waitOptions);
    },

    async rebuild(name) {
      const projector = projectors.find((p) => p.name === name);
      if (!projector) throw new Error(`No projector named "${name}" in this engine.`);
      await migrate();
      if ((await runner.exclusive(name, async () => runner.readiness(name))) === 'newer') {
        throw new Error(`Projector "${name}" was built by newer code; rebuild it there.`);
      }
      const generation = await runner.exclusive(name, () => beginRebuild(ctx, projector));
      // The live runner (if started) helps too; either one may make the switch.
      runner.markRebuilding(name);
      logger.info('projection rebuild started', { projector: name, generation });
      for (;;) {
        let outcome: Awaited<ReturnType<typeof rebuildStep>>;
        try {
          outcome = await runner.exclusive(name, () => runner.rebuildOnce(name));
        } catch (error) {
          await runner.report(name, error);
          // An event the projector cannot apply is parked in the new generation too, after its tries.
          const retryInMs = runner.failedOn(name, error);
          if (retryInMs === null) throw error;
          if (retryInMs > 0) await runner.sleep(retryInMs);
          continue;
        }
        if (outcome === 'switched' || outcome === 'none') break;
        if (outcome === 'locked') await new Promise((resolve) => setTimeout(resolve, 50));
      }
      logger.info('projection rebuilt', { projector: name, generation });
    },

    leases: () =>
      leases
        ? { owner: options.lease!.owner, held: leases.held(), renewedAt: leases.lastRenewedAt() }
        : { owner: null, held: projectors.map((p) => p.name), renewedAt: null },

    async status() {
      await migrate();
      const lagCountLimit = options.lagCountLimit ?? 10_000;
      return readStatus({ sql, store, projectors, lagCountLimit, localError: runner.lastError });
    },

    async parked(filter = {}) {
      await migrate();
      return listParked(sql, filter);
    },

    async parkedCount() {
      await migrate();
      let total = 0;
      for (const n of (await countParked(sql)).values()) total += n;
      return total;
    },

    // The pauses between the tries of an event before it is parked (100 + 200 + 400 + 800 ms by default).
    parkingTakesMs: park.initialMs * (2 ** Math.max(park.attempts - 1, 0) - 1),

    async parkedFor(append) {
      await migrate();
      return listParked(sql, {
        positions: { from: append.firstPosition, to: append.lastPosition },
        streams: append.streams.map((s) => s.streamId),
      });
    },

    async retryParked(names) {
      await migrate();
      const open = await listParked(sql, names ? { projectors: names } : {});
      const rebuilt = [...new Set(open.map((row) => row.projector))].filter((name) => projectors.some((p) => p.name === name));
      for (const name of rebuilt) await this.rebuild(name);
      const still = await listParked(sql, { projectors: rebuilt });
      return { rebuilt, stillParked: still };
    },
  };
}

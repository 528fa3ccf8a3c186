import { createServer, type Server } from 'node:http';
import type { EventStore, SqlClient } from '@fpa/write-model/event-store';
import {
  createProjectionEngine,
  createStatisticsKeeper,
  formatProjectionMetrics,
  type PeriodicCheck,
  type LeaseOptions,
  type ProjectionEngine,
  type ProjectionLogger,
  type Projector,
} from '../engine/index.ts';
import { billingProjection } from '../billing/billing.projection.ts';
import { createDailySchedule, type DailySchedule } from '../billing/daily-schedule.ts';
import { createDispatcher, type Dispatcher } from '../notifications/dispatcher.ts';
import { notificationsProjection } from '../notifications/notifications.projection.ts';
import type { NotificationProvider } from '../notifications/providers.ts';
import type { NotificationChannel } from '../notifications/templates.ts';

export type WorkerOptions = {
  sql: SqlClient;
  store: EventStore;
  projectors: readonly Projector[];
  lease: LeaseOptions;
  logger: ProjectionLogger;
  /** Serve GET /healthz and /metrics on this port (0: any free port); none when absent. */
  http?: { port: number; host?: string };
  /** The calendar's daily run at this time (DAILY_RUN_AT), run by the worker holding the billing projector's lease. */
  dailyRun?: { at: string; now?: () => Date; checkEveryMs?: number };
  /** The notifications dispatcher, run by the worker holding the notifications projector's lease. */
  notifications?: {
    providers: Partial<Record<NotificationChannel, NotificationProvider | null>>;
    concurrency?: number;
    now?: () => Date;
    checkEveryMs?: number;
  };
};

export type Worker = {
  engine: ProjectionEngine;
  server: Server | null;
  dailySchedule: DailySchedule | null;
  dispatcher: Dispatcher | null;
  /** Analyzes grown tables where the server's autovacuum is off; null where it is on. */
  statistics: PeriodicCheck<string[]> | null;
  close(): Promise<void>;
};

/**
 * A projection worker: the engine with leases (it runs the projectors it holds a lease on, and takes
 * over others' when they stop renewing), and a small HTTP endpoint for health checks and metrics.
 * Healthy means the last lease renewal succeeded within the ttl: a worker that cannot reach the
 * database reports itself unhealthy before its leases pass to another.
 */
export async function startWorker(options: WorkerOptions): Promise<Worker> {
  const { lease, logger } = options;
  const ttlMs = lease.ttlMs ?? 15_000;
  // Announces its commits, so gateways (PROJECTIONS=off) waiting for read-your-writes read the checkpoints then.
  const engine = createProjectionEngine({
    sql: options.sql,
    store: options.store,
    projectors: options.projectors,
    logger,
    lease,
    progress: { announce: true },
  });
  await engine.start();
  const server = options.http ? await serve(engine, ttlMs, options.http) : null;
  // One worker at a time runs the calendar: the one holding the billing read model's lease (the run
  // reads that model, and the lease passes to another worker when this one stops renewing it).
  const dailySchedule = options.dailyRun
    ? createDailySchedule({
        sql: options.sql,
        store: options.store,
        logger,
        at: options.dailyRun.at,
        now: options.dailyRun.now ?? (() => new Date()),
        mayRun: () => engine.leases().held.includes(billingProjection.name),
        ...(options.dailyRun.checkEveryMs ? { checkEveryMs: options.dailyRun.checkEveryMs } : {}),
      })
    : null;
  dailySchedule?.start();
  // One worker at a time sends the outbox: the one holding its projector's lease (as the calendar's).
  const notifications = options.notifications;
  const dispatcher = notifications
    ? createDispatcher({
        sql: options.sql,
        providers: notifications.providers,
        now: notifications.now ?? (() => new Date()),
        logger,
        mayRun: () => engine.leases().held.includes(notificationsProjection.name),
        ...(notifications.concurrency ? { concurrency: notifications.concurrency } : {}),
        ...(notifications.checkEveryMs ? { checkEveryMs: notifications.checkEveryMs } : {}),
      })
    : null;
  dispatcher?.start();
  const statistics = await createStatisticsKeeper({ sql: options.sql, logger });
  statistics?.start();
  logger.info('projection worker started', {
    owner: lease.owner,
    held: engine.leases().held,
    port: portOf(server),
    dailyRunAt: options.dailyRun?.at ?? 'off',
  });
  return {
    engine,
    server,
    dailySchedule,
    dispatcher,
    statistics,
    async close() {
      await statistics?.stop();
      await dispatcher?.stop();
      await dailySchedule?.stop();
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.stop();
    },
  };
}

function portOf(server: Server | null): number | null {
  const address = server?.address();
  return address && typeof address === 'object' ? address.port : null;
}

async function serve(engine: ProjectionEngine, ttlMs: number, http: { port: number; host?: string }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz') {
      const leases = engine.leases();
      const healthy = leases.renewedAt !== null && Date.now() - leases.renewedAt < ttlMs;
      // Parked events do not make the worker unhealthy (it goes on); they are counted for the alert.
      void engine
        .parkedCount()
        .catch(() => null)
        .then((parked) => {
          res.statusCode = healthy ? 200 : 503;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: healthy, owner: leases.owner, projectors: leases.held, parked }));
        });
      return;
    }
    if (path === '/metrics') {
      engine.status().then(
        (statuses) => {
          res.setHeader('content-type', 'text/plain; version=0.0.4');
          res.end(formatProjectionMetrics(statuses));
        },
        () => {
          res.statusCode = 503;
          res.end('status unavailable\n');
        },
      );
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(http.port, http.host ?? '0.0.0.0', resolve));
  return server;
}

/** JSON lines on stdout, like the gateway's pino logs. */
export function jsonLogger(level: 'debug' | 'info' | 'warn' | 'error' | 'silent', base: Record<string, unknown>): ProjectionLogger {
  const order = ['debug', 'info', 'warn', 'error', 'silent'];
  const min = order.indexOf(level);
  const write =
    (name: string) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order.indexOf(name) < min) return;
      process.stdout.write(`${JSON.stringify({ level: name, time: Date.now(), ...base, msg: message, ...fields })}\n`);
    };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

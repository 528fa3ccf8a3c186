import { hostname } from 'node:os';
import { parseDailyRunAt } from '../billing/daily-schedule.ts';
import { loadNotificationConfig, type NotificationConfig } from '../notifications/notify.config.ts';
import { parseHeapGrowingPercent } from '../runtime/heap-growth.ts';

/** The projection worker's configuration, from the environment (see docs/configuration.md). */
export type WorkerConfig = {
  databaseUrl: string;
  dataKey: string | null;
  dataDir: string;
  /** KurrentDB instead of the PostgreSQL event store (read models and checkpoints stay in PostgreSQL). */
  eventStoreUrl: string | null;
  /** Unique among the workers sharing the database. */
  workerId: string;
  /** Only these projectors (scaling out by projector); null runs every one this code has. */
  projectors: string[] | null;
  leaseTtlMs: number;
  leaseRenewMs: number;
  /** The health and metrics port; null serves none. */
  port: number | null;
  host: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** DAILY_RUN_AT: the calendar's daily run ('HH:MM' South African time), null when off. */
  dailyRunAt: string | null;
  /** The providers that send the notifications outbox (docs/configuration.md); none by default. */
  notifications: NotificationConfig;
  /** HEAP_GROWING_PERCENT, as for the gateway (runtime/heap-growth.ts). */
  heapGrowingPercent: number;
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number of milliseconds.`);
  return value;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    throw new Error(
      'The projection worker needs DATABASE_URL: it shares a PostgreSQL server with the gateway (PGlite is in-process only).',
    );
  }
  const leaseTtlMs = positive(env, 'LEASE_TTL_MS', 15_000);
  const leaseRenewMs = positive(env, 'LEASE_RENEW_MS', Math.max(100, Math.floor(leaseTtlMs / 3)));
  if (leaseRenewMs >= leaseTtlMs) throw new Error('LEASE_RENEW_MS must be shorter than LEASE_TTL_MS.');
  const list =
    env.PROJECTORS?.split(',')
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  const port = env.WORKER_PORT?.trim();
  const level = env.LOG_LEVEL?.trim() || 'info';
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(level))
    throw new Error(`LOG_LEVEL ${level} is not one of debug, info, warn, error, silent.`);
  return {
    databaseUrl,
    dataKey: env.DATA_KEY?.trim() || null,
    dataDir: env.DATA_DIR?.trim() || './data',
    eventStoreUrl: env.EVENTSTORE_URL?.trim() || null,
    workerId: env.WORKER_ID?.trim() || `${hostname()}:${process.pid}`,
    projectors: list.length > 0 ? list : null,
    leaseTtlMs,
    leaseRenewMs,
    port: port === 'off' ? null : Number(port || 3001),
    host: env.HOST?.trim() || '0.0.0.0',
    logLevel: level as WorkerConfig['logLevel'],
    dailyRunAt: parseDailyRunAt(env.DAILY_RUN_AT),
    notifications: loadNotificationConfig(env),
    heapGrowingPercent: parseHeapGrowingPercent(env.HEAP_GROWING_PERCENT),
  };
}

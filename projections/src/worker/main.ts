import { createKeyring, createPostgresClient, loadMasterKey } from '@fpa/write-model/event-store';
import { openEventStore } from '@fpa/write-model/event-store';
import { migrateWriteModel } from '@fpa/write-model';
import { allProjectors } from '../read-models.ts';
import { providersFrom } from '../notifications/notify.config.ts';
import { loadWorkerConfig } from './worker.config.ts';
import { applyHeapGrowth } from '../runtime/heap-growth.ts';
import { jsonLogger, startWorker } from './worker.ts';

/**
 * `npm run worker -w projections`: the projection engine as its own process, sharing the projectors
 * with any other workers on the same database (leases), while gateways run with PROJECTIONS=off.
 */
const config = loadWorkerConfig();
applyHeapGrowth(config.heapGrowingPercent);
const logger = jsonLogger(config.logLevel, { service: 'projection-worker', worker: config.workerId });
const unknown = config.projectors?.filter((name) => !allProjectors.some((p) => p.name === name)) ?? [];
if (unknown.length > 0) throw new Error(`PROJECTORS names unknown projectors: ${unknown.join(', ')}`);
const projectors = config.projectors ? allProjectors.filter((p) => config.projectors!.includes(p.name)) : allProjectors;

const sql = await createPostgresClient({ url: config.databaseUrl });
await migrateWriteModel(sql);
const keyring = await createKeyring(sql, loadMasterKey({ dataKey: config.dataKey ?? undefined, dataDir: config.dataDir }));
const store = await openEventStore(sql, keyring, { eventStoreUrl: config.eventStoreUrl });
const worker = await startWorker({
  sql,
  store,
  projectors,
  logger,
  lease: { owner: config.workerId, ttlMs: config.leaseTtlMs, renewMs: config.leaseRenewMs },
  ...(config.port !== null ? { http: { port: config.port, host: config.host } } : {}),
  ...(config.dailyRunAt ? { dailyRun: { at: config.dailyRunAt } } : {}),
  notifications: { providers: providersFrom(config.notifications), concurrency: config.notifications.concurrency },
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  // Hands the leases back, so the other workers take over without waiting for them to expire.
  await worker.close();
  await store.close();
  await sql.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

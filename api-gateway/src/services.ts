import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import {
  createKeyring,
  createSqlClient,
  loadMasterKey,
  openEventStore,
  type EventStore,
  type Keyring,
  type SqlClient,
} from '@fpa/write-model/event-store';
import {
  commandContext,
  ensureBuiltInPlans,
  ensureSuperAdmin,
  migrateWriteModel,
  reserveDeceasedOfExistingClaims,
  recordCoverOfExistingSchemeMembers,
  reserveSchemesOfExistingGroupPolicies,
  SYSTEM,
} from '@fpa/write-model';
import {
  allProjectors,
  createDailySchedule,
  createDispatcher,
  createProjectionEngine,
  createStatisticsKeeper,
  type DailySchedule,
  type Dispatcher,
  migrateOutbox,
  providersFrom,
  migrateEngineTables,
  type ProjectionEngine,
  type PeriodicCheck,
  type ProjectionLogger,
} from '@fpa/projections';
import type { Config } from './config.ts';
import { createMailer, type Mailer } from './auth/mailer.ts';
import { createObjectStore, type ObjectStore } from './uploads/object-store.ts';
import { createReadReplica, type ReadReplica } from './read-replica.ts';

export type Services = {
  config: Config;
  logger: Logger;
  /** The primary: commands, the event log, sessions, sign-in, the projections; reads when there is no replica. */
  sql: SqlClient;
  /** READ_DATABASE_URL's streaming replica that queries read (read-replica.ts); null without one. */
  replica: ReadReplica | null;
  store: EventStore;
  /** The personal-data keys: POPIA erasure destroys them. */
  keyring: Keyring;
  engine: ProjectionEngine;
  mailer: Mailer;
  /** The bytes of uploaded files (local folder or S3-compatible bucket). */
  objects: ObjectStore;
  /** The request clock (sign-in slowing reads it); tests replace it to step past a delay without sleeping. */
  now: () => Date;
  /** The calendar's daily run by itself (DAILY_RUN_AT), when this process runs the projectors; null otherwise. */
  dailySchedule: DailySchedule | null;
  /** Sends the notifications outbox, when this process runs the projectors; null otherwise (the worker sends). */
  dispatcher: Dispatcher | null;
  /** Analyzes grown tables where nothing else does (PGlite; a server with autovacuum off); null otherwise. */
  statistics: PeriodicCheck<string[]> | null;
  close(): Promise<void>;
};

/**
 * Wires the process: the SQL client (PGlite in DATA_DIR, or the server in DATABASE_URL), the event
 * store with personal-data encryption, the identity tables, the projection engine (run in this
 * process unless PROJECTIONS=off), and the super admin from configuration.
 */
export async function createServices(config: Config, logger: Logger, options: { sql?: SqlClient } = {}): Promise<Services> {
  if (!options.sql && !config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const sql =
    options.sql ?? (await createSqlClient({ ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }) }));
  if (config.readDatabaseUrl && sql.driver !== 'postgres') {
    throw new Error(
      'READ_DATABASE_URL is a PostgreSQL streaming replica of DATABASE_URL; the embedded PGlite has none. Unset READ_DATABASE_URL.',
    );
  }
  await migrateWriteModel(sql);
  const keyring = await createKeyring(sql, loadMasterKey({ dataKey: config.dataKey ?? undefined, dataDir: config.dataDir }));
  const store = await openEventStore(sql, keyring, { eventStoreUrl: config.eventStoreUrl });
  // Once per database: claims from before the one-claim-per-deceased rule take their reservations.
  const reserved = await reserveDeceasedOfExistingClaims(store, sql);
  if (reserved > 0) logger.info({ reserved }, 'existing claims reserved their deceased');
  // Once per database: group policies from before claims on them record their scheme (issue #22).
  const groupPolicies = await reserveSchemesOfExistingGroupPolicies(store, sql);
  if (groupPolicies > 0) logger.info({ groupPolicies }, 'existing group policies recorded their scheme');
  // Once per database: scheme members from before the limit per life across schemes record their cover (issue #22).
  const schemeCovers = await recordCoverOfExistingSchemeMembers(store, sql);
  if (schemeCovers > 0) logger.info({ schemeCovers }, 'existing scheme members recorded their cover');
  const engine = createProjectionEngine({
    sql,
    store,
    projectors: allProjectors,
    logger: engineLogger(logger.child({ part: 'projections' })),
    // PROJECTIONS=off: the workers announce their commits; a read-your-writes wait reads the checkpoints then.
    ...(config.projections === 'on' ? {} : { progress: { listen: true } }),
  });
  // PROJECTIONS=off: workers run the projectors; this engine only waits on their checkpoints
  // (read-your-writes), and the checkpoint table must exist even before the first worker starts.
  if (config.projections === 'on') await engine.start();
  else {
    await migrateEngineTables(sql);
    // The outbox is read here (the administrator's Notifications page) before a worker may have created it.
    await sql.transaction((tx) => migrateOutbox(tx));
  }
  // The built-in plans are the catalogue's first events, recorded once (the plans are the tiers' source).
  const plans = await ensureBuiltInPlans(store, commandContext(SYSTEM));
  if (plans.created) logger.info('built-in subscription plans recorded');
  if (plans.append && config.projections === 'on')
    await engine.waitFor(plans.append.checkpoint, { timeoutMs: config.readYourWritesTimeoutMs });
  if (config.superAdmin) {
    const seeded = await ensureSuperAdmin(store, sql, config.superAdmin, commandContext(SYSTEM));
    if (seeded.created) logger.info({ username: config.superAdmin.username }, 'super admin created');
    // Sign-in reads the users read model: the super admin can sign in as soon as the server answers.
    if (seeded.append && config.projections === 'on')
      await engine.waitFor(seeded.append.checkpoint, { timeoutMs: config.readYourWritesTimeoutMs });
  }
  const replica = config.readDatabaseUrl
    ? await createReadReplica({ primary: sql, url: config.readDatabaseUrl, logger: logger.child({ part: 'read-replica' }) })
    : null;
  if (config.readDatabaseUrl) {
    const { host, pathname } = new URL(config.readDatabaseUrl);
    logger.info(
      { replica: `${host}${pathname}` },
      'queries read the replica in READ_DATABASE_URL; commands, sessions and the log use DATABASE_URL',
    );
  }
  const services: Services = {
    config,
    logger,
    sql,
    replica,
    store,
    keyring,
    engine,
    mailer: createMailer(config, logger),
    objects: createObjectStore(config.objectStore),
    now: () => new Date(),
    dailySchedule: null,
    dispatcher: null,
    statistics: null,
    async close() {
      await services.statistics?.stop();
      await services.dispatcher?.stop();
      await services.dailySchedule?.stop();
      await engine.stop();
      await store.close();
      await replica?.close();
      if (!options.sql) await sql.close();
    },
  };
  // With PROJECTIONS=off the workers run the calendar (one at a time, with the billing projector's lease).
  if (config.projections === 'on' && config.dailyRunAt) {
    services.dailySchedule = createDailySchedule({
      sql,
      store,
      logger: engineLogger(logger.child({ part: 'daily-run' })),
      at: config.dailyRunAt,
      // Late-bound: tests step services.now.
      now: () => services.now(),
      waitForBilling: async (target) => {
        const waited = await engine.waitFor(target, { projectors: ['billing'], timeoutMs: 120_000 });
        if (!waited.reached) throw new Error('The billing read model did not catch up with the log in time.');
      },
    });
    services.dailySchedule.start();
  }
  // The outbox is sent by the process that runs its projector (here, or the worker holding its lease).
  if (config.projections === 'on') {
    services.dispatcher = createDispatcher({
      sql,
      providers: providersFrom(config.notifications),
      concurrency: config.notifications.concurrency,
      now: () => services.now(),
      logger: engineLogger(logger.child({ part: 'notifications' })),
    });
    services.dispatcher.start();
  }
  // Planner statistics where no autovacuum keeps them: the process that writes the read models does it.
  if (config.projections === 'on') {
    services.statistics = await createStatisticsKeeper({ sql, logger: engineLogger(logger.child({ part: 'statistics' })) });
    services.statistics?.start();
  }
  return services;
}

/**
 * The engine logs (message, fields); pino takes (fields, message) and would read the fields as format
 * arguments and drop them (a failure was logged as a bare "projection failed", with no projector,
 * event or error).
 */
export function engineLogger(logger: Logger): ProjectionLogger {
  return {
    info: (message, fields) => logger.info(fields ?? {}, message),
    warn: (message, fields) => logger.warn(fields ?? {}, message),
    error: (message, fields) => logger.error(fields ?? {}, message),
  };
}

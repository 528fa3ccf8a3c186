import { allocateNumbers, setMemberLimit, UNLIMITED } from '@fpa/write-model';
import { keepPlannerStatistics, needsOwnStatistics } from '@fpa/projections';
import { generate, type GeneratedCompany } from '../scripts/sim/generator.ts';
import { signIn, startBenchServer, type BenchDatabase, type BenchServer } from './context.ts';
import type { BenchOptions } from './options.ts';
import { round } from './stats.ts';

export type Tenant = GeneratedCompany & { events: number; generateEventsPerSecond: number; token(): Promise<string> };

export type SuiteContext = {
  db: BenchDatabase;
  options: BenchOptions;
  log(message: string): void;
  /** The big tenant, generated on first use (every later suite shares it). */
  tenant(): Promise<Tenant>;
  /** The gateway on a loopback port, started on first use (after the tenant's rebuild, if any). */
  server(): Promise<BenchServer>;
  /**
   * Stops the in-process gateway if it runs (a later server() starts it again): a suite that measures a
   * gateway or worker of its own keeps this one's projectors from doing the same work beside it.
   */
  stopServer(): Promise<void>;
};

export function createSuiteContext(db: BenchDatabase, options: BenchOptions, log: (message: string) => void) {
  let tenant: Promise<Tenant> | null = null;
  let server: Promise<BenchServer> | null = null;
  const context: SuiteContext & { close(): Promise<void> } = {
    db,
    options,
    log,
    tenant: () => (tenant ??= makeTenant(db, options, log, () => context.server())),
    server: () => (server ??= startBenchServer(db)),
    async stopServer() {
      const running = server;
      server = null;
      if (running) await (await running).close();
    },
    async close() {
      await context.stopServer();
    },
  };
  return context;
}

async function makeTenant(
  db: BenchDatabase,
  options: BenchOptions,
  log: (m: string) => void,
  server: () => Promise<BenchServer>,
): Promise<Tenant> {
  const before = await countEvents(db);
  const started = performance.now();
  const [company] = await generate({
    store: db.store,
    sql: db.sql,
    companies: 1,
    membersPerCompany: options.members,
    paymentsPerPolicy: options.payments,
    claimEvery: options.claimEvery,
    log,
  });
  const seconds = (performance.now() - started) / 1000;
  const events = (await countEvents(db)) - before;
  log(`generated ${events} events in ${round(seconds, 1)} s (${Math.round(events / seconds)} ev/s)`);
  await keepStatistics(db, log, 'the generated log');
  // The generator skips the per-member reservation rows (generator.ts). The bench tenant stands for an
  // Enterprise company with no member limit, and its number sequences continue after the generated ones,
  // so the commands the bench sends later (registrations, the import) are accepted as in production.
  await setMemberLimit(db.sql, company!.companyId, UNLIMITED, 'enterprise');
  await allocateNumbers(db.sql, company!.companyId, 'policy', options.members);
  if (company!.claims > 0) await allocateNumbers(db.sql, company!.companyId, 'claim', company!.claims);
  let token: Promise<string> | null = null;
  return {
    ...company!,
    events,
    generateEventsPerSecond: Math.round(events / seconds),
    token: () => (token ??= server().then(({ baseUrl }) => signIn(baseUrl, company!))),
  };
}

/**
 * Planner statistics after a bulk load: the gateway's keeper (projections/src/engine/statistics.ts) analyzes
 * the grown tables every minute where no autovacuum does (PGlite; this machine's server runs with it off),
 * and the bench's own process asks it at once after generating or projecting, so that a suite's timing does
 * not depend on where that minute falls. Without statistics a lookup of 250 streams by id was planned as a
 * scan of the whole log (1.3 M events), and the daily run at 50,000 members did not finish.
 */
export async function keepStatistics(db: BenchDatabase, log: (m: string) => void, what: string): Promise<void> {
  if (!(await needsOwnStatistics(db.sql))) return;
  const started = performance.now();
  const tables = await keepPlannerStatistics(db.sql);
  log(`planner statistics after ${what}: ${tables.length} tables analyzed in ${round((performance.now() - started) / 1000, 1)} s`);
}

async function countEvents(db: BenchDatabase): Promise<number> {
  const [row] = await db.sql.query<{ n: number }>(`select count(*)::bigint as n from es_events`);
  return Number(row!.n);
}

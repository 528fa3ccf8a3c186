/**
 * `npm run bench` (issue #11): each suite against a baseline measured in the same run, a table on
 * stdout, JSON and an SVG chart in bench/results/. See docs/performance.md.
 */
import { cpus } from 'node:os';
import { openBenchDatabase } from './context.ts';
import { parseOptions, type BenchOptions, type SuiteName } from './options.ts';
import { formatTable, writeResults, type Figure } from './report.ts';
import { createSuiteContext, type SuiteContext } from './suite.ts';
import { appendSuite, batchSuite } from './suites/append.ts';
import { collectionFilesSuite } from './suites/collection-files.ts';
import { collectionsSuite } from './suites/collections.ts';
import { notificationsSuite } from './suites/notifications.ts';
import { dailySuite } from './suites/daily.ts';
import { httpSuite } from './suites/http.ts';
import { importSuite } from './suites/import.ts';
import { papersSuite } from './suites/papers.ts';
import { queriesSuite } from './suites/queries.ts';
import { readYourWritesSuite } from './suites/read-your-writes.ts';
import { rebuildSuite } from './suites/rebuild.ts';
import { statementMatchingSuite } from './suites/statement-matching.ts';
import { webSuite } from './suites/web.ts';

/**
 * The order matters: the rebuild runs before the gateway starts (else its engine would build the read
 * models first), and the import runs after the other database suites because it adds members they would
 * then see. collection-files reads and writes no database: it times the pure file formats of issue #21.
 * collections runs last: it sets a mandate on every policy and pays a month of premiums for the whole book.
 */
const ORDER: [SuiteName, (ctx: SuiteContext) => Promise<Figure[]>][] = [
  ['rebuild', rebuildSuite],
  ['append', appendSuite],
  ['batch', batchSuite],
  ['queries', queriesSuite],
  ['papers', papersSuite],
  ['daily', dailySuite],
  ['read-your-writes', readYourWritesSuite],
  ['http', httpSuite],
  ['web', webSuite],
  ['statement-matching', statementMatchingSuite],
  ['import', importSuite],
  ['collection-files', collectionFilesSuite],
  ['collections', collectionsSuite],
  // Last: it adds a company of its own to the database.
  ['notifications', notificationsSuite],
];

/** Suites that make their own data: running only these generates no tenant. */
const NO_TENANT: readonly SuiteName[] = ['append', 'batch', 'statement-matching', 'collection-files', 'notifications'];

export type BenchRun = { figures: Figure[]; failures: string[]; paths: string[] };

export async function runBench(options: BenchOptions, log: (message: string) => void): Promise<BenchRun> {
  const startedAt = new Date().toISOString();
  const db = await openBenchDatabase(options);
  log(`database: ${db.driver}${db.url ? ` (${new URL(db.url).pathname.slice(1)})` : ''}`);
  const context = createSuiteContext(db, options, log);
  const figures: Figure[] = [];
  const failures: string[] = [];
  try {
    for (const [name, suite] of ORDER) {
      if (!options.only.includes(name)) continue;
      log(`suite ${name}`);
      try {
        figures.push(...(await suite(context)));
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        failures.push(`${name}: ${message}`);
        log(`suite ${name} FAILED: ${message}`);
        figures.push({ suite: name, metric: 'failed', value: NaN, unit: '', note: message.split('\n')[0]! });
      }
    }
    const tenant = options.only.some((s) => !NO_TENANT.includes(s)) ? await context.tenant() : null;
    const info = {
      driver: db.driver,
      startedAt,
      node: process.version,
      cpus: cpus().length,
      options: {
        ...options,
        databaseUrl: options.databaseUrl ? '(set)' : null,
        tenantEvents: tenant?.events ?? null,
        generateEventsPerSecond: tenant?.generateEventsPerSecond ?? null,
      },
    };
    const paths = writeResults(options.outDir, info, figures);
    return { figures, failures, paths };
  } finally {
    await context.close();
    await db.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = parseOptions(process.argv.slice(2));
  const log = (message: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);
  const { figures, failures, paths } = await runBench(options, log);
  process.stdout.write(`\n${formatTable(figures)}\n\n${paths.filter((p) => p.includes('latest')).join('\n')}\n`);
  process.exit(failures.length > 0 ? 1 : 0);
}

import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { allProjectors, createProjectionEngine, type ProjectionEngine } from '@fpa/projections';
import {
  createKeyring,
  createPostgresClient,
  createPostgresEventStore,
  type EventStore,
  type SqlClient,
} from '@fpa/write-model/event-store';
import { reliabilityRuns, reportFigures, reportSkipped, serverDriver, type TestDatabase, type TestDriver } from '@fpa/write-model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/sim/generator.ts';
import { seedReportsCompany } from '../reports.seed.testing.ts';
import { registration, startTestApp } from '../testing.ts';
import { startProcess, type Started } from './processes.testing.ts';
import {
  buildFromLog,
  caughtUp,
  compareChecksums,
  dropReadModels,
  readModelChecksums,
  rowCount,
  waitCaughtUp,
  type Checksums,
} from './read-models.testing.ts';

/**
 * Area 2 of the reliability suite (issue #12): exactly-once projections. A real projection worker
 * process catches up on a few thousand events from nothing, is killed with SIGKILL at a random point
 * of that catch-up, and a new one is started; once it has caught up, every read model must equal a
 * from-scratch build, row by row. Repeated from an empty read side each run.
 */
const RUNS = reliabilityRuns('projections', 50);
const AREA = '2 exactly-once projections';
const TEST = 'worker SIGKILLed mid catch-up, restarted';
const SKIP_REASON = 'needs TEST_DATABASE_URL (a PostgreSQL server): the worker is a separate process';
const WORKER_MAIN = fileURLToPath(new URL('../../../projections/src/worker/main.ts', import.meta.url));
const base = serverDriver();
if (!base) reportSkipped(AREA, TEST, 'pglite', SKIP_REASON);

describe(AREA, () => {
  let db: TestDatabase;
  let sql: SqlClient;
  let store: EventStore;
  let observer: ProjectionEngine;
  let reference: Checksums;
  let events = 0;
  const dataKey = randomBytes(32).toString('base64');
  const workers: Started[] = [];

  beforeAll(async () => {
    if (!base) return;
    // The gateway seeds a realistic book (claims, payments in every status, users) on a database
    // that outlives it: the wrapper keeps startTestApp's close from dropping it.
    const keep: TestDriver = { name: base.name, create: async () => ((db = await base.create()), { ...db, dispose: async () => {} }) };
    // Seeding is not under test here: a generous read-your-writes wait on a loaded shared machine.
    const t = await startTestApp(keep, { readYourWritesTimeoutMs: 120_000 }, { DATA_KEY: dataKey });
    try {
      const registered = (await t.request('POST', '/api/register', registration())).body;
      await seedReportsCompany(t, registered.token);
      // Bulk: members, policies and payments decided by the real deciders (the scale simulation's generator).
      await generate({
        store: t.services.store,
        sql: t.services.sql,
        companies: 2,
        membersPerCompany: 200,
        paymentsPerPolicy: 3,
        log: () => {},
      });
    } finally {
      await t.services.close();
    }
    sql = await createPostgresClient({ url: db.url!, max: 4 });
    store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, Buffer.from(dataKey, 'base64')) });
    [{ events } = { events: 0 }] = await sql.query<{ events: number }>('select count(*)::int as events from es_events');
    // The from-scratch build every run is compared with: an engine in this process, nothing killed.
    await dropReadModels(sql);
    // Never started: it only reads status (checkpoints against the head).
    observer = createProjectionEngine({ sql, store, projectors: allProjectors });
    await buildFromLog(sql, store, observer);
    reference = await readModelChecksums(sql, allProjectors);
  });
  afterAll(async () => {
    await Promise.allSettled(workers.map((w) => w.kill()));
    await store?.close();
    await sql?.close();
    await db?.dispose();
  });

  const worker = (id: string) => {
    const started = startProcess(WORKER_MAIN, {
      DATABASE_URL: db.url!,
      DATA_KEY: dataKey,
      WORKER_ID: id,
      // Short leases: the restarted worker takes the dead one's projectors over within a second.
      LEASE_TTL_MS: '1000',
      LEASE_RENEW_MS: '250',
      WORKER_PORT: 'off',
      LOG_LEVEL: 'warn',
    });
    workers.push(started);
    return started;
  };

  /** Share of the catch-up done: the projectors' checkpoints against the head, 0 before the first batch. */
  async function progress(head: number): Promise<number> {
    const [row] = await sql.query<{ done: number }>(
      'select coalesce(sum(global_position), 0)::float8 as done from public.projection_checkpoints',
    );
    return (row?.done ?? 0) / (head * allProjectors.length);
  }

  it.skipIf(!base)(
    `${RUNS} runs: every read model equals a from-scratch build (row-by-row checksums)${base ? '' : ` (skipped: ${SKIP_REASON})`}`,
    async () => {
      const startedAt = Date.now();
      const [{ head } = { head: 0 }] = await sql.query<{ head: number }>('select max(global_position)::int as head from es_events');
      const stats = { killedMidCatchUp: 0, killedBeforeFirstBatch: 0, finishedBeforeKill: 0, rowsChecked: 0 };
      const differing: Record<string, number> = {};
      let differences = 0;
      let runs = 0;
      for (let run = 0; run < RUNS; run++) {
        await dropReadModels(sql);
        const target = Math.random() * 0.95;
        const first = worker(`reliability-${run}-a`);
        // Polls the checkpoints and kills the worker once its catch-up passes the random target.
        let done: number;
        for (;;) {
          done = await progress(head);
          if (done >= target || first.child.exitCode !== null) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await first.kill();
        const complete = await caughtUp(observer);
        if (complete) stats.finishedBeforeKill += 1;
        else if (done === 0) stats.killedBeforeFirstBatch += 1;
        else stats.killedMidCatchUp += 1;

        const second = worker(`reliability-${run}-b`);
        await waitCaughtUp(observer, 180_000);
        await second.stop();
        const sums = await readModelChecksums(sql, allProjectors);
        const compared = compareChecksums(sums, reference);
        differences += compared.differences;
        for (const [table, n] of Object.entries(compared.tables)) differing[table] = (differing[table] ?? 0) + n;
        stats.rowsChecked += rowCount(sums);
        runs += 1;
      }
      reportFigures(
        {
          area: AREA,
          test: TEST,
          runs,
          checked: stats.rowsChecked,
          checkedWhat: 'read-model rows',
          differences,
          details: { events, readModelTables: reference.size, rowsPerBuild: rowCount(reference), ...stats, ...differing },
          driver: base!.name,
        },
        startedAt,
      );
      expect(differing).toEqual({});
      expect(differences).toBe(0);
      expect(runs).toBe(RUNS);
      // The kills must have landed where this area is about: in the middle of catch-ups.
      expect(stats.killedMidCatchUp).toBeGreaterThan(Math.floor(RUNS / 2));
    },
  );
});

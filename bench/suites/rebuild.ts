import { allProjectors, createProjectionEngine } from '@fpa/projections';
import type { Checkpoint } from '@fpa/write-model/event-store';
import type { Figure } from '../report.ts';
import { round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';
import { waitForHorizon } from '../horizon.ts';
import { rebuildFloor } from './rebuild-floor.ts';

const PAGE = 500; // the engine's default batch size

/**
 * Issue #11 §2: every read model rebuilt from the big tenant's log, from an empty start. The
 * baseline in the same run is reading the whole log through the port (decrypting personal fields):
 * the rebuild cannot go faster than that.
 */
export async function rebuildSuite({ db, log, tenant, options }: SuiteContext): Promise<Figure[]> {
  await tenant();
  const [{ n }] = (await db.sql.query<{ n: number }>(`select count(*)::bigint as n from es_events`)) as [{ n: number }];
  const events = Number(n);

  const waited = await waitForHorizon(db);
  if (waited > 0) log(`waited ${waited} ms for the transaction horizon to pass the log`);
  let started = performance.now();
  let after: Checkpoint | null = null;
  let read = 0;
  for (;;) {
    const page = await db.store.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    read += page.length;
    const last = page[page.length - 1]!;
    after = { txId: last.txId, globalPosition: last.globalPosition };
  }
  const readRate = read / ((performance.now() - started) / 1000);
  log(`read the log: ${read} events at ${Math.round(readRate)} ev/s`);

  if (read !== events) throw new Error(`read ${read} of ${events} events`);
  await waitForHorizon(db);
  const engine = createProjectionEngine({ sql: db.sql, store: db.store, projectors: allProjectors });
  // The projectors run side by side; when each reached the end of the log says which one a rebuild waits for.
  const [last] = await db.sql.query<{ p: number }>(`select max(global_position) as p from es_events`);
  const finished = new Map<string, number>();
  started = performance.now();
  const watch = setInterval(() => {
    void db.sql
      .query<{ projector: string; global_position: number | null }>(`select projector, global_position from projection_checkpoints`)
      .then((rows) => {
        for (const row of rows) {
          if (!finished.has(row.projector) && Number(row.global_position) >= Number(last!.p))
            finished.set(row.projector, (performance.now() - started) / 1000);
        }
      })
      .catch(() => {});
  }, 250);
  const outcome = await engine.catchUpAll().finally(() => clearInterval(watch));
  const seconds = (performance.now() - started) / 1000;
  // The last projector(s) reach the end just before catchUpAll returns, between two looks: they are
  // timed at the end of the rebuild (the watch used to leave out the one the rebuild waited for).
  for (const projector of allProjectors) if (!finished.has(projector.name)) finished.set(projector.name, seconds);
  if (outcome.failed.length > 0) throw new Error(`rebuild failed: ${JSON.stringify(outcome.failed)}`);
  await engine.stop();
  await db.sql.exec('analyze');
  const floor = await rebuildFloor(db.sql);
  const floorSeconds = floor.loadSeconds + floor.indexSeconds;
  log(
    `the read models' ${floor.rows} rows written alone: ${round(floor.loadSeconds, 2)} s with their keys, ${round(floor.indexSeconds, 2)} s for the other indexes`,
  );
  // --solo: which projector costs what, without the others running beside it (each into a new generation).
  const solo: Figure[] = [];
  if (options.solo) {
    const quiet = { info() {}, warn() {}, error() {} };
    const alone = createProjectionEngine({ sql: db.sql, store: db.store, projectors: allProjectors, logger: quiet });
    for (const projector of allProjectors) {
      const began = performance.now();
      await alone.rebuild(projector.name);
      const took = (performance.now() - began) / 1000;
      log(`rebuilt ${projector.name} alone in ${round(took, 2)} s`);
      solo.push({ suite: 'rebuild', metric: `projector ${projector.name} rebuilt alone in`, value: round(took, 2), unit: 's' });
    }
    await alone.stop();
  }
  const rate = events / seconds;
  log(`rebuilt ${allProjectors.length} read models from ${events} events in ${round(seconds, 1)} s (${Math.round(rate)} ev/s)`);
  const slowest = [...finished].sort((a, b) => b[1] - a[1]).slice(0, 4);
  log(`rebuild: slowest projectors ${slowest.map(([name, s]) => `${name} ${round(s, 1)} s`).join(', ')}`);
  return [
    ...slowest.map(
      ([name, s]): Figure => ({ suite: 'rebuild', metric: `projector ${name} reached the end after`, value: round(s, 1), unit: 's' }),
    ),
    ...solo.sort((a, b) => b.value - a.value),
    { suite: 'rebuild', metric: `read the log (${events.toLocaleString('en-US')} events)`, value: round(readRate, 0), unit: 'ev/s' },
    {
      suite: 'rebuild',
      metric: `the read models' ${floor.rows.toLocaleString('en-US')} rows written alone (INSERT … SELECT, keys, then indexes)`,
      value: round(events / floorSeconds, 0),
      unit: 'ev/s',
      ratio: { value: round(events / floorSeconds / readRate), over: 'reading the log' },
      note: `${round(floorSeconds, 1)} s of PostgreSQL without client, parsing or round trips: the writes' floor, no target`,
    },
    {
      suite: 'rebuild',
      metric: `${allProjectors.length} read models from empty`,
      value: round(rate, 0),
      unit: 'ev/s',
      ratio: { value: round(rate / readRate), over: 'reading the log' },
      target: '≥ 50,000 ev/s',
      met: db.driver === 'postgres' ? rate >= 50_000 : null,
    },
  ];
}

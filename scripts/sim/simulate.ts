/**
 * The scale simulation behind the figures of docs/scaling.md.
 *
 *   npx tsx scripts/sim/simulate.ts --companies 1000 --members 1000 [--payments 2] [--parallel 1] [--batch 50]
 *     [--generator path] [--out file.json] [--keep] [--rebuild-each] [--key-file path] [--generate-only | --reuse]
 *     [--database fpa_sim] [--event-partitions N] [--read-model-partitions N] [--company-rebuilds K [--company-parallel P]]
 *     [--skip-projectors a,b]
 *
 * Creates a database `fpa_sim` on the server in SIM_DATABASE_URL (default the local
 * postgres://postgres@127.0.0.1:5432/postgres), fills it through a generator module (default
 * ./generator.ts; any module exporting `generate(options)` such as the benchmark's), then measures:
 * event-table size, a rebuild of every read model from the log, query latencies of the screens people
 * use most, and the latency of one real command at that size. Drops the database afterwards unless --keep.
 * --rebuild-each also times each projector's rebuild on its own. --parallel N runs N generators at once
 * (companies split between them), --batch the members per append. --out is rewritten after each phase,
 * so a run cut short keeps what it measured. --generate-only fills and keeps the database (its master key
 * in --key-file, which personal fields need to be read); --reuse then measures that database again from
 * an empty read side, without generating. --database names the database (default fpa_sim).
 * --event-partitions N makes es_events hash-partitioned on company_id (npm run partition) before
 * generating. --read-model-partitions N hash-partitions the largest read-model tables (payments, policy_arrears,
 * members, policies) on company_id in N partitions for the rebuild (0, the default: one table each; with --reuse
 * the same generated log can be measured both ways). --company-rebuilds K then rebuilds K companies' read models each from its own events
 * (rebuildCompanyInScratch), P at a time, and compares them with the whole rebuild's rows.
 * --skip-projectors leaves those projectors out of every rebuild.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandContext, migrateWriteModel, registerMember } from '@fpa/write-model';
import {
  adminConnection,
  createKeyring,
  createPostgresClient,
  createPostgresEventStore,
  eventPartitions,
  migrateEventStore,
  partitionEventLog,
  readCompanyEvents,
  type Checkpoint,
  type SqlClient,
} from '@fpa/write-model/event-store';
import {
  allProjectors,
  catchUpTo,
  committedHead,
  createProjectionEngine,
  dashboardStats,
  listMembers,
  listPayments,
  listPolicies,
  listPolicyTypes,
  migrateEngineTables,
  policyArrears,
  readModelPartitions,
  rebuildCompanyInScratch,
  setReadModelPartitions,
  type CompanyRebuild,
} from '@fpa/projections';
import { argument } from '../cli-args.ts';
import type { GenerateOptions } from './generator.ts';

const companies = Number(argument('--companies') ?? 1000);
const members = Number(argument('--members') ?? 1000);
const payments = Number(argument('--payments') ?? 2);
const parallel = Number(argument('--parallel') ?? 1);
const batch = Number(argument('--batch') ?? 50);
const out = argument('--out');
const save = () => {
  if (out) writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
};
const generatorPath = resolve(argument('--generator') ?? new URL('./generator.ts', import.meta.url).pathname);
const base = process.env.SIM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = argument('--database') ?? 'fpa_sim';
if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`--database is lower-case letters, digits and underscores: ${name}`);
const eventPartitionCount = Number(argument('--event-partitions') ?? 0);
const readModelPartitionCount = Number(argument('--read-model-partitions') ?? 0);
const companyRebuilds = Number(argument('--company-rebuilds') ?? 0);
const companyParallel = Number(argument('--company-parallel') ?? 1);
const skipped = (argument('--skip-projectors') ?? '').split(',').filter(Boolean);
const unknown = skipped.filter((n) => !allProjectors.some((p) => p.name === n));
if (unknown.length > 0) throw new Error(`--skip-projectors: no projector ${unknown.join(', ')}`);
/** The projectors the rebuilds run (all but --skip-projectors). */
const projectors = allProjectors.filter((p) => !skipped.includes(p.name));
const log = (message: string) => process.stderr.write(`[${new Date().toISOString().slice(11, 19)}] ${message}\n`);

const reuse = process.argv.includes('--reuse');
const generateOnly = process.argv.includes('--generate-only');
const keyFile = argument('--key-file');
if ((reuse || generateOnly) && !keyFile) throw new Error('--reuse and --generate-only need --key-file');
const keep = generateOnly || process.argv.includes('--keep');

const admin = adminConnection(base);
if (!reuse) {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
}
const url = new URL(base);
url.pathname = `/${name}`;
const sql = await createPostgresClient({ url: url.toString(), max: 10 });
const results: Record<string, unknown> = {
  companies,
  membersPerCompany: members,
  paymentsPerPolicy: payments,
  parallel,
  batch,
  generator: generatorPath,
  projectors: projectors.map((p) => p.name),
  uptimeAtStart: loadAverage(),
};
try {
  await migrateWriteModel(sql);
  if (eventPartitionCount > 0 && !reuse) {
    await migrateEventStore(sql);
    await partitionEventLog(sql, { partitions: eventPartitionCount });
  }
  results.eventPartitions = await eventPartitions(sql);
  // Read when each read model's generation is made (the rebuild below), so set before it, every run.
  await migrateEngineTables(sql);
  await setReadModelPartitions(sql, readModelPartitionCount);
  results.readModelPartitions = await readModelPartitions(sql);
  const masterKey = reuse ? Buffer.from(readFileSync(keyFile!, 'utf8').trim(), 'base64') : randomBytes(32);
  if (keyFile && !reuse) writeFileSync(keyFile, masterKey.toString('base64'));
  const store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, masterKey) });
  const { generate } = (await import(pathToFileURL(generatorPath).href)) as { generate(options: GenerateOptions): Promise<void> };

  let started = performance.now();
  if (reuse) {
    // The read side from empty, as after an import: every projector's schemas and checkpoint dropped.
    const schemas = await sql.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 'rm\\_%'`);
    for (const { nspname } of schemas) await sql.exec(`drop schema "${nspname}" cascade`);
    await sql.exec(`drop table if exists projection_checkpoints, projection_rebuilds cascade`);
    const previous = out && existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
    if (previous.generate) results.generate = previous.generate;
  }
  const share = Math.ceil(companies / parallel);
  await Promise.all(
    Array.from({ length: reuse ? 0 : parallel }, (_, i) => ({
      firstCompany: i * share,
      count: Math.max(0, Math.min(share, companies - i * share)),
    }))
      .filter((part) => part.count > 0)
      .map((part) =>
        generate({
          store,
          sql,
          companies: part.count,
          firstCompany: part.firstCompany,
          batch,
          membersPerCompany: members,
          paymentsPerPolicy: payments,
          log,
        }),
      ),
  );
  const generateMs = performance.now() - started;
  await sql.exec('vacuum analyze');
  results.sizes = (
    await sql.query(`
    select (select count(*) from es_events)::bigint as events,
           (select count(*) from es_streams)::bigint as streams,
           (select count(*) from es_subject_keys)::bigint as subject_keys,
           -- Summed over the partitions when es_events is partitioned (the parent itself stores nothing).
           -- (pg_partition_tree has no rows for an ordinary table.)
           coalesce((select sum(pg_relation_size(relid)) from pg_partition_tree('es_events')), pg_relation_size('es_events'))::bigint
             as events_heap_bytes,
           coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree('es_events')),
                    pg_total_relation_size('es_events'))::bigint as events_total_bytes,
           coalesce((select sum(pg_indexes_size(relid)) from pg_partition_tree('es_events')), pg_indexes_size('es_events'))::bigint
             as events_index_bytes,
           pg_total_relation_size('es_subject_keys') as keys_bytes`)
  )[0];
  const events = Number((results.sizes as { events: number }).events);
  if (!reuse)
    results.generate = { ms: Math.round(generateMs), eventsPerSecond: Math.round(events / (generateMs / 1000)), load: loadAverage() };
  log(`generated ${events} events in ${Math.round(generateMs / 1000)} s`);
  save();
  if (generateOnly) process.exit(0);

  // --rebuild-each: each projector alone first, to see which one a rebuild waits for.
  if (process.argv.includes('--rebuild-each')) {
    const each: Record<string, number> = {};
    for (const projector of projectors) {
      const t = performance.now();
      const alone = await catchUpTo(createProjectionEngine({ sql, store, projectors: [projector] }), await committedHead(sql), {
        timeoutMs: 4 * 3600_000,
      });
      if (alone.failed.length > 0) throw new Error(`rebuild of ${projector.name} failed: ${JSON.stringify(alone.failed)}`);
      each[projector.name] = Math.round(performance.now() - t);
      await sql.exec(`delete from projection_checkpoints where projector = '${projector.name}'`);
    }
    results.rebuildEachMs = each;
    log(`rebuilt each projector alone: ${JSON.stringify(each)}`);
  }
  // A rebuild: every read model from an empty start, as after an import or a projector version bump.
  const engine = createProjectionEngine({ sql, store, projectors });
  started = performance.now();
  // Progress every minute (events below each projector's checkpoint), so a run cut short still shows its rate.
  const progress = setInterval(() => {
    void sql
      // Positions come from one sequence with no gaps here (nothing rolled back), so a position counts events.
      .query<{ projector: string; done: number }>(
        `select projector, coalesce(global_position, 0)::int as done from projection_checkpoints order by 2`,
      )
      .then(
        (rows) => {
          const slowest = rows[0];
          const seconds = (performance.now() - started) / 1000;
          if (slowest)
            log(
              `rebuild: slowest ${slowest.projector} at ${slowest.done}/${events} (${Math.round(slowest.done / seconds)} events/s so far)`,
            );
          results.rebuildProgress = {
            seconds: Math.round(seconds),
            projectors: Object.fromEntries(rows.map((r) => [r.projector, r.done])),
          };
          save();
        },
        () => {},
      );
  }, 60_000);
  // To the last event, not only to the horizon (another database's long transaction can hold it back).
  const rebuildHead = await committedHead(sql);
  const caught = await catchUpTo(engine, rebuildHead, { timeoutMs: 4 * 3600_000 }).finally(() => clearInterval(progress));
  const rebuildMs = performance.now() - started;
  if (caught.failed.length > 0) throw new Error(`rebuild failed: ${JSON.stringify(caught.failed)}`);
  results.rebuild = { ms: Math.round(rebuildMs), eventsPerSecond: Math.round(events / (rebuildMs / 1000)), load: loadAverage() };
  log(`rebuilt ${projectors.length} read models in ${Math.round(rebuildMs / 1000)} s`);
  save();
  await sql.exec('vacuum analyze');
  results.readModelBytes = Number(
    (
      await sql.query<{ bytes: number }>(`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname like 'rm\\_%' and c.relkind in ('r', 'm')`)
    )[0]!.bytes,
  );
  // The largest read-model tables (heap + indexes, a partitioned table's partitions summed under its name).
  results.largestReadModelTables = Object.fromEntries(
    (
      await sql.query<{ name: string; bytes: number }>(`select coalesce(parent.relname, c.relname) as name,
              sum(pg_total_relation_size(c.oid))::bigint as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         left join pg_inherits i on i.inhrelid = c.oid left join pg_class parent on parent.oid = i.inhparent
        where n.nspname like 'rm\\_%' and c.relkind = 'r' group by 1 order by 2 desc limit 10`)
    ).map((row) => [row.name, Number(row.bytes)]),
  );
  results.databaseBytes = Number((await sql.query<{ bytes: number }>(`select pg_database_size(current_database()) as bytes`))[0]!.bytes);

  results.queries = await measureQueries(sql);
  results.queriesLoad = loadAverage();
  save();
  // Before the command probes below, which add members the read models do not have (the engine is not running).
  if (companyRebuilds > 0 && rebuildHead) results.companyRebuilds = await measureCompanyRebuilds(sql, masterKey, events, rebuildHead);
  results.command = await measureCommand(sql, store);
  results.commandLoad = loadAverage();
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  save();
  await store.close();
} finally {
  await sql.close();
  if (!keep) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end({ timeout: 5 });
}

function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/**
 * K companies' read models, each rebuilt from its own events (its partition when es_events is partitioned) into
 * a scratch schema and compared with the whole rebuild's rows: one at a time, then P at a time.
 */
async function measureCompanyRebuilds(db: SqlClient, masterKey: Buffer, events: number, until: Checkpoint) {
  const keyring = await createKeyring(db, masterKey);
  const sample = (await db.query<{ id: string }>(`select id from companies order by random() limit $1`, [companyRebuilds])).map(
    (r) => r.id,
  );
  const options = { until };
  const read = (companyId: string, o: Parameters<typeof readCompanyEvents>[3]) => readCompanyEvents(db, keyring, companyId, o);
  const run = async (lanes: number) => {
    const done: CompanyRebuild[] = [];
    const queue = [...sample];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        for (let companyId = queue.shift(); companyId; companyId = queue.shift()) {
          done.push(await rebuildCompanyInScratch(db, read, projectors, companyId, { ...options, schema: `sim_company_rebuild_${lane}` }));
        }
      }),
    );
    const ms = performance.now() - started;
    const perCompany = percentiles(done.map((d) => d.ms));
    const companyEvents = done.reduce((n, d) => n + d.events, 0);
    const differing = new Map<string, number>();
    for (const d of done)
      for (const t of d.tables) if (t.differences > 0) differing.set(t.table, (differing.get(t.table) ?? 0) + t.differences);
    log(
      `${done.length} company rebuilds, ${lanes} at a time: ${Math.round(ms / 1000)} s, ${Math.round(companyEvents / (ms / 1000))} events/s`,
    );
    return {
      lanes,
      companies: done.length,
      ms: Math.round(ms),
      companyEvents,
      eventsPerSecond: Math.round(companyEvents / (ms / 1000)),
      perCompanyMs: perCompany,
      setupMsPerCompany: percentiles(done.map((d) => d.setupMs)),
      load: loadAverage(),
      differingTables: Object.fromEntries(differing),
      comparedTables: done[0]?.tables.length ?? 0,
      skippedTables: done[0]?.skipped ?? [],
      // The whole platform at this rate: every company's events (all but the platform's few).
      wholePlatformEstimateMs: Math.round((events / companyEvents) * ms),
    };
  };
  const one = await run(1);
  results.companyRebuilds = { one };
  save();
  const parallelRun = companyParallel > 1 ? await run(companyParallel) : null;
  return { one, parallel: parallelRun };
}

function percentiles(samples: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

async function measureQueries(db: SqlClient) {
  const sample = await db.query<{ company_id: string }>(`select id as company_id from companies order by random() limit 25`);
  const queries: Record<string, (companyId: string) => Promise<unknown>> = {
    dashboard: (c) => dashboardStats(db, c, new Date()),
    membersFirstPage: (c) => listMembers(db, c, { first: 20 }),
    membersSearchByName: (c) => listMembers(db, c, { first: 20, search: 'nkosi' }),
    membersSearchById: (c) => listMembers(db, c, { first: 20, search: '8001' }),
    policiesFirstPage: (c) => listPolicies(db, c, { first: 20 }),
    paymentsFirstPage: (c) => listPayments(db, c, { first: 20 }),
    arrearsFirstPage: (c) => policyArrears(db, c, { first: 20, today: new Date().toISOString().slice(0, 10) }),
    policyTypes: (c) => listPolicyTypes(db, c),
  };
  const out: Record<string, ReturnType<typeof percentiles>> = {};
  for (const [label, run] of Object.entries(queries)) {
    const samples: number[] = [];
    for (const { company_id } of sample) await run(company_id); // warm the cache once per company
    for (let round = 0; round < 4; round++) {
      for (const { company_id } of sample) {
        const t = performance.now();
        await run(company_id);
        samples.push(performance.now() - t);
      }
    }
    out[label] = percentiles(samples);
  }
  return out;
}

async function measureCommand(db: SqlClient, store: Awaited<ReturnType<typeof createPostgresEventStore>>) {
  const [company] = await db.query<{ id: string }>(`select id from companies order by random() limit 1`);
  const [type] = await db.query<{ id: string }>(`select id from policy_types where company_id = $1 limit 1`, [company!.id]);
  const [admin] = await db.query<{ user_id: string }>(`select id as user_id from user_accounts where company_id = $1 limit 1`, [
    company!.id,
  ]);
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const ctx = commandContext({ userId: admin!.user_id, role: 'administrator', companyId: company!.id });
    const t = performance.now();
    await registerMember(
      store,
      db,
      {
        firstName: 'Latency',
        lastName: `Probe${i}`,
        identifierType: 'passport',
        passportNumber: `SIMPROBE${i}`,
        isMainMember: true,
        policyTypeId: type!.id,
        phone: '0821234567',
        address: '1 Main Road',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
      },
      ctx,
    );
    samples.push(performance.now() - t);
  }
  // A command reads its streams first; with partitions that read probes every partition's (stream_id, …) index.
  const streams = await db.query<{ stream_id: string }>(`select stream_id from es_streams order by random() limit 200`);
  for (const { stream_id } of streams.slice(0, 20)) await store.readStream(stream_id); // warm up
  const reads: number[] = [];
  for (const { stream_id } of streams) {
    const t = performance.now();
    await store.readStream(stream_id);
    reads.push(performance.now() - t);
  }
  return { registerMember: percentiles(samples), readStream: percentiles(reads) };
}

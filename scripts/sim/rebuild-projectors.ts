/**
 * Rebuilds chosen projectors over a database the simulation kept (`simulate.ts --generate-only --key-file k`),
 * from an empty read side, and says what each took and how many statements its apply/applyBatch sent (issue #26):
 *
 *   npx tsx scripts/sim/rebuild-projectors.ts --database fpa_sim --key-file k [--projectors a,b] [--together]
 *
 * (or a database `npm run bench -- --keep` kept, with the key it wrote to bench/results/<database>.key). SIM_POOL sets
 * the connections of the pool (default 10); SIM_BATCH and SIM_PAGE the engine's batchSize and pageSize. It prints the
 * CPU this process and every PostgreSQL process used.
 *
 * Each projector alone, one after another, or with --together all of them in one engine (each one's time to the
 * head). Every read-model schema, the checkpoints and the outbox are dropped before each rebuild; nothing is appended.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createKeyring, createPostgresClient, createPostgresEventStore, type SqlExecutor } from '@fpa/write-model/event-store';
import { allProjectors, catchUpTo, committedHead, createProjectionEngine, type Projector } from '@fpa/projections';
import { postgresCpuSeconds } from '../../bench/proc-stat.ts';
import { argument } from '../cli-args.ts';

const name = argument('--database') ?? 'fpa_sim';
const keyFile = argument('--key-file');
if (!keyFile) throw new Error('--key-file names the master key simulate.ts --generate-only wrote');
const names = (argument('--projectors') ?? '').split(',').filter(Boolean);
const unknown = names.filter((n) => !allProjectors.some((p) => p.name === n));
if (unknown.length > 0) throw new Error(`--projectors: no projector ${unknown.join(', ')}`);
const url = new URL(process.env.SIM_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${name}`;
const sql = await createPostgresClient({ url: url.toString(), max: Number(process.env.SIM_POOL ?? 10) });
const store = await createPostgresEventStore(sql, {
  keyring: await createKeyring(sql, Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')),
});
const statements = new Map<string, number>();
const counted = (projector: string, tx: SqlExecutor): SqlExecutor => ({
  exec: (text) => (statements.set(projector, (statements.get(projector) ?? 0) + 1), tx.exec(text)),
  query: (text, params) => (statements.set(projector, (statements.get(projector) ?? 0) + 1), tx.query(text, params)),
});
const chosen: Projector[] = (names.length > 0 ? allProjectors.filter((p) => names.includes(p.name)) : allProjectors).map((p) => ({
  ...p,
  apply: (tx, event) => p.apply(counted(p.name, tx), event),
  ...(p.applyBatch
    ? {
        applyBatch: (tx: SqlExecutor, events: Parameters<NonNullable<Projector['applyBatch']>>[1]) =>
          p.applyBatch!(counted(p.name, tx), events),
      }
    : {}),
}));
const [row] = await sql.query<{ n: number }>('select count(*)::int as n from es_events');
const events = Number(row!.n);
const head = await committedHead(sql);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
try {
  for (const set of process.argv.includes('--together') ? [chosen] : chosen.map((p) => [p])) {
    for (const { nspname } of await sql.query<{ nspname: string }>(`select nspname from pg_namespace where nspname like 'rm\\_%'`))
      await sql.exec(`drop schema "${nspname}" cascade`);
    await sql.exec('drop table if exists projection_checkpoints, projection_rebuilds, notification_outbox cascade');
    statements.clear();
    const engine = createProjectionEngine({
      sql,
      store,
      projectors: set,
      ...(process.env.SIM_BATCH ? { batchSize: Number(process.env.SIM_BATCH) } : {}),
      ...(process.env.SIM_PAGE ? { pageSize: Number(process.env.SIM_PAGE) } : {}),
    });
    const started = performance.now();
    const cpu = { node: process.cpuUsage(), server: postgresCpuSeconds() };
    const reached = new Map<string, number>();
    const watch = setInterval(() => {
      void sql.query<{ projector: string; p: number | null }>('select projector, global_position as p from projection_checkpoints').then(
        (rows) => {
          for (const r of rows)
            if (!reached.has(r.projector) && head && Number(r.p) >= head.globalPosition)
              reached.set(r.projector, performance.now() - started);
        },
        () => {},
      );
    }, 250);
    const outcome = await catchUpTo(engine, head, { timeoutMs: 4 * 3600_000 }).finally(() => clearInterval(watch));
    const ms = performance.now() - started;
    const nodeCpu = process.cpuUsage(cpu.node);
    process.stdout.write(
      `CPU over ${(ms / 1000).toFixed(1)} s: this process ${((nodeCpu.user + nodeCpu.system) / 1e6).toFixed(1)} s, PostgreSQL ${(postgresCpuSeconds() - cpu.server).toFixed(1)} s\n`,
    );
    await engine.stop();
    if (outcome.failed.length > 0) throw new Error(`rebuild failed: ${JSON.stringify(outcome.failed)}`);
    for (const p of set) {
      const s = (reached.get(p.name) ?? ms) / 1000;
      const n = statements.get(p.name) ?? 0;
      process.stdout.write(
        `${p.name}${set.length > 1 ? ' (together)' : ''}: ${events} events in ${s.toFixed(1)} s = ${Math.round(events / s)} ev/s, ${n} statements; load ${load()}\n`,
      );
    }
  }
} finally {
  await store.close();
  await sql.close();
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { migrateWriteModel } from '@fpa/write-model';
import {
  createKeyring,
  createPgliteClient,
  createPostgresClient,
  createPostgresEventStore,
  adminConnection,
  type EventStore,
  type SqlClient,
} from '@fpa/write-model/event-store';
import { loadConfig } from '../api-gateway/src/config.ts';
import { createHttpServer } from '../api-gateway/src/http.ts';
import { createServices, type Services } from '../api-gateway/src/services.ts';
import { createApp } from '../api-gateway/src/yoga.ts';
import type { BenchOptions } from './options.ts';

/**
 * One benchmark database: a fresh database on the server in BENCH_DATABASE_URL (dropped at the end
 * unless --keep), else PGlite in a temporary folder. The data key is made here so the generator's
 * store and the gateway's decrypt the same personal fields.
 */
export type BenchDatabase = {
  driver: 'pglite' | 'postgres';
  /** The server database's URL (null on PGlite): peers (raw table, Emmett) connect to it themselves. */
  url: string | null;
  sql: SqlClient;
  store: EventStore;
  dataKey: string;
  dataDir: string;
  dispose(): Promise<void>;
};

export async function openBenchDatabase(options: BenchOptions): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fpa-bench-'));
  const masterKey = randomBytes(32);
  let url: string | null = null;
  let sql: SqlClient;
  let drop = async () => {};
  if (options.databaseUrl) {
    const name = `fpa_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = adminConnection(options.databaseUrl);
    await admin.unsafe(`create database ${name}`);
    await admin.end({ timeout: 5 });
    const parsed = new URL(options.databaseUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    sql = await createPostgresClient({ url, max: 20 }); // 16 writers and a few; the server is shared
    if (options.keep) {
      // A kept database is only of use with its data key (scripts/sim/rebuild-projectors.ts --key-file).
      mkdirSync(options.outDir, { recursive: true });
      writeFileSync(join(options.outDir, `${name}.key`), masterKey.toString('base64'), { mode: 0o600 });
    }
    drop = async () => {
      if (options.keep) return;
      const dropper = adminConnection(options.databaseUrl!);
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end({ timeout: 5 });
    };
  } else {
    sql = await createPgliteClient({ dataDir: join(dataDir, 'pglite') });
  }
  await migrateWriteModel(sql);
  const store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, masterKey) });
  return {
    driver: sql.driver,
    url,
    sql,
    store,
    dataKey: masterKey.toString('base64'),
    dataDir,
    async dispose() {
      await store.close();
      await sql.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The whole gateway (embedded projections) on the bench database, listening on a loopback port. */
export type BenchServer = { services: Services; baseUrl: string; close(): Promise<void> };

export async function startBenchServer(db: BenchDatabase): Promise<BenchServer> {
  const config = {
    ...loadConfig({ DATA_KEY: db.dataKey, DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' }),
    readYourWritesTimeoutMs: 30_000,
  };
  // BENCH_LOG_LEVEL=error shows the gateway's own log (e.g. the cause of a 500) on stderr.
  const services = await createServices(config, pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' }), { sql: db.sql });
  const server = createHttpServer(createApp(services), services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    services,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Everything the gateway runs (engine, outbox dispatcher, daily schedule, statistics keeper); the SQL client is
      // the bench's (createServices was given it) and stays open. Stopping the engine alone left the dispatcher
      // running: with no SMS provider configured it marked a later suite's queued messages not sent.
      await services.close();
    },
  };
}

/**
 * A JSON request against the started server; throws on a non-2xx answer (the bench measures successes).
 * `T` is the answer's shape as the caller expects it (not checked: the bench's own requests).
 */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  seen?: (headers: Headers) => void,
): Promise<T> {
  const text = await callText(baseUrl, method, path, body, token, seen);
  return (text ? JSON.parse(text) : null) as T;
}

/** The same request, its answer's text as it came (a timing that stops at the last byte, before any parse). */
export async function callText(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  seen?: (headers: Headers) => void,
): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  seen?.(response.headers);
  return text;
}

/** The durations (ms) of a Server-Timing header by name: the gateway's `command` and `read-your-writes`. */
export function serverTimings(headers: Headers): Record<string, number> {
  const timings: Record<string, number> = {};
  for (const entry of (headers.get('server-timing') ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const duration = params.map((p) => /^dur=([\d.]+)$/.exec(p.trim())?.[1]).find((v) => v !== undefined);
    if (name && duration !== undefined) timings[name] = Number(duration);
  }
  return timings;
}

/** A session token for a company's administrator, signed in on the gateway at baseUrl. */
export async function signIn(baseUrl: string, user: { username: string; password: string }): Promise<string> {
  return (await call<{ token: string }>(baseUrl, 'POST', '/api/login', { username: user.username, password: user.password })).token;
}

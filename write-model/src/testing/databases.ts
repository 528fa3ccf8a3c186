import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  createPgliteClient,
  createPostgresClient,
  pgliteClient,
  adminConnection,
  type SqlClient,
  type SqlDriverName,
} from '../event-store/sql.ts';

/**
 * The databases an integration test runs on: PGlite always, the PostgreSQL server as well when
 * TEST_DATABASE_URL is set. Each `create()` gives a fresh database (a new in-memory PGlite, or a new
 * database on the server that `dispose()` drops), empty or a copy of a template, so test files never
 * see each other.
 */
export type TestDatabase = { sql: SqlClient; url: string | null; dispose(): Promise<void> };
export type TestDriver = {
  name: SqlDriverName;
  /** A fresh database: empty, or a copy of `template` (see DatabaseTemplate). */
  create(options?: { template?: DatabaseTemplate }): Promise<TestDatabase>;
};

/**
 * What many test databases start from, made once instead of once per database: `prepare` runs on an
 * empty database (idempotent migrations, say), and each `create({ template })` then gets a copy of the
 * result (`CREATE DATABASE ... TEMPLATE` on the server, a dump of the data directory on PGlite). The
 * copy is made once per test run (TEST_RUN_ID, set by scripts/test-run.ts, vitest's global setup) and
 * shared by its test processes, or once per process without it. `name` says which template it is
 * (letters, digits, underscores); a template must not depend on anything but its code.
 */
export type DatabaseTemplate = { name: string; prepare(sql: SqlClient): Promise<void> };

/** The id vitest's global setup gives one run (scripts/test-run.ts); null outside such a run. */
function testRunId(): string | null {
  const id = process.env.TEST_RUN_ID?.trim();
  return id && /^[a-z0-9]+$/.test(id) ? id : null;
}

/** Where PGlite templates of this run are kept (the global teardown removes the folder). */
export function pgliteTemplateFolder(runId: string): string {
  return join(process.cwd(), 'node_modules', '.cache', 'fpa', `run-${runId}`);
}

/** The server's template databases of this run start with this prefix (the global teardown drops them). */
export function postgresTemplatePrefix(runId: string): string {
  return `fpa_tpl_${runId}_`;
}

function checkTemplateName(template: DatabaseTemplate): void {
  if (!/^[a-z0-9_]+$/.test(template.name)) throw new Error(`A template's name is letters, digits and underscores: ${template.name}`);
}

export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

export const pgliteDriver: TestDriver = {
  name: 'pglite',
  async create(options = {}) {
    const loadDataDir = options.template ? await preparedPgliteTemplate(options.template) : await pgliteTemplate();
    const sql = await createPgliteClient({ loadDataDir });
    return { sql, url: null, dispose: () => sql.close() };
  },
};

/** `make()` once per key in this process; a failed attempt is forgotten, so the next caller tries again. */
function once<T>(made: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let result = made.get(key);
  if (!result) {
    result = make().catch((error: unknown) => {
      made.delete(key);
      throw error;
    });
    made.set(key, result);
  }
  return result;
}

const preparedPglite = new Map<string, Promise<Blob>>();

/** The dump of a new cluster after `template.prepare`: from this run's folder, or made (and left there). */
function preparedPgliteTemplate(template: DatabaseTemplate): Promise<Blob> {
  checkTemplateName(template);
  return once(preparedPglite, template.name, () => loadOrPrepare(template));
}

async function loadOrPrepare(template: DatabaseTemplate): Promise<Blob> {
  const runId = testRunId();
  const file = runId ? join(pgliteTemplateFolder(runId), `${template.name}.tar`) : null;
  if (file && existsSync(file)) return new Blob([readFileSync(file)]);
  // Two processes may both make it; each writes under a name of its own and renames, so a reader
  // never sees half a file, and the last one's equal copy stays.
  const db = new PGlite({ loadDataDir: await pgliteTemplate() });
  await db.waitReady;
  let dump: Blob;
  try {
    await template.prepare(pgliteClient(db));
    // A checkpoint first: a copy then starts without replaying the WAL of everything prepare did.
    await db.exec('checkpoint');
    dump = await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return dump;
}

/** Removes this run's PGlite templates (the global teardown). */
export function removePgliteTemplates(runId: string): void {
  rmSync(pgliteTemplateFolder(runId), { recursive: true, force: true });
}

/**
 * A new PGlite cluster runs initdb inside WebAssembly (about 1 to 3.5 s here, the larger part of
 * creating a test database); loading a dump of a new cluster takes a third of that. The dump is made
 * once per PGlite version and machine and kept in node_modules/.cache (written under a temporary name
 * and renamed, so concurrent test processes never read half a file); every test still gets a cluster of
 * its own.
 */
let template: Promise<Blob> | null = null;

function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMakeTemplate().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

async function loadOrMakeTemplate(): Promise<Blob> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const { mtimeMs, size } = statSync(entry);
  const key = createHash('sha256').update(`${entry}:${mtimeMs}:${size}`).digest('hex').slice(0, 16);
  const folder = join(process.cwd(), 'node_modules', '.cache', 'fpa');
  const file = join(folder, `pglite-template-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = new PGlite();
  await fresh.waitReady;
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

export function postgresDriver(baseUrl: string): TestDriver {
  return {
    name: 'postgres',
    async create(options = {}) {
      // Outside a test run (no TEST_RUN_ID) the template is prepared in the new database itself.
      const runId = testRunId();
      const source = options.template && runId ? await preparedPostgresTemplate(baseUrl, runId, options.template) : null;
      const name = `fpa_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = adminConnection(baseUrl);
      try {
        await admin.unsafe(source ? `create database ${name} template ${source}` : `create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      const url = withDatabase(baseUrl, name);
      const sql = await createPostgresClient({ url, max: 25 });
      const database: TestDatabase = {
        sql,
        url,
        async dispose() {
          await sql.close();
          const dropper = adminConnection(baseUrl);
          try {
            await dropper.unsafe(`drop database if exists ${name} with (force)`);
          } finally {
            await dropper.end({ timeout: 5 });
          }
        },
      };
      if (options.template && !source) {
        try {
          await options.template.prepare(sql);
        } catch (error) {
          await database.dispose();
          throw error;
        }
      }
      return database;
    },
  };
}

const preparedPostgres = new Map<string, Promise<string>>();

/**
 * The name of this run's template database for `template` on the server: the first process to ask
 * makes it (under another name, renamed when whole, while holding an advisory lock the others wait on).
 */
function preparedPostgresTemplate(baseUrl: string, runId: string, template: DatabaseTemplate): Promise<string> {
  checkTemplateName(template);
  return once(preparedPostgres, `${baseUrl} ${template.name}`, () => makePostgresTemplate(baseUrl, runId, template));
}

async function makePostgresTemplate(baseUrl: string, runId: string, template: DatabaseTemplate): Promise<string> {
  const name = `${postgresTemplatePrefix(runId)}${template.name}`;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  // One connection: the session's advisory lock is taken and released on it.
  const admin = adminConnection(baseUrl);
  try {
    await admin`select pg_advisory_lock(hashtextextended(${name}, 0))`;
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    await admin.unsafe(`create database ${building}`);
    try {
      const sql = await createPostgresClient({ url: withDatabase(baseUrl, building), max: 4 });
      try {
        await template.prepare(sql);
      } finally {
        await sql.close();
      }
      // RENAME and, later, TEMPLATE wait (up to 5 s) for the closed connections' backends to end.
      await admin.unsafe(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.unsafe(`drop database if exists ${building} with (force)`);
      throw error;
    }
    return name;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Drops this run's template databases on the server (the global teardown). */
export async function dropPostgresTemplates(baseUrl: string, runId: string): Promise<void> {
  const admin = adminConnection(baseUrl);
  try {
    const prefix = postgresTemplatePrefix(runId);
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${prefix})`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** PGlite, plus the PostgreSQL server when TEST_DATABASE_URL is set. Use with describe.each. */
export function testDrivers(): TestDriver[] {
  const url = testDatabaseUrl();
  return url ? [pgliteDriver, postgresDriver(url)] : [pgliteDriver];
}

/** The server driver alone, or null when TEST_DATABASE_URL is not set (server-only tests skip, saying so). */
export function serverDriver(): TestDriver | null {
  const url = testDatabaseUrl();
  return url ? postgresDriver(url) : null;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { createPgliteClient, createPostgresClient, type SqlClient, type SqlDriverName } from '../event-store/sql.ts';

/**
 * The databases an integration test runs on: PGlite always, the PostgreSQL server as well when
 * TEST_DATABASE_URL is set. Each `create()` gives a fresh, empty database (a new in-memory PGlite,
 * or a new database on the server that `dispose()` drops), so test files never see each other.
 */
export type TestDatabase = { sql: SqlClient; url: string | null; dispose(): Promise<void> };
export type TestDriver = { name: SqlDriverName; create(): Promise<TestDatabase> };

export function testDatabaseUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

export const pgliteDriver: TestDriver = {
  name: 'pglite',
  async create() {
    const sql = await createPgliteClient({ loadDataDir: await pgliteTemplate() });
    return { sql, url: null, dispose: () => sql.close() };
  },
};

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
    async create() {
      const name = `fpa_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      const url = withDatabase(baseUrl, name);
      const sql = await createPostgresClient({ url, max: 25 });
      return {
        sql,
        url,
        async dispose() {
          await sql.close();
          const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
          try {
            await dropper.unsafe(`drop database if exists ${name} with (force)`);
          } finally {
            await dropper.end({ timeout: 5 });
          }
        },
      };
    },
  };
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

import { randomBytes } from 'node:crypto';
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
    const sql = await createPgliteClient();
    return { sql, url: null, dispose: () => sql.close() };
  },
};

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

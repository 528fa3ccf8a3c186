import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/**
 * The tiny SQL port every PostgreSQL-backed part of the system talks to. Two drivers implement it:
 * PGlite (embedded, the default) and `postgres` (a PostgreSQL server, chosen by DATABASE_URL).
 * Both answer with the same JS types: int8 → number, numeric → string, xid8 → string,
 * timestamptz → Date, json/jsonb → parsed value.
 */
export type Row = Record<string, unknown>;

export type SqlExecutor = {
  /** One parameterised statement ($1, $2, ...). */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (DDL). */
  exec(text: string): Promise<void>;
};

export type SqlDriverName = 'pglite' | 'postgres';

export type SqlClient = SqlExecutor & {
  readonly driver: SqlDriverName;
  /** Runs fn in one transaction (READ COMMITTED); commits when fn resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type PgliteOptions = { dataDir?: string };

/** PGlite in-process: `dataDir` persists to a folder, none keeps everything in memory. */
export async function createPgliteClient(options: PgliteOptions = {}): Promise<SqlClient> {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  const executor = (q: Pick<PGlite, 'query' | 'exec'>): SqlExecutor => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  return {
    driver: 'pglite',
    ...executor(db),
    transaction: (fn) => db.transaction((tx) => fn(executor(tx))),
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      return async () => {
        await unlisten();
      };
    },
    close: () => db.close(),
  };
}

export type PostgresOptions = { url: string; max?: number };

const INT8_OID = 20;

/** A pool of connections to a PostgreSQL server (porsager/postgres). */
export async function createPostgresClient(options: PostgresOptions): Promise<SqlClient> {
  const sql = postgres(options.url, {
    max: options.max ?? 10,
    onnotice: () => {},
    types: {
      int8: {
        to: INT8_OID,
        from: [INT8_OID],
        serialize: (value: number | bigint | string) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
  const executor = (q: postgres.Sql | postgres.TransactionSql): SqlExecutor => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const rows = await q.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await q.unsafe(text);
    },
  });
  return {
    driver: 'postgres',
    ...executor(sql),
    // Not sql.begin: postgres 3.4.9 can write BEGIN on a connection busy with pipelined queries without
    // reserving it (porsager/postgres#823, #1189: UNSAFE_TRANSACTION, or other queries running inside
    // the transaction). reserve() waits for an idle connection and reserves it before anything is sent.
    async transaction(fn) {
      const reserved = await sql.reserve();
      try {
        await reserved.unsafe('begin');
        try {
          const result = await fn(executor(reserved));
          await reserved.unsafe('commit');
          return result;
        } catch (error) {
          await reserved.unsafe('rollback').catch(() => {});
          throw error;
        }
      } finally {
        reserved.release();
      }
    },
    async listen(channel, onNotify) {
      const subscription = await sql.listen(channel, (payload) => onNotify(payload));
      return () => subscription.unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** DATABASE_URL selects the server; otherwise PGlite in dataDir (or in memory when none is given). */
export function createSqlClient(config: { databaseUrl?: string; dataDir?: string }): Promise<SqlClient> {
  return config.databaseUrl
    ? createPostgresClient({ url: config.databaseUrl })
    : createPgliteClient(config.dataDir ? { dataDir: config.dataDir } : {});
}

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
    // sql.begin, guarded. The bench found porsager/postgres#823/#1189 (BEGIN written on a connection busy
    // with pipelined queries) and moved to sql.reserve() with a manual BEGIN; but a reserved connection
    // that dies takes the process down on the next write (connection-loss.int.test.ts), which begin()'s
    // close notification lets us avoid. Kept: begin() with the guard; #823 stays open (README).
    async transaction(fn) {
      let lost: unknown = null;
      const guarded = (tx: postgres.TransactionSql): SqlExecutor => {
        const inner = executor(tx);
        // Once the connection is gone, nothing more may be written to it (see connectionLost).
        const check = <T,>(run: () => Promise<T>) => {
          if (lost) return Promise.reject(lost);
          return run().catch((error: unknown) => {
            if (connectionLost(error)) lost = error;
            throw error;
          });
        };
        return { query: (text, params) => check(() => inner.query(text, params)), exec: (text) => check(() => inner.exec(text)) };
      };
      const pending = sql.begin(async (tx) => {
        try {
          return await fn(guarded(tx));
        } catch (error) {
          // postgres.js 3.4.9 answers a failed transaction with its own ROLLBACK; on a connection
          // that has closed, that write throws an uncatchable TypeError from a setImmediate
          // (porsager/postgres#1154, #1208) that takes the process down, and the connection stays
          // wedged. So when the connection is lost the callback never settles: begin() rejects by
          // itself (it races the callback against the connection's close) and nothing is written.
          if (lost || connectionLost(error)) await new Promise<never>(() => {});
          throw error;
        }
      });
      // begin() rejects when the connection closes even with no query in flight; from then on the
      // callback's next query must be refused rather than written to the closed connection.
      pending.catch((error: unknown) => {
        if (connectionLost(error)) lost ??= error;
      });
      return (await pending) as Awaited<ReturnType<typeof fn>>;
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

/**
 * The connection under a transaction is gone: closed or destroyed (postgres.js codes), or the server
 * sent a FATAL (e.g. 57P01, terminated by an administrator) after which it always closes the socket.
 */
export function connectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED'].includes(String(code)) || severity === 'FATAL' || severity === 'PANIC';
}

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

/** One parameterised statement, to be sent later. */
export type Statement = { text: string; params: readonly unknown[] };

export type SqlDriverName = 'pglite' | 'postgres';

export type SqlClient = SqlExecutor & {
  readonly driver: SqlDriverName;
  /**
   * Runs fn in one transaction (READ COMMITTED); commits when fn resolves, rolls back when it throws.
   * `opening`, when given, is sent before any statement of fn without waiting for its answer (one
   * round trip less): if it fails, the transaction is aborted and none of fn's statements runs.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, opening?: Statement): Promise<T>;
  /** LISTEN on a channel; resolves to an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type PgliteOptions = {
  dataDir?: string;
  /** In memory, starting from this dump of a data directory (PGlite's dumpDataDir) instead of a new cluster. */
  loadDataDir?: Blob;
};

/** PGlite in-process: `dataDir` persists to a folder, none keeps everything in memory. */
export async function createPgliteClient(options: PgliteOptions = {}): Promise<SqlClient> {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await db.waitReady;
  return pgliteClient(db);
}

/** The SQL port over a PGlite instance that is ready; close() closes the instance. */
export function pgliteClient(db: PGlite): SqlClient {
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
    // In process there is no round trip to save: the opening statement is simply awaited first.
    transaction: (fn, opening) =>
      db.transaction(async (tx) => {
        if (opening) await tx.query(opening.text, opening.params as unknown[]);
        return fn(executor(tx));
      }),
    async listen(channel, onNotify) {
      const unlisten = await db.listen(channel, onNotify);
      return async () => {
        await unlisten();
      };
    },
    close: () => db.close(),
  };
}

export type PostgresOptions = {
  url: string;
  max?: number;
  /** Seconds a new connection may take before it fails (postgres.js's default: 30; the read replica's: 2). */
  connectTimeoutSeconds?: number;
};

const INT8_OID = 20;

/**
 * A statement of `query` (and a transaction's opening) is prepared on its connection and its plan kept, with parameters or without: postgres.js
 * sends a statement without parameters by the simple protocol unless told (`simple`, not in its types), which
 * parses and plans it on every call (the projection worker's head read: 140 µs of planning each time).
 * `exec` keeps the simple protocol: several statements in one text.
 */
const PREPARED = { prepare: true, simple: false } as postgres.UnsafeQueryOptions;

/**
 * Connections to a PostgreSQL server (porsager/postgres), each its own single-connection client.
 * A transaction borrows one client for itself; single statements are spread over the clients no
 * transaction holds (postgres.js pipelines them on the connection).
 * Why not one postgres.js pool: 3.4.9 sends a transaction's BEGIN as the 100th statement pipelined on
 * a busy connection without reserving that connection (porsager/postgres#823, PR #1207 still open),
 * and a socket 'drain' between two statements of a transaction hands its connection back to the pool:
 * other callers' statements then run inside that transaction, the transaction fails with
 * UNSAFE_TRANSACTION (a 500 at the bench's 100 registrations/s), or two commit as one. Its queue of
 * connections also only compacts when it empties, so under steady load every hand-over scans a
 * growing array (8% of the gateway's CPU in a bench profile). A client with one connection, lent to
 * one transaction at a time, has none of these (transaction-pool.int.test.ts).
 */
export async function createPostgresClient(options: PostgresOptions): Promise<SqlClient> {
  const sessionAttrs = targetSessionAttrs(options.url);
  const [url, socket] = postgresTarget(options.url);
  const connect = (onClose?: () => void) =>
    postgres(url, {
      max: 1,
      ...socket,
      onnotice: () => {},
      ...(onClose ? { onclose: () => onClose() } : {}),
      ...(sessionAttrs ? { target_session_attrs: sessionAttrs } : {}),
      backoff: reconnectDelaySeconds,
      ...(options.connectTimeoutSeconds ? { connect_timeout: options.connectTimeoutSeconds } : {}),
      types: {
        int8: {
          to: INT8_OID,
          from: [INT8_OID],
          serialize: (value: number | bigint | string) => String(value),
          parse: (value: string) => Number(value),
        },
      },
    });
  const connections = connectionSet(connect, options.max ?? 10);
  let listener: postgres.Sql | null = null;
  const executor = (q: postgres.Sql | postgres.TransactionSql): SqlExecutor => ({
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      const rows = await q.unsafe(text, params as postgres.ParameterOrJSON<never>[], PREPARED);
      return rows as unknown as T[];
    },
    async exec(text: string) {
      await q.unsafe(text);
    },
  });
  return {
    driver: 'postgres',
    query: (text, params) => connections.statement((client) => executor(client).query(text, params)),
    exec: (text) => connections.statement((client) => executor(client).exec(text)),
    // begin() on a borrowed client, guarded: sql.reserve() with a manual BEGIN was tried, but a
    // reserved connection that dies takes the process down on the next write
    // (connection-loss.int.test.ts), which begin()'s close notification lets us avoid.
    async transaction(fn, opening) {
      let lost: unknown = null;
      // Once the connection is gone, nothing more may be written to it (see connectionLost).
      const check = <T>(run: () => Promise<T>) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- exactly what the driver threw when the connection died
        if (lost) return Promise.reject(lost);
        return run().catch((error: unknown) => {
          if (connectionLost(error)) lost = error;
          throw error;
        });
      };
      const guarded = (tx: postgres.TransactionSql): SqlExecutor => {
        const inner = executor(tx);
        return { query: (text, params) => check(() => inner.query(text, params)), exec: (text) => check(() => inner.exec(text)) };
      };
      // begin() rejects when the connection closes even with no query in flight; from then on the
      // callback's next query must be refused rather than written to the connection (which the
      // client reconnects for its next user), so that is noted before the client is lent again.
      const pending = connections.borrow((client, abandoned) =>
        client
          .begin(async (tx) => {
            // Refused by the connection set (its connection closed under it, see connectionSet): a BEGIN
            // that a reconnect carried out after that must not run the callback.
            if (abandoned()) throw abandonedError();
            try {
              if (!opening) return await fn(guarded(tx));
              // execute() hands the statement to the connection now, before fn can make another:
              // postgres.js sends a transaction's statements in that order, pipelined.
              const opened = check(() => tx.unsafe(opening.text, opening.params as postgres.ParameterOrJSON<never>[], PREPARED).execute());
              const [, result] = await Promise.all([opened, fn(guarded(tx))]);
              return result;
            } catch (error) {
              // postgres.js 3.4.9 answers a failed transaction with its own ROLLBACK; on a connection
              // that has closed, that write throws an uncatchable TypeError from a setImmediate
              // (porsager/postgres#1154, #1208) that takes the process down, and the connection stays
              // wedged. So when the connection is lost the callback never settles: begin() rejects by
              // itself (it races the callback against the connection's close) and nothing is written.
              if (lost || connectionLost(error)) await new Promise<never>(() => {});
              throw error;
            }
          })
          .catch((error: unknown) => {
            if (connectionLost(error)) lost ??= error;
            throw error;
          }),
      );
      return (await pending) as Awaited<ReturnType<typeof fn>>;
    },
    async listen(channel, onNotify) {
      listener ??= connect();
      const subscription = await listener.listen(channel, (payload) => onNotify(payload));
      return () => subscription.unlisten();
    },
    close: async () => {
      await Promise.all([connections.end(5), listener?.end({ timeout: 5 })]);
    },
  };
}

type Op = { abandon: (error: Error) => void; abandoned: boolean };
/** A client and what runs on it now (`ops`: its statements, or the transaction it is lent to). */
type Slot = { client: postgres.Sql; lent: boolean; drained: (() => void) | null; ops: Set<Op> };

/** What a statement or transaction refused by the connection set rejects with (connectionLost counts it). */
function abandonedError(): Error {
  return Object.assign(new Error('The connection to the database closed under this statement, which was not answered.'), {
    code: 'CONNECTION_CLOSED',
  });
}

/**
 * Up to `size` single-connection clients, made on first need. A transaction borrows a client no
 * transaction holds (an idle one first), or waits for one, first come first served, and starts once
 * the statements already sent on it have answered. A single statement goes to the least busy client
 * no transaction holds, or waits for the next one given back, and goes ahead of the waiting
 * transactions on it.
 *
 * A client whose connection closes with a statement of ours still unanswered once postgres.js has
 * rejected what it rejects on a close is retired: those statements are refused (CONNECTION_CLOSED),
 * the client is ended, and the slot gets a new one. postgres.js 3.4.9 leaves such a statement unanswered
 * for ever: when the socket fails (ECONNRESET) with nothing in flight it rejects nothing, and a
 * statement written to it before its close is not rejected at the close either (that close follows an
 * error); after the reconnect it would take the answer of the connection's next statement. This is how
 * a projector's failure report stopped it for good in the failover test (connection-loss.int.test.ts).
 */
function connectionSet(connect: (onClose: () => void) => postgres.Sql, size: number) {
  const slots: Slot[] = [];
  const borrowers: ((slot: Slot) => void)[] = [];
  const statements: ((slot: Slot) => void)[] = [];

  const clientFor = (slot: Slot): postgres.Sql => {
    const client: postgres.Sql = connect(() => {
      // Looked at once the close's rejections have settled (promise callbacks run before this). What
      // was sent since the close waits for the reconnect, unless something from before is stranded
      // ahead of it.
      const atClose = [...slot.ops];
      setImmediate(() => {
        if (slot.client !== client || !atClose.some((op) => slot.ops.has(op))) return;
        slot.client = clientFor(slot);
        for (const op of slot.ops) {
          op.abandoned = true;
          op.abandon(abandonedError());
        }
        client.end({ timeout: 0 }).catch(() => undefined);
      });
    });
    return client;
  };
  const made = (): Slot | null => {
    if (slots.length >= size) return null;
    const slot: Slot = { client: null as unknown as postgres.Sql, lent: false, drained: null, ops: new Set() };
    slot.client = clientFor(slot);
    slots.push(slot);
    return slot;
  };
  const leastBusy = (): Slot | null => {
    let best: Slot | null = null;
    for (const slot of slots) if (!slot.lent && (!best || slot.ops.size < best.ops.size)) best = slot;
    return best;
  };
  const run = async <T>(slot: Slot, fn: (client: postgres.Sql, abandoned: () => boolean) => Promise<T>): Promise<T> => {
    const op: Op = { abandon: () => {}, abandoned: false };
    const refused = new Promise<never>((_, reject) => (op.abandon = reject));
    slot.ops.add(op);
    try {
      return await Promise.race([fn(slot.client, () => op.abandoned), refused]);
    } finally {
      slot.ops.delete(op);
      if (slot.ops.size === 0) slot.drained?.();
    }
  };
  const giveBack = (slot: Slot) => {
    slot.lent = false;
    for (const start of statements.splice(0)) start(slot);
    const next = borrowers.shift();
    if (next) {
      slot.lent = true;
      next(slot);
    }
  };

  return {
    statement<T>(fn: (client: postgres.Sql) => Promise<T>): Promise<T> {
      let slot = leastBusy();
      if (!slot || slot.ops.size > 0) slot = made() ?? slot;
      if (slot) return run(slot, fn);
      return new Promise<Slot>((resolve) => statements.push(resolve)).then((given) => run(given, fn));
    },
    async borrow<T>(fn: (client: postgres.Sql, abandoned: () => boolean) => Promise<T>): Promise<T> {
      let slot = slots.find((s) => !s.lent && s.ops.size === 0) ?? made() ?? leastBusy();
      if (slot) slot.lent = true;
      else slot = await new Promise<Slot>((resolve) => borrowers.push(resolve));
      // BEGIN must be the only statement on the connection: postgres.js skips the transaction's
      // bookkeeping for a BEGIN pipelined behind others (begin() then fails reading its connection).
      if (slot.ops.size > 0) await new Promise<void>((resolve) => (slot.drained = resolve));
      slot.drained = null;
      try {
        return await run(slot, fn);
      } finally {
        giveBack(slot);
      }
    },
    end: (timeout: number) => Promise.all(slots.map((slot) => slot.client.end({ timeout }))),
  };
}

/** DATABASE_URL selects the server; otherwise PGlite in dataDir (or in memory when none is given). */
export function createSqlClient(config: { databaseUrl?: string; dataDir?: string }): Promise<SqlClient> {
  return config.databaseUrl
    ? createPostgresClient({ url: config.databaseUrl })
    : createPgliteClient(config.dataDir ? { dataDir: config.dataDir } : {});
}

/**
 * A multi-host DATABASE_URL (`postgres://h1:5432,h2:5432/db?target_session_attrs=read-write`, issue
 * #28) names every node of a failover pair: each new connection tries them in turn and keeps the one
 * that takes writes, so after a failover the replaced connections find the new primary. postgres.js
 * 3.4 reads `read-write` from default_transaction_read_only alone, which a hot standby reports as
 * off (its transaction_read_only is on): it would keep a connection to the standby, whose writes fail
 * with 25006. A standby is what read-write must skip, so read-write is asked of postgres.js as
 * `primary` (in_hot_standby off), which is what libpq's read-write means on these servers.
 */
export function targetSessionAttrs(url: string): 'primary' | null {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const wanted = query?.get('target_session_attrs');
  return wanted === 'read-write' || wanted === 'primary' ? 'primary' : null;
}

/** Whether a database error carries this SQLSTATE (both drivers put it in `code`). */
export function isSqlState(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * libpq's `host=/directory` in the URL's query (`postgres://user@localhost/db?host=/var/run/postgresql`):
 * the server's Unix socket in that directory, named for the URL's port, and the URL without the parameter
 * (postgres.js would send it to the server as a setting). Null for a TCP URL. A round trip through the
 * socket costs the client about a third less CPU than through TCP on loopback (docs/performance.md).
 */
export function unixSocket(url: string): { url: string; path: string } | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const query = new URLSearchParams(url.slice(at + 1));
  const directory = query.get('host');
  if (!directory?.startsWith('/')) return null;
  query.delete('host');
  const port = /^[a-z]+:\/\/[^/?]*:(\d+)(?:[/?]|$)/i.exec(url)?.[1] ?? '5432';
  const rest = query.toString();
  return { url: `${url.slice(0, at)}${rest ? `?${rest}` : ''}`, path: `${directory.replace(/\/+$/, '')}/.s.PGSQL.${port}` };
}

/** postgres.js's URL and socket path for a URL. */
function postgresTarget(url: string): [string, { path?: string }] {
  const socket = unixSocket(url);
  return socket ? [socket.url, { path: socket.path }] : [url, {}];
}

/**
 * One plain postgres.js connection for administration beside the SQL port (creating and dropping
 * databases in tests, the bench and the simulation), through the Unix socket when the URL names one.
 */
export function adminConnection(url: string): postgres.Sql {
  const [target, socket] = postgresTarget(url);
  return postgres(target, { max: 1, onnotice: () => {}, ...socket });
}

/**
 * Seconds before a connection's next attempt after `retries` failed ones. postgres.js waits up to
 * 3^n/100 s (capped at 20 s): after a dozen refused attempts during a failover, a connection would
 * still wait up to 20 s once the new primary takes writes (commands were accepted again 18 s after the
 * kill instead of 10 in the failover test). Here the wait doubles from 50 ms to at most 1 s.
 */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(1, 0.05 * 2 ** retries);
}

/**
 * The database cannot take the statement now, and the same request may succeed in a few seconds: the
 * connection was lost or refused, the server is shutting down or starting (57P01-57P03), a connection
 * exception (class 08), or the server answering is a standby (25006: a primary demoted under the
 * connection). What a failover looks like from the client. A command that failed so may or may not
 * have committed: sent again with the same command id it is done once (es_append's command claim).
 */
export function databaseUnavailable(error: unknown): boolean {
  if (connectionLost(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code);
  return (
    // A socket that failed under a connection is connectionLost's (SOCKET_FAILURES); these fail it before it opens.
    ['CONNECT_TIMEOUT', 'ECONNREFUSED'].includes(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '25006'].includes(code)
  );
}

/**
 * The connection under a transaction is gone: closed or destroyed (postgres.js codes), or the server
 * sent a FATAL (e.g. 57P01, terminated by an administrator) after which it always closes the socket.
 */
export function connectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return (
    ['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', ...SOCKET_FAILURES].includes(String(code)) ||
    severity === 'FATAL' ||
    severity === 'PANIC'
  );
}

/**
 * The socket under a connection failed (a reset when the server's machine dies, a broken pipe, a
 * timeout): the socket's error comes before its close, and postgres.js, told of a failed query in
 * between, would write the transaction's ROLLBACK to that connection, where it stays queued across
 * the reconnect and takes the answer of the next statement, which then waits for ever (the failover
 * test's stopped projector; connection-loss.int.test.ts resets a connection through a proxy).
 */
const SOCKET_FAILURES = ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH'];

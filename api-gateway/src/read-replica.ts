import { connectionLost, createPostgresClient, type SqlClient, type SqlExecutor, type Statement } from '@fpa/write-model/event-store';
import type { Logger } from 'pino';

/**
 * The read replica (READ_DATABASE_URL, issue #28 §1): a PostgreSQL streaming replica of DATABASE_URL
 * that the gateway's queries read (read models, lists, reports, GraphQL queries, REST GETs), while
 * commands, the event log, sessions, sign-in and the workers write to and read from the primary.
 *
 * Read-your-writes holds through it: after a command's projections have passed its events
 * (commands/consistency.ts), the primary's WAL position is taken (`pg_current_wal_lsn()`, read after
 * the checkpoint commit, so an upper bound of everything the command made visible) and the request
 * waits, within what is left of READ_YOUR_WRITES_TIMEOUT_MS, until the replica has replayed past it
 * (`pg_last_wal_replay_lsn()`). A wait that runs out sends that request's reads to the primary, and
 * the position becomes a floor: any later request of this process reads the primary until the
 * replica has replayed past it. A replica that is down or fails a read sends the read to the primary
 * (said once in the log), and is tried again after RETRY_MS.
 */

/** How long a replica that failed is left alone before it is tried again. */
const RETRY_MS = 5_000;
/** How often the replay position is asked while a request waits on it. */
const POLL_MS = 2;
/** The waits kept for figures: the latest ones only, so a long-running server does not grow. */
const KEPT_WAITS = 10_000;

/** Per request: whether its reads must go to the primary (a wait on the replica ran out). */
export type ReadChoice = { primary: boolean };

export type ReplicaStats = {
  /** Statements and transactions read on the replica. */
  replicaReads: number;
  /**
   * Reads sent to the primary instead, by reason: the request reads the primary (its wait ran out or
   * the replica was down when it waited, a command's own checks, a command that appended nothing;
   * counted per client handed out), the replica had not replayed a write whose wait ran out, it was
   * down, or the read failed on it.
   */
  fallbacks: { request: number; behind: number; down: number; failed: number };
  /** Milliseconds each command's request waited for the replica to replay its commit (caught up; the latest 10,000). */
  waits: number[];
  /** Waits that ran out (that request read the primary). */
  timeouts: number;
};

export type ReadReplica = {
  readonly stats: ReplicaStats;
  /** The client a request's reads go through: the replica when it may, else the primary. */
  client(choice: ReadChoice): SqlClient;
  /**
   * After a command's projections reached its events: waits (up to timeoutMs) until the replica has
   * replayed the primary's current WAL position; when it has not, the request's reads go to the primary.
   */
  afterWrite(choice: ReadChoice, timeoutMs: number): Promise<void>;
  /** For /healthz: where reads go now (the replica asked for its replay position), and the counts since the start. */
  health(): Promise<ReplicaHealth>;
  close(): Promise<void>;
};

export type ReplicaHealth = {
  /** 'replica' when it answers as a streaming replica; 'primary' while it is down (tried again every few seconds). */
  readsGoTo: 'replica' | 'primary';
  replicaReads: number;
  fallbacks: ReplicaStats['fallbacks'];
  waitTimeouts: number;
};

/** A WAL position ('16/B374D848') as a number that compares (bigint). */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createReadReplica(options: { primary: SqlClient; url: string; logger: Logger; replica?: SqlClient }): Promise<ReadReplica> {
  return (options.replica ? Promise.resolve(options.replica) : createPostgresClient({ url: options.url, connectTimeoutSeconds: 2 })).then(
    (replica) => readReplica(options.primary, replica, options.logger),
  );
}

function readReplica(primary: SqlClient, replica: SqlClient, logger: Logger): ReadReplica {
  const stats: ReplicaStats = { replicaReads: 0, fallbacks: { request: 0, behind: 0, down: 0, failed: 0 }, waits: [], timeouts: 0 };
  /** The replica is not tried before this time (ms since the epoch) after it failed. */
  let downUntil = 0;
  /** Said in the log once per outage. */
  let saidDown = false;
  /** What a read on the replica must see: the WAL position of the latest write whose wait ran out. */
  let floor = 0n;
  /** The replica's replay position as last seen. */
  let replayed = 0n;

  function failed(error: unknown): void {
    downUntil = Date.now() + RETRY_MS;
    if (saidDown) return;
    saidDown = true;
    logger.warn(
      { err: error instanceof Error ? error.message : String(error), retryInMs: RETRY_MS },
      'read replica unavailable: reads go to the primary',
    );
  }

  /** The replica's replay position, or null when it cannot be asked or is not a replica. */
  async function replayPosition(): Promise<bigint | null> {
    try {
      const [row] = await replica.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      if (!row?.lsn) {
        failed(new Error('READ_DATABASE_URL is not in recovery (not a streaming replica)'));
        return null;
      }
      const position = lsnValue(row.lsn);
      if (position > replayed) replayed = position;
      if (saidDown) {
        saidDown = false;
        logger.info('read replica answers again: reads go to it');
      }
      return position;
    } catch (error) {
      failed(error);
      return null;
    }
  }

  /** Whether this read may go to the replica now. */
  async function replicaUsable(): Promise<boolean> {
    if (Date.now() < downUntil) {
      stats.fallbacks.down++;
      return false;
    }
    if (floor <= replayed) return true;
    const position = await replayPosition();
    if (position === null) {
      stats.fallbacks.down++;
      return false;
    }
    if (position < floor) {
      stats.fallbacks.behind++;
      return false;
    }
    return true;
  }

  /** Runs a read on the replica when usable, else (or when it fails there) on the primary. */
  async function routed<T>(read: (client: SqlClient) => Promise<T>): Promise<T> {
    if (!(await replicaUsable())) return read(primary);
    try {
      const result = await read(replica);
      stats.replicaReads++;
      return result;
    } catch (error) {
      // A read is safe to repeat: whatever failed on the replica (its connection, a recovery
      // conflict, a statement it refuses) is read on the primary, which gives the real error if any.
      stats.fallbacks.failed++;
      if (connectionLost(error) || isUnreachable(error)) failed(error);
      else
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'a read failed on the replica: read on the primary');
      return read(primary);
    }
  }

  const routedClient: SqlClient = {
    driver: primary.driver,
    query: (text, params) => routed((client) => client.query(text, params)),
    exec: (text) => routed((client) => client.exec(text)),
    transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>, opening?: Statement) => routed((client) => client.transaction(fn, opening)),
    listen: (channel, onNotify) => primary.listen(channel, onNotify),
    close: async () => {},
  };

  return {
    stats,
    client(choice) {
      if (!choice.primary) return routedClient;
      stats.fallbacks.request++;
      return primary;
    },
    async afterWrite(choice, timeoutMs) {
      const [row] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const target = lsnValue(row!.lsn);
      // Reads elsewhere in this process must not see the replica before it has this write either.
      const readPrimary = () => {
        if (target > floor) floor = target;
        choice.primary = true;
      };
      if (choice.primary) return readPrimary();
      const started = Date.now();
      if (started < downUntil) return readPrimary();
      for (;;) {
        if (replayed >= target) {
          if (stats.waits.length >= KEPT_WAITS) stats.waits.splice(0, stats.waits.length - KEPT_WAITS + 1);
          stats.waits.push(Date.now() - started);
          return;
        }
        const position = await replayPosition();
        if (position === null) return readPrimary();
        if (position >= target) continue;
        if (Date.now() - started >= timeoutMs) {
          stats.timeouts++;
          logger.warn(
            { target: row!.lsn, waitedMs: Date.now() - started },
            'the replica did not replay a command in time: read on the primary',
          );
          return readPrimary();
        }
        await sleep(POLL_MS);
      }
    },
    async health() {
      const usable = Date.now() >= downUntil && (await replayPosition()) !== null;
      return {
        readsGoTo: usable ? 'replica' : 'primary',
        replicaReads: stats.replicaReads,
        fallbacks: { ...stats.fallbacks },
        waitTimeouts: stats.timeouts,
      };
    },
    close: () => replica.close(),
  };
}

/** The replica's address answers nothing (refused, unknown host, timed out): postgres.js passes the socket's error on. */
function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'CONNECT_TIMEOUT', 'EAI_AGAIN'].includes(String(code));
}

/** The client a request's reads go through: the replica's router when there is one, else the primary. */
export function readClient(services: { sql: SqlClient; replica: ReadReplica | null }, choice: ReadChoice): SqlClient {
  return services.replica ? services.replica.client(choice) : services.sql;
}

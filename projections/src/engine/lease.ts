import type { SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import type { ProjectionLogger } from './types.ts';

/**
 * Which worker runs which projector, when several projection workers share one database.
 *
 * Why a lease table and not a session advisory lock: the engine's advisory lock is transaction-scoped
 * (pg_try_advisory_xact_lock per batch) and, with the compare-and-set on the checkpoint, it is what
 * keeps a batch from being applied twice; it stays. What it does not do is assign work: every engine
 * would read every projector's events and race for every batch. A session-level lock could assign
 * work, but it belongs to one pooled connection (our SQL port hands statements to any connection of
 * the pool, and a transaction-pooling PgBouncer breaks it altogether), and it is released only when
 * the server notices the connection is gone: at once for a killed process on a live host, after the
 * TCP keepalive timeout (two hours by default) for a host that vanished. A lease row (owner,
 * expires_at, renewed every renewMs) works through any pool, expires after a bounded ttl whatever
 * happened to its owner, and is visible: `select * from projection_leases` tells who runs what.
 *
 * A lease is an assignment, not the safety: a worker that stalls past its lease (a GC pause, a
 * network partition) and then finishes a batch still goes through the advisory lock and the
 * compare-and-set, so the worst it does is waste that batch.
 *
 * Sharing: workers heartbeat in projection_workers; each takes at most ceil(projectors / live
 * workers) leases and gives back any surplus, so a new worker gets its share within one renewal and
 * a dead worker's projectors are taken over within ttl + renewMs.
 */
export type LeaseOptions = {
  /** This worker's name: unique among the workers sharing the database (host:pid by default). */
  owner: string;
  /** How long a lease lasts without renewal (default 15 s). */
  ttlMs?: number;
  /** How often leases are renewed and free ones taken (default ttl / 3). */
  renewMs?: number;
};

export type LeaseManager = {
  start(): Promise<void>;
  /** Stops renewing and hands the leases back, so another worker takes over at once. */
  stop(): Promise<void>;
  holds(name: string): boolean;
  held(): string[];
  /** One renewal round now (start runs one; tests and health checks may too). */
  tick(): Promise<void>;
  /** When the last renewal round succeeded (ms since the epoch), 0 before the first. */
  lastRenewedAt(): number;
};

export async function migrateLeaseTables(tx: SqlExecutor): Promise<void> {
  await tx.exec(`
    create table if not exists public.projection_leases (
      projector text primary key,
      owner text not null,
      expires_at timestamptz not null,
      acquired_at timestamptz not null default now()
    );
    create table if not exists public.projection_workers (
      owner text primary key,
      started_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
  `);
}

export function createLeaseManager(args: {
  sql: SqlClient;
  projectors: readonly string[];
  options: LeaseOptions;
  logger: ProjectionLogger;
  /** Called for each projector this worker has just taken. */
  onAcquired(name: string): void;
}): LeaseManager {
  const { sql, projectors, logger } = args;
  const { owner } = args.options;
  const ttlMs = args.options.ttlMs ?? 15_000;
  const renewMs = args.options.renewMs ?? Math.max(100, Math.floor(ttlMs / 3));
  if (!(renewMs < ttlMs)) throw new Error('The lease renewal interval must be shorter than its ttl.');
  const ttl = `${ttlMs} milliseconds`;
  let held = new Set<string>();
  // Held leases count only until this local deadline: if renewals fail (the database is unreachable)
  // this worker stops before another may take them. Measured from before the round started.
  let validUntil = 0;
  let renewedAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function round(): Promise<void> {
    const startedAt = Date.now();
    await sql.query(
      `insert into public.projection_workers (owner, expires_at) values ($1, now() + $2::interval)
       on conflict (owner) do update set expires_at = excluded.expires_at`,
      [owner, ttl],
    );
    await sql.query(`delete from public.projection_workers where expires_at < now() - interval '1 day'`);
    const [workers] = await sql.query<{ n: number }>(`select count(*)::int as n from public.projection_workers where expires_at > now()`);
    const share = Math.ceil(projectors.length / Math.max(1, workers?.n ?? 1));
    const renewed = await sql.query<{ projector: string }>(
      `update public.projection_leases set expires_at = now() + $2::interval
        where owner = $1 and projector = any($3::text[]) returning projector`,
      [owner, ttl, projectors],
    );
    const now = new Set(renewed.map((r) => r.projector).sort());
    for (const name of held) if (!now.has(name)) logger.warn('projection lease lost', { projector: name, owner });

    if (now.size > share) {
      // Keep the first `share` in name order; every worker sorts the same way, so hand-overs settle.
      const surplus = [...now].slice(share);
      await sql.query(`delete from public.projection_leases where owner = $1 and projector = any($2::text[])`, [owner, surplus]);
      for (const name of surplus) now.delete(name);
      logger.info('projection leases handed over', { owner, projectors: surplus });
    } else if (now.size < share) {
      const taken = await sql.query<{ projector: string }>(
        `with free as (
           select p.name from unnest($3::text[]) as p(name)
             left join public.projection_leases l on l.projector = p.name
            where l.projector is null or l.expires_at <= now()
            order by random() limit $4
         )
         insert into public.projection_leases (projector, owner, expires_at)
         select name, $1, now() + $2::interval from free
         on conflict (projector) do update set owner = excluded.owner, expires_at = excluded.expires_at, acquired_at = now()
           where projection_leases.expires_at <= now()
         returning projector`,
        [owner, ttl, projectors, share - now.size],
      );
      for (const { projector } of taken) {
        now.add(projector);
        logger.info('projection lease taken', { projector, owner });
      }
    }
    // Leases of projectors this code does not know (removed ones) are left to expire on their own.
    const fresh = [...now].filter((name) => !held.has(name));
    held = now;
    validUntil = startedAt + ttlMs;
    renewedAt = Date.now();
    if (!stopped) for (const name of fresh) args.onAcquired(name);
  }

  async function tick(): Promise<void> {
    // One round at a time: a slow database must not stack them.
    running ??= round()
      .catch((error: unknown) => {
        logger.error('projection lease renewal failed', { owner, error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        running = null;
      });
    await running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().then(schedule);
    }, renewMs);
  }

  return {
    async start() {
      stopped = false;
      await tick();
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      held = new Set();
      validUntil = 0;
      try {
        await sql.query(`delete from public.projection_leases where owner = $1`, [owner]);
        await sql.query(`delete from public.projection_workers where owner = $1`, [owner]);
      } catch (error) {
        logger.warn('could not hand the projection leases back; they expire by themselves', { owner, error: String(error) });
      }
    },
    holds: (name) => held.has(name) && Date.now() < validUntil,
    held: () => (Date.now() < validUntil ? [...held] : []),
    tick,
    lastRenewedAt: () => renewedAt,
  };
}

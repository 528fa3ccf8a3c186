import type { BenchDatabase } from './context.ts';

/**
 * Waits until every event in the log is below the transaction horizon, i.e. readable by a subscriber.
 * On a PostgreSQL server the horizon is cluster-wide: a transaction open in ANY database (another
 * application's, or a neighbour's on a shared machine) holds it back, so a read of the log started
 * too early would see only part of it. Returns the milliseconds waited (reported, not hidden).
 */
export async function waitForHorizon(db: BenchDatabase, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const [row] = await db.sql.query<{ behind: boolean }>(
      `select exists (select 1 from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as behind`,
    );
    if (!row?.behind) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs) throw new Error('the transaction horizon did not pass the log within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

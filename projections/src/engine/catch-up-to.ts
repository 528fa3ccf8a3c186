import type { Checkpoint, SqlExecutor } from '@fpa/write-model/event-store';
import type { CatchUpResult, ProjectionEngine } from './types.ts';

/**
 * The last committed event, horizon or not. catchUpAll only reads below the store's horizon (the
 * oldest transaction still running anywhere in the cluster), so on a busy server a catch-up can end
 * before events that are already committed; callers that must see them wait for this checkpoint.
 */
export async function committedHead(sql: SqlExecutor): Promise<Checkpoint | null> {
  const [row] = await sql.query<{ tx_id: string; global_position: number }>(
    `select transaction_id::text as tx_id, global_position from es_events order by transaction_id desc, global_position desc limit 1`,
  );
  return row ? { txId: row.tx_id, globalPosition: Number(row.global_position) } : null;
}

/**
 * Catch every projector up until the target is reached. Fails loudly, naming the target, when it is
 * not reached in time: a silent early return made callers read read models that were still behind.
 */
export async function catchUpTo(
  engine: ProjectionEngine,
  target: Checkpoint | null,
  options: { timeoutMs?: number } = {},
): Promise<CatchUpResult> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const result = await engine.catchUpAll();
    if (result.failed.length > 0 || !target) return result;
    if ((await engine.waitFor(target, { timeoutMs: 0 })).reached) return result;
    if (Date.now() > deadline) {
      throw new Error(
        `read models did not reach ${target.txId}/${target.globalPosition} in time (a long transaction elsewhere on the server holds the horizon back)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

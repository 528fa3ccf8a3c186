import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';

/**
 * For the *-batch.int tests, which check that a projector's applyBatch leaves exactly what apply leaves
 * event by event: `fn` runs in one transaction against the projector's tables in a schema of their own
 * (made afresh unless `keep`, when a later batch goes on where the previous one stopped).
 */
export async function inSchema(
  sql: SqlClient,
  projector: { init(tx: SqlExecutor): Promise<void> },
  schema: string,
  fn: (tx: SqlExecutor) => Promise<void>,
  keep = false,
): Promise<void> {
  if (!keep) await sql.exec(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
  await sql.transaction(async (tx) => {
    await tx.exec(`set local search_path to "${schema}", public`);
    if (!keep) await projector.init(tx);
    await fn(tx);
  });
}

/** Every row of the tables in the schema, ordered by their first two columns, to compare two schemas. */
export async function schemaRows(
  sql: SqlClient,
  schema: string,
  tables: readonly string[],
): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) out[table] = await sql.query(`select * from "${schema}".${table} order by 1, 2`);
  return out;
}

/**
 * The event at `index` of a hand-made log: the next position and transaction, a stream of its own, recorded
 * `stepMs` after the one before it from `startMs`, its company (metadata) the one its data names.
 */
export function loggedEvent(
  index: number,
  type: string,
  data: Record<string, unknown>,
  time: { startMs: number; stepMs: number },
): RecordedEvent {
  return {
    globalPosition: index + 1,
    txId: String(index + 1),
    streamId: `s-${index}`,
    streamVersion: 1,
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      companyId: (data.companyId as string | undefined) ?? null,
      actorUserId: randomUUID(),
      commandId: null,
      correlationId: randomUUID(),
      causationId: null,
      schemaVersion: 1,
    },
    recordedAt: new Date(time.startMs + index * time.stepMs),
  };
}

import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { expect } from 'vitest';

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

/** A projector as the *-batch.int tests drive it: its tables' init and its applyBatch. */
type BatchProjector = {
  init(tx: SqlExecutor): Promise<void>;
  applyBatch?: (tx: SqlExecutor, events: never[]) => Promise<void>;
};

/**
 * Applies `events` through applyBatch in random batch sizes, one transaction per batch as the engine
 * does, `trials` times (default 2) into schemas of their own (`<prefix>_batch_<trial>`), and expects
 * each schema's rows to equal `expected`, what apply left event by event; a failure names the sizes.
 * The size is 1 a fifth of the time, else 2 up to `maxSize` (default 121), unless `size` is given.
 */
export async function expectBatchesMatchApply(
  sql: SqlClient,
  projector: BatchProjector,
  events: readonly RecordedEvent[],
  check: {
    random: () => number;
    expected: unknown;
    rows: (schema: string) => Promise<unknown>;
    label: string;
    prefix?: string;
    trials?: number;
    maxSize?: number;
    size?: (random: () => number) => number;
  },
): Promise<void> {
  const { random, maxSize = 121 } = check;
  const size = check.size ?? ((r: () => number) => (r() < 0.2 ? 1 : 2 + Math.floor(r() * (maxSize - 1))));
  for (let trial = 0; trial < (check.trials ?? 2); trial++) {
    const schema = `${check.prefix ?? 'cmp'}_batch_${trial}`;
    const sizes: number[] = [];
    for (let start = 0; start < events.length; ) {
      const n = size(random);
      const slice = events.slice(start, start + n) as never[];
      await inSchema(sql, projector, schema, (tx) => projector.applyBatch!(tx, slice), start > 0);
      sizes.push(n);
      start += n;
    }
    expect(await check.rows(schema), `${check.label}, batch sizes ${sizes.join(',')}`).toEqual(check.expected);
  }
}

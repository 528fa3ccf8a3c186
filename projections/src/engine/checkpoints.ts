import type { Checkpoint, RecordedEvent, SqlExecutor, Statement } from '@fpa/write-model/event-store';

/**
 * The engine's bookkeeping rows. public.projection_checkpoints holds, per projector, the active
 * generation and how far it has applied the log; public.projection_rebuilds holds a generation being
 * built beside it. Both move by compare-and-set in the same transaction as the read-model writes.
 */
export type Track = 'live' | 'rebuild';

export type TrackRow = {
  version: number;
  generation: number;
  checkpoint: Checkpoint | null;
  lastError: string | null;
};

const TABLE: Record<Track, string> = {
  live: 'public.projection_checkpoints',
  rebuild: 'public.projection_rebuilds',
};

type RawRow = {
  version: number;
  generation: number;
  tx_id: string | null;
  global_position: number | string | null;
  last_error: string | null;
};

const COLUMNS = 'version, generation, tx_id::text as tx_id, global_position, last_error';

// Matches the stored checkpoint exactly, nulls included (a projector that has read nothing yet).
const SAME_STATE = `projector = $1 and version = $2 and generation = $3
  and tx_id is not distinct from $4::xid8 and global_position is not distinct from $5::bigint`;

export function checkpointOf(event: RecordedEvent): Checkpoint {
  return { txId: event.txId, globalPosition: event.globalPosition };
}

export function sameCheckpoint(a: Checkpoint | null, b: Checkpoint | null): boolean {
  if (a === null || b === null) return a === b;
  return a.txId === b.txId && a.globalPosition === b.globalPosition;
}

function toRow(raw: RawRow): TrackRow {
  return {
    version: Number(raw.version),
    generation: Number(raw.generation),
    checkpoint: raw.tx_id === null ? null : { txId: raw.tx_id, globalPosition: Number(raw.global_position) },
    lastError: raw.last_error,
  };
}

function stateParams(name: string, row: TrackRow): unknown[] {
  return [name, row.version, row.generation, row.checkpoint?.txId ?? null, row.checkpoint?.globalPosition ?? null];
}

export async function readRow(db: SqlExecutor, track: Track, name: string): Promise<TrackRow | null> {
  const [raw] = await db.query<RawRow>(`select ${COLUMNS} from ${TABLE[track]} where projector = $1`, [name]);
  return raw ? toRow(raw) : null;
}

export async function readRows(db: SqlExecutor, track: Track, names: readonly string[]): Promise<Map<string, TrackRow>> {
  const raws = await db.query<RawRow & { projector: string }>(
    `select projector, ${COLUMNS} from ${TABLE[track]} where projector = any($1::text[])`,
    [names],
  );
  return new Map(raws.map((raw) => [raw.projector, toRow(raw)]));
}

/** Row-locks the row if it is still as read before the transaction; false when someone moved it. */
export async function lockIfUnchanged(tx: SqlExecutor, track: Track, name: string, row: TrackRow): Promise<boolean> {
  const rows = await tx.query(`select 1 from ${TABLE[track]} where ${SAME_STATE} for update`, stateParams(name, row));
  return rows.length === 1;
}

/** The compare-and-set: moves the checkpoint only from the state the batch was read against. */
export async function advance(tx: SqlExecutor, track: Track, name: string, expected: TrackRow, next: Checkpoint | null): Promise<boolean> {
  const rows = await tx.query(
    `update ${TABLE[track]} set tx_id = $6::xid8, global_position = $7::bigint, last_error = null, updated_at = now()
      where ${SAME_STATE} returning 1`,
    [...stateParams(name, expected), next?.txId ?? null, next?.globalPosition ?? null],
  );
  return rows.length === 1;
}

/** Creates or replaces the row: a new generation from scratch (rebuild) or just switched to (live). */
export async function putRow(
  tx: SqlExecutor,
  track: Track,
  name: string,
  row: { version: number; generation: number; checkpoint: Checkpoint | null },
): Promise<void> {
  await tx.query(
    `insert into ${TABLE[track]} (projector, version, generation, tx_id, global_position)
       values ($1, $2, $3, $4::xid8, $5::bigint)
     on conflict (projector) do update set version = excluded.version, generation = excluded.generation,
       tx_id = excluded.tx_id, global_position = excluded.global_position, last_error = null, updated_at = now()`,
    [name, row.version, row.generation, row.checkpoint?.txId ?? null, row.checkpoint?.globalPosition ?? null],
  );
}

export async function deleteRow(tx: SqlExecutor, track: Track, name: string): Promise<void> {
  await tx.query(`delete from ${TABLE[track]} where projector = $1`, [name]);
}

export async function recordError(db: SqlExecutor, track: Track, name: string, message: string): Promise<void> {
  await db.query(`update ${TABLE[track]} set last_error = $2, updated_at = now() where projector = $1`, [name, message]);
}

/** What projection_enter raises: another session holds the track's lock; the row moved since it was read. */
export const ENTER_LOCKED = 'FPL01';
export const ENTER_MOVED = 'FPM01';

/**
 * The opening of a batch transaction as one statement (it took four round trips): the track's lock
 * (tried), the compare-and-set of the row from the state the batch was read against to the batch's end
 * (which row-locks it until the commit, as the batch's own statements then land or roll back with it),
 * and the generation's schema first on the search path. The transaction sends it pipelined ahead of the
 * batch's statements (SqlClient.transaction's opening); a refusal aborts the transaction before any of
 * them runs.
 */
export const ENTER_FUNCTION = `
  create or replace function public.projection_enter(p_track text, p_lock text, p_projector text, p_version int,
      p_generation int, p_tx xid8, p_position bigint, p_next_tx xid8, p_next_position bigint, p_path text)
    returns void language plpgsql as $$
  begin
    if not pg_try_advisory_xact_lock(hashtext(p_lock)) then
      raise exception 'projection % is locked', p_projector using errcode = '${ENTER_LOCKED}';
    end if;
    if p_track = 'live' then
      update public.projection_checkpoints
         set tx_id = p_next_tx, global_position = p_next_position, last_error = null, updated_at = now()
       where projector = p_projector and version = p_version and generation = p_generation
         and tx_id is not distinct from p_tx and global_position is not distinct from p_position;
    else
      update public.projection_rebuilds
         set tx_id = p_next_tx, global_position = p_next_position, last_error = null, updated_at = now()
       where projector = p_projector and version = p_version and generation = p_generation
         and tx_id is not distinct from p_tx and global_position is not distinct from p_position;
    end if;
    if not found then
      raise exception 'the checkpoint of % moved', p_projector using errcode = '${ENTER_MOVED}';
    end if;
    perform set_config('search_path', p_path, true);
  end $$;
`;

/** projection_enter's call for a batch of `track` read against `expected`, ending at `next`, applied in schema `schema`. */
export function enterBatch(
  track: Track,
  name: string,
  lockKey: string,
  expected: TrackRow,
  next: Checkpoint | null,
  schema: string,
): Statement {
  return {
    text: `select public.projection_enter($1, $2, $3, $4, $5, $6::xid8, $7::bigint, $8::xid8, $9::bigint, $10)`,
    params: [
      track,
      lockKey,
      name,
      expected.version,
      expected.generation,
      expected.checkpoint?.txId ?? null,
      expected.checkpoint?.globalPosition ?? null,
      next?.txId ?? null,
      next?.globalPosition ?? null,
      `"${schema}", public`,
    ],
  };
}

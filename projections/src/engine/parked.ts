import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import type { Track } from './checkpoints.ts';

/**
 * Parked events: an event one projector could not apply, set aside for that projector so that it
 * (and with it every company's read model) goes on. The row is written in the same transaction as the
 * batch that skips the event, so an event is either applied, or parked and skipped, never silently
 * lost. A row is open while its generation is the one serving (or being built); a later generation
 * (a rebuild: `npm run projections -- retry-parked`, or a version change) applies the whole log again
 * and closes the rows of the generations it replaces.
 */
export type ParkedEvent = {
  projector: string;
  generation: number;
  track: Track;
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  eventType: string;
  companyId: string | null;
  error: string;
  stack: string | null;
  attempts: number;
  parkedAt: Date;
  resolvedAt: Date | null;
};

/** Why an event is to be parked, decided by the runner after its retries; written by the batch that skips it. */
export type Parking = { error: string; stack: string | null; attempts: number };

/** Per track, the positions the next batch must skip and record as parked. */
export type ParkList = Map<string, Parking>;

export const parkKey = (track: Track, position: number): string => `${track}:${position}`;

export const PARKED_DDL = `
  create table if not exists public.projection_parked (
    projector text not null,
    generation int not null,
    track text not null,
    global_position bigint not null,
    stream_id text not null,
    stream_version int not null,
    event_id text not null,
    event_type text not null,
    company_id text,
    error text not null,
    stack text,
    attempts int not null,
    parked_at timestamptz not null default now(),
    resolved_at timestamptz,
    primary key (projector, generation, global_position)
  );
  create index if not exists projection_parked_open on public.projection_parked (global_position) where resolved_at is null;
`;

/**
 * Errors that say something about the event (or the projector's code for it), so that trying again
 * cannot help: SQLSTATE classes 21 (cardinality), 22 (data exception: a date or number PostgreSQL
 * refuses), 23 (constraint), 42 (a statement the projector got wrong), P0 (raised by a function), and
 * errors thrown by the projector's JavaScript. Everything else (a lost connection 08, a serialization
 * failure or deadlock 40, resources 53, lock timeouts 55, shutdown 57, system 58/XX, socket errors
 * such as ECONNRESET) is the database's state, not the event's: retried without end, never parked.
 */
const PARKABLE_CLASSES = new Set(['21', '22', '23', '42', 'P0']);

export function isParkable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === undefined || code === null) {
    // A system error carries errno/syscall (a socket); a plain Error thrown by apply does not.
    return error instanceof Error && !('errno' in error) && !('syscall' in error);
  }
  if (typeof code !== 'string') return false;
  return /^[0-9A-Z]{5}$/.test(code) && PARKABLE_CLASSES.has(code.slice(0, 2));
}

export async function recordParked(
  tx: SqlExecutor,
  projector: string,
  generation: number,
  track: Track,
  event: RecordedEvent,
  parking: Parking,
): Promise<void> {
  await tx.query(
    `insert into public.projection_parked
       (projector, generation, track, global_position, stream_id, stream_version, event_id, event_type, company_id,
        error, stack, attempts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (projector, generation, global_position) do update
       set error = excluded.error, stack = excluded.stack, attempts = excluded.attempts, resolved_at = null`,
    [
      projector,
      generation,
      track,
      event.globalPosition,
      event.streamId,
      event.streamVersion,
      event.eventId,
      event.type,
      companyOf(event),
      parking.error,
      parking.stack,
      parking.attempts,
    ],
  );
}

export function companyOf(event: RecordedEvent): string | null {
  return typeof event.metadata.companyId === 'string' ? event.metadata.companyId : null;
}

/** Closes the rows of a generation that is dropped: its replacement applied (or parked anew) every event. */
export async function resolveParked(tx: SqlExecutor, projector: string, generation: number | null): Promise<void> {
  await tx.query(
    `update public.projection_parked set resolved_at = now()
      where projector = $1 and ($2::int is null or generation = $2) and resolved_at is null`,
    [projector, generation],
  );
}

type Row = {
  projector: string;
  generation: number;
  track: Track;
  global_position: string | number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  event_type: string;
  company_id: string | null;
  error: string;
  stack: string | null;
  attempts: number;
  parked_at: Date | string;
  resolved_at: Date | string | null;
};

function toParked(row: Row): ParkedEvent {
  return {
    projector: row.projector,
    generation: Number(row.generation),
    track: row.track,
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    eventId: row.event_id,
    eventType: row.event_type,
    companyId: row.company_id,
    error: row.error,
    stack: row.stack,
    attempts: Number(row.attempts),
    parkedAt: new Date(row.parked_at),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
  };
}

export type ParkedFilter = {
  projectors?: readonly string[];
  /** Only events in this range of global positions (an append's first and last position). */
  positions?: { from: number; to: number };
  streams?: readonly string[];
  includeResolved?: boolean;
};

export async function listParked(db: SqlExecutor, filter: ParkedFilter = {}): Promise<ParkedEvent[]> {
  const rows = await db.query<Row>(
    `select * from public.projection_parked
      where ($1::boolean or resolved_at is null)
        and ($2::text[] is null or projector = any($2::text[]))
        and ($3::bigint is null or global_position between $3 and $4)
        and ($5::text[] is null or stream_id = any($5::text[]))
      order by global_position, projector`,
    [
      filter.includeResolved === true,
      filter.projectors ?? null,
      filter.positions?.from ?? null,
      filter.positions?.to ?? null,
      filter.streams ?? null,
    ],
  );
  return rows.map(toParked);
}

/** Open parked events per projector (a projector with none is absent). */
export async function countParked(db: SqlExecutor): Promise<Map<string, number>> {
  const rows = await db.query<{ projector: string; n: string | number }>(
    'select projector, count(*) as n from public.projection_parked where resolved_at is null group by projector',
  );
  return new Map(rows.map((row) => [row.projector, Number(row.n)]));
}

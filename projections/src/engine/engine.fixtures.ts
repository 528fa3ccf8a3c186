import { randomBytes } from 'node:crypto';
import {
  compareCheckpoints,
  createKeyring,
  createPostgresEventStore,
  type AppendResult,
  type Checkpoint,
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type SqlExecutor,
} from '@fpa/write-model/event-store';
import type { TestDriver } from '@fpa/write-model/testing';
import { createProjectionEngine } from './engine.ts';
import type { ProjectionEngine, ProjectionEngineOptions, ProjectionLogger, Projector } from './types.ts';

/** Test projectors and helpers for the engine's integration tests. */
export const HAPPENED = 'TestThingHappened';
export const RENAMED = 'TestThingRenamed';
export const OTHER = 'TestOtherThing';

export async function openStore(sql: SqlClient, masterKey: Buffer): Promise<EventStore> {
  const keyring = await createKeyring(sql, masterKey);
  return createPostgresEventStore(sql, { keyring, pollIntervalMs: 50 });
}

/**
 * A fresh database with an event store, and engines on it; everything made is undone by cleanup
 * (call it from afterEach).
 */
export async function openTestBed(driver: TestDriver, cleanups: (() => Promise<void>)[]) {
  const db = await driver.create();
  const masterKey = randomBytes(32);
  const store = await openStore(db.sql, masterKey);
  cleanups.push(async () => {
    await store.close();
    await db.dispose();
  });
  type EngineOptions = Partial<ProjectionEngineOptions> & Pick<ProjectionEngineOptions, 'projectors'>;
  const engine = (options: EngineOptions): ProjectionEngine => {
    const created = createProjectionEngine({ sql: db.sql, store, logger: quietLogger(), ...options });
    cleanups.push(() => created.stop());
    return created;
  };
  return { db, sql: db.sql, store, masterKey, engine };
}

export async function runCleanups(cleanups: (() => Promise<void>)[]): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Tests catch up to a known checkpoint (see catchUpTo); the same function the import uses. */
export { catchUpTo } from './catch-up-to.ts';

export function append(store: EventStore, streamId: string, labels: readonly string[], type = HAPPENED): Promise<AppendResult> {
  return store.append([{ streamId, expectedVersion: 'any', events: labels.map((label) => ({ type, data: { label } })) }], {
    companyId: null,
    actorUserId: null,
  });
}

export function latest(results: readonly AppendResult[]): Checkpoint {
  return results.map((r) => r.checkpoint).reduce((a, b) => (compareCheckpoints(a, b) >= 0 ? a : b));
}

export type CountingOptions = {
  version?: number;
  /** Version 2 of the projector shows labels in capitals (a visible effect of a rebuild). */
  upper?: boolean;
  /** Runs before each apply, inside the batch transaction (to fail, block or crash it). */
  beforeApply?: (tx: SqlExecutor, event: RecordedEvent) => Promise<void>;
};

/** Counts events per stream and lists things; applying an event twice shows in the counts. */
export function countingProjector(options: CountingOptions = {}): Projector {
  return {
    name: 'test_counts',
    version: options.version ?? 1,
    handles: [HAPPENED, RENAMED],
    tables: ['test_stream_counts', 'test_things'],
    async init(tx) {
      await tx.exec(`
        create table if not exists test_stream_counts (
          stream_id text primary key, events int not null, last_position bigint not null);
        create table if not exists test_things (
          event_id text primary key, stream_id text not null, stream_version int not null, label text not null);
      `);
    },
    async apply(tx, event) {
      await options.beforeApply?.(tx, event);
      await tx.query(
        `insert into test_stream_counts (stream_id, events, last_position) values ($1, 1, $2)
         on conflict (stream_id) do update
           set events = test_stream_counts.events + 1, last_position = excluded.last_position`,
        [event.streamId, event.globalPosition],
      );
      const label = String(event.data.label);
      const shown = options.upper ? label.toUpperCase() : label;
      if (event.type === HAPPENED) {
        await tx.query('insert into test_things (event_id, stream_id, stream_version, label) values ($1, $2, $3, $4)', [
          event.eventId,
          event.streamId,
          event.streamVersion,
          shown,
        ]);
      } else {
        await tx.query('update test_things set label = $2 where stream_id = $1', [event.streamId, shown]);
      }
    },
  };
}

/** Handles only an event type the tests rarely append: its checkpoint must still follow the head. */
export const otherProjector: Projector = {
  name: 'test_other',
  version: 1,
  handles: [OTHER],
  tables: ['test_others'],
  async init(tx) {
    await tx.exec('create table if not exists test_others (event_id text primary key)');
  },
  async apply(tx, event) {
    await tx.query('insert into test_others (event_id) values ($1)', [event.eventId]);
  },
};

/**
 * Fails while control.failing is set, like a projector whose database is unreachable for a while (a
 * connection error's SQLSTATE: retried without end, never parked).
 */
export function flakyProjector(control: { failing: boolean }): Projector {
  return {
    name: 'test_flaky',
    version: 1,
    handles: [HAPPENED],
    tables: ['test_flaky_rows'],
    async init(tx) {
      await tx.exec('create table if not exists test_flaky_rows (event_id text primary key)');
    },
    async apply(tx, event) {
      if (control.failing) throw Object.assign(new Error('flaky projector is down'), { code: '08006' });
      await tx.query('insert into test_flaky_rows (event_id) values ($1)', [event.eventId]);
    },
  };
}

/** Blocks inside its batch until the gate opens. */
export function gatedProjector(gate: Promise<void>): Projector {
  return {
    name: 'test_gated',
    version: 1,
    handles: [HAPPENED],
    tables: ['test_gated_rows'],
    async init(tx) {
      await tx.exec('create table if not exists test_gated_rows (event_id text primary key)');
    },
    async apply(tx, event) {
      await gate;
      await tx.query('insert into test_gated_rows (event_id) values ($1)', [event.eventId]);
    },
  };
}

export function quietLogger(): ProjectionLogger & { errors: string[] } {
  const errors: string[] = [];
  return {
    errors,
    info: () => {},
    warn: () => {},
    error: (_message, fields) => errors.push(String(fields?.error ?? _message)),
  };
}

export async function rows(sql: SqlExecutor, table: string, orderBy: string): Promise<Record<string, unknown>[]> {
  return sql.query(`select * from public.${table} order by ${orderBy}`);
}

export async function readModel(sql: SqlExecutor) {
  return {
    counts: await rows(sql, 'test_stream_counts', 'stream_id'),
    things: await rows(sql, 'test_things', 'event_id'),
  };
}

export async function schemas(sql: SqlExecutor, prefix: string): Promise<string[]> {
  const found = await sql.query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1) order by nspname', [
    prefix,
  ]);
  return found.map((r) => r.nspname);
}

export async function viewSource(sql: SqlExecutor, view: string): Promise<string> {
  const [row] = await sql.query<{ definition: string }>("select definition from pg_views where schemaname = 'public' and viewname = $1", [
    view,
  ]);
  return row?.definition ?? '';
}

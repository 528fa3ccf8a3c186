import { appendEvents, TailCache } from './append.ts';
import { APPEND_FUNCTION } from './append-function.ts';
import { migrateHashChain } from './hash-chain.ts';
import { MIGRATION_LOCK, migrateKeyring, type Keyring } from './pii.ts';
import { headCheckpoint, readAll, readStream, readStreams } from './reads.ts';
import type { SqlClient, SqlExecutor } from './sql.ts';
import type { EventStore } from './types.ts';
import { createAppendNotifier, createWakeUp } from './wake-up.ts';

export type PostgresEventStoreOptions = {
  keyring: Keyring;
  /** How often the fallback poll checks for newly readable events (default 500 ms). */
  pollIntervalMs?: number;
};

/**
 * The event store on PostgreSQL (a server through `postgres`, or PGlite in-process). The SQL client
 * stays the caller's: close() stops this store's wake-ups, not the connections.
 */
export async function createPostgresEventStore(sql: SqlClient, options: PostgresEventStoreOptions): Promise<EventStore> {
  await migrateEventStore(sql);
  const { keyring } = options;
  const head = () => headCheckpoint(sql);
  const wakeUp = createWakeUp(sql, head, options.pollIntervalMs ?? 500);
  const tails = new TailCache();
  const notifier = createAppendNotifier(sql);
  return {
    append: (streams, appendOptions) => appendEvents(sql, keyring, streams, appendOptions, tails, notifier),
    readStream: (streamId, readOptions) => readStream(sql, keyring, streamId, readOptions, (tail) => tails.set(streamId, tail)),
    readStreams: (streamIds) => readStreams(sql, keyring, streamIds, (streamId, tail) => tails.set(streamId, tail)),
    erasures: () => keyring.erasures(),
    readAll: (readOptions) => readAll(sql, keyring, readOptions),
    headCheckpoint: head,
    onAppended: (listener) => wakeUp.subscribe(listener),
    close: () => wakeUp.close(),
  };
}

/**
 * Idempotent DDL. One multi-statement string runs as one implicit transaction, so the advisory lock
 * at its head serializes processes starting at the same time.
 */
export async function migrateEventStore(sql: SqlExecutor): Promise<void> {
  await sql.exec(`
    ${MIGRATION_LOCK}
    create table if not exists es_streams (
      stream_id text primary key,
      version int not null
    );
    create table if not exists es_events (
      global_position bigint generated always as identity primary key,
      -- The appending transaction: readers order by (transaction_id, global_position) and stop at the
      -- oldest transaction still running, so an event that commits late is never skipped.
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version int not null,
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      company_id uuid,
      recorded_at timestamptz not null default now(),
      -- The hash-chain link (hash-chain.ts); added by migrateHashChain on databases that predate it.
      hash text,
      unique (stream_id, stream_version)
    );
    create index if not exists es_events_transaction_position on es_events (transaction_id, global_position);
    create index if not exists es_events_company_position on es_events (company_id, global_position);
    create table if not exists es_commands (
      command_id text primary key,
      -- Written with the events by es_append; the KurrentDB store claims first and sets it in the same transaction.
      result jsonb,
      recorded_at timestamptz not null default now()
    );
  `);
  await migrateKeyring(sql);
  await migrateHashChain(sql);
  await sql.exec(`${MIGRATION_LOCK}\n${APPEND_FUNCTION}`);
}

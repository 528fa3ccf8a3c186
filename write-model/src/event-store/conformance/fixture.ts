import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ConcurrencyError } from '../../errors.ts';
import { createKeyring, type Keyring } from '../pii.ts';
import { partitionEventLog } from '../partition.ts';
import { createPostgresEventStore, migrateEventStore } from '../postgres-event-store.ts';
import type { SqlClient, SqlExecutor } from '../sql.ts';
import type { AppendOptions, EventStore, NewEvent } from '../types.ts';

/** What the conformance suite needs from an adapter's test: the store, its database, its keyring. */
export type ConformanceFixture = {
  store: EventStore;
  /** The PostgreSQL database beside the store (subject keys, command ids, inTransaction writes). */
  sql: SqlClient;
  keyring: Keyring;
  /** A stream's events as stored, bypassing the port: what someone reading the raw log would see. */
  storedEvents(streamId: string, db?: SqlExecutor): Promise<{ text: string; data: Record<string, unknown> }[]>;
  /** True when inTransaction runs after the events are written in the same transaction (PostgreSQL). */
  hooksSeeEvents: boolean;
  /** True when a fixture from makeStore() has an empty log (a fresh database). */
  startsEmpty: boolean;
  dispose(): Promise<void>;
};

/** Wiring a few tests ask for: no LISTEN/NOTIFY (to prove the polling fallback), a given poll interval. */
export type FixtureVariant = { notifications?: boolean; pollIntervalMs?: number };

export type MakeStore = (variant?: FixtureVariant) => Promise<ConformanceFixture>;

export const COMPANY_ID = '6f1c2b9e-3d4a-4c5b-8e7f-9a0b1c2d3e4f';

/** A stream id no other test uses. */
export function streamId(prefix = 'test'): string {
  return `${prefix}-${randomUUID()}`;
}

export function event(type: string, data: Record<string, unknown> = {}): NewEvent {
  return { type, data };
}

export function appendOptions(overrides: Partial<AppendOptions> = {}): AppendOptions {
  return { companyId: COMPANY_ID, actorUserId: 'user-1', ...overrides };
}

export async function expectConflict(promise: Promise<unknown>, streamIdValue: string, actual: number | null): Promise<void> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConcurrencyError);
  expect((error as ConcurrencyError).code).toBe('CONCURRENCY_CONFLICT');
  expect((error as ConcurrencyError).streamId).toBe(streamIdValue);
  expect((error as ConcurrencyError).actual).toBe(actual);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves when the condition holds, checking every few milliseconds; rejects after timeoutMs. */
export async function eventually(condition: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(5);
  }
}

/** Counts wake-ups through one subscription held for the whole test (subscribing anew restarts polling). */
export function countWakeUps(store: EventStore): { calls: () => number; unsubscribe: () => void } {
  let calls = 0;
  const unsubscribe = store.onAppended(() => {
    calls += 1;
  });
  return { calls: () => calls, unsubscribe };
}

export { waitForHead } from '../../testing/wait-for-head.ts';

/** The event log's table layouts the PostgreSQL-server tests run on: one table, and hash partitions on company_id (partition.ts). */
export const EVENT_LOG_LAYOUTS = [
  { layout: 'one table', partitions: 0 },
  { layout: '4 hash partitions on company_id', partitions: 4 },
] as const;

/** A PostgreSQL event store on one of those layouts: the log converted to `partitions` hash partitions first, when given. */
export async function storeOnLayout(sql: SqlClient, partitions: number, pollIntervalMs: number): Promise<EventStore> {
  if (partitions > 0) {
    await migrateEventStore(sql);
    await partitionEventLog(sql, { partitions });
  }
  return createPostgresEventStore(sql, { keyring: await createKeyring(sql, randomBytes(32)), pollIntervalMs });
}

import { createPostgresEventStore } from './postgres-event-store.ts';
import type { Keyring } from './pii.ts';
import type { SqlClient } from './sql.ts';
import type { EventStore } from './types.ts';

export type EventStoreConfig = {
  /** KurrentDB / EventStoreDB connection string (esdb:// or kurrentdb://); null keeps the events in PostgreSQL. */
  eventStoreUrl: string | null;
  pollIntervalMs?: number;
};

/**
 * The event store a process uses, by configuration: PostgreSQL (the SQL client's database) unless
 * EVENTSTORE_URL names a KurrentDB. Either way the subject keys of personal data, the command ids'
 * side tables and the read models stay in PostgreSQL.
 */
export async function openEventStore(sql: SqlClient, keyring: Keyring, config: EventStoreConfig): Promise<EventStore> {
  if (config.eventStoreUrl) {
    // Loaded only when asked for: the gRPC client is not needed by PostgreSQL-only deployments.
    const { createKurrentEventStore } = await import('./kurrent/kurrent-event-store.ts');
    return createKurrentEventStore({ connectionString: config.eventStoreUrl, sql, keyring });
  }
  return createPostgresEventStore(sql, { keyring, ...(config.pollIntervalMs ? { pollIntervalMs: config.pollIntervalMs } : {}) });
}

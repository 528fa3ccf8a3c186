export * from './types.ts';
export * from './sql.ts';
export { createPostgresEventStore, migrateEventStore, type PostgresEventStoreOptions } from './postgres-event-store.ts';
export { openEventStore, type EventStoreConfig } from './open-event-store.ts';
export {
  createKeyring,
  loadMasterKey,
  migrateKeyring,
  SubjectErasedError,
  type Keyring,
  type KeyringOptions,
} from './pii.ts';

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
export { canonicalJson, chainHash, migrateHashChain } from './hash-chain.ts';
export { operatorDatabase, runOperatorCommand } from './operator-command.ts';
export { verifyEventChains, type BrokenLink, type ChainVerification } from './verify-chains.ts';
export { eventPartitions, MAX_EVENT_PARTITIONS, partitionEventLog, type PartitionOutcome } from './partition.ts';
export { readCompanyEvents } from './reads.ts';
export { commitRefusal, onCommitRefusal } from './commit-refusals.ts';
export { createCoalescedNotifier } from './wake-up.ts';

import type { SqlExecutor } from './event-store/sql.ts';
import { migrateCompanyTables } from './members/member-quota.ts';
import { migrateIdentity } from './identity/identity.schema.ts';
import { migrateMemberImports } from './members/member-imports.ts';
import { migrateStoredObjects } from './documents/stored-objects.ts';
import { migrateSubscriptionCheckouts } from './companies/subscription-checkouts.ts';
import { migratePlanOffers } from './plans/plan-offers.ts';

/**
 * One row per one-time data migration done on this database (the member quota counting scheme
 * members, claims reserving their deceased): its marker is taken in the migration's own transaction,
 * so a second start, or two at once, runs it once. An import replaces them with the source's.
 */
export async function migrateDataMigrationMarkers(sql: SqlExecutor): Promise<void> {
  await sql.exec(
    'create table if not exists write_model_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
}

/** The write side's plain tables (besides the event store's own): idempotent. */
export async function migrateWriteModel(sql: SqlExecutor): Promise<void> {
  await migrateDataMigrationMarkers(sql);
  await migrateIdentity(sql);
  await migrateCompanyTables(sql);
  await migrateMemberImports(sql);
  await migrateStoredObjects(sql);
  await migrateSubscriptionCheckouts(sql);
  await migratePlanOffers(sql);
}

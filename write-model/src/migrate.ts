import type { SqlExecutor } from './event-store/sql.ts';
import { migrateCompanyTables } from './companies/member-quota.ts';
import { migrateIdentity } from './identity/identity.schema.ts';
import { migrateMemberImports } from './members/member-imports.ts';
import { migrateStoredObjects } from './documents/stored-objects.ts';
import { migrateSubscriptionCheckouts } from './companies/subscription-checkouts.ts';
import { migratePlanOffers } from './plans/plan-offers.ts';

/** The write side's plain tables (besides the event store's own): idempotent. */
export async function migrateWriteModel(sql: SqlExecutor): Promise<void> {
  await migrateIdentity(sql);
  await migrateCompanyTables(sql);
  await migrateMemberImports(sql);
  await migrateStoredObjects(sql);
  await migrateSubscriptionCheckouts(sql);
  await migratePlanOffers(sql);
}

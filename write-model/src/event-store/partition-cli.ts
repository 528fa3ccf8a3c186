import { migrateEventStore } from './postgres-event-store.ts';
import { operatorDatabase, runOperatorCommand } from './operator-command.ts';
import { partitionEventLog } from './partition.ts';
import { createSqlClient } from './sql.ts';

/**
 * `npm run partition -- --partitions 16 [--keep-old]`: converts the event log of the PostgreSQL server in
 * DATABASE_URL into a table hash-partitioned on company_id, in one transaction that checks the copy
 * (count, digest, hash chains) before the names swap (partition.ts). Appends wait while it runs: stop the
 * gateways and workers, or expect them to wait. --keep-old keeps the old table as es_events_unpartitioned.
 * Exit code 0 when converted or already partitioned, 2 on error (nothing changed).
 */
async function main(): Promise<number> {
  const { databaseUrl } = operatorDatabase();
  if (!databaseUrl) {
    console.error('Partitions are for a PostgreSQL server: set DATABASE_URL (PGlite keeps the one table).');
    return 2;
  }
  const at = process.argv.indexOf('--partitions');
  const partitions = at < 0 ? Number.NaN : Number(process.argv[at + 1]);
  const sql = await createSqlClient({ databaseUrl });
  try {
    await migrateEventStore(sql);
    const outcome = await partitionEventLog(sql, { partitions, keepOld: process.argv.includes('--keep-old') });
    console.log(
      outcome.converted
        ? `OK: ${outcome.events} events copied into ${outcome.partitions} partitions, checked, and swapped in ${outcome.ms} ms` +
            (outcome.keptAs ? ` (the old table kept as ${outcome.keptAs}).` : '.')
        : `es_events has ${outcome.partitions} partitions already: nothing done.`,
    );
    return 0;
  } finally {
    await sql.close();
  }
}

runOperatorCommand(main);

import { operatorDatabase, runOperatorCommand } from './operator-command.ts';
import { createSqlClient } from './sql.ts';
import { verifyEventChains } from './verify-chains.ts';

/**
 * `npm run verify`: checks every stream's hash chain in the database the server uses (DATABASE_URL,
 * or PGlite in DATA_DIR, default ./data — stop the server first, PGlite has one process at a time)
 * and reports the first broken link. Exit code 0 when every chain holds, 1 when one is broken, 2 on error.
 */
async function main(): Promise<number> {
  const { databaseUrl, dataDir } = operatorDatabase();
  const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const [column] = await sql.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns where table_name = 'es_events' and column_name = 'hash'`,
    );
    if (!column?.n) {
      console.error('es_events has no hash chain yet: start the server once so its migration computes it.');
      return 2;
    }
    const started = Date.now();
    const result = await verifyEventChains(sql);
    const summary = `${result.eventsChecked} events in ${result.streamsChecked} streams checked in ${Date.now() - started} ms`;
    if (result.ok) {
      console.log(`OK: every hash chain holds (${summary}).`);
      return 0;
    }
    const b = result.firstBroken!;
    console.error(`BROKEN: ${result.brokenCount} stream(s) fail (${summary}).`);
    console.error(`First broken link: stream ${b.streamId}, version ${b.version}, global position ${b.globalPosition}: ${b.reason}.`);
    return 1;
  } finally {
    await sql.close();
  }
}

runOperatorCommand(main);

import {
  createKeyring,
  createSqlClient,
  loadMasterKey,
  openEventStore,
  operatorDatabase,
  runOperatorCommand,
} from '@fpa/write-model/event-store';
import { migrateWriteModel } from '@fpa/write-model';
import { DAILY_USAGE, runDailyCli } from './daily-cli.ts';

/** `npm run daily -- [--as-of YYYY-MM-DD] [--company ID]`: the operator runs the billing calendar (see DAILY_USAGE). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(DAILY_USAGE);
    return 0;
  }
  const { databaseUrl, dataDir } = operatorDatabase();
  const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateWriteModel(sql);
    const keyring = await createKeyring(sql, loadMasterKey({ dataKey: process.env.DATA_KEY?.trim() || undefined, dataDir }));
    const store = await openEventStore(sql, keyring, { eventStoreUrl: process.env.EVENTSTORE_URL?.trim() || null });
    try {
      return await runDailyCli(args, {
        sql,
        store,
        out: (line) => console.log(line),
        logger: { info: () => {}, warn: (m, f) => console.warn(m, f ?? {}), error: (m, f) => console.error(m, f ?? {}) },
      });
    } finally {
      await store.close();
    }
  } finally {
    await sql.close();
  }
}

runOperatorCommand(main);

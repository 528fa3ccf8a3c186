import {
  createKeyring,
  createSqlClient,
  loadMasterKey,
  openEventStore,
  operatorDatabase,
  runOperatorCommand,
} from '@fpa/write-model/event-store';
import { migrateWriteModel } from '@fpa/write-model';
import { allProjectors } from '../read-models.ts';
import { runProjectionsCli, USAGE } from './projections-cli.ts';

/** `npm run projections -- <command>`: the operator's commands for the read models (see USAGE). */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  const { databaseUrl, dataDir } = operatorDatabase();
  const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateWriteModel(sql);
    const keyring = await createKeyring(sql, loadMasterKey({ dataKey: process.env.DATA_KEY?.trim() || undefined, dataDir }));
    const store = await openEventStore(sql, keyring, { eventStoreUrl: process.env.EVENTSTORE_URL?.trim() || null });
    try {
      return await runProjectionsCli(args, {
        sql,
        store,
        projectors: allProjectors,
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

import { migrateWriteModel } from '@fpa/write-model';
import {
  createKeyring,
  createSqlClient,
  type EventStore,
  loadMasterKey,
  openEventStore,
  operatorDatabase,
  type SqlClient,
} from '@fpa/write-model/event-store';

/** What an operator command prints: lines on stdout, warnings and errors on stderr. */
export const operatorOutput = {
  out: (line: string) => console.log(line),
  logger: {
    info: () => {},
    warn: (message: string, fields?: object) => console.warn(message, fields ?? {}),
    error: (message: string, fields?: object) => console.error(message, fields ?? {}),
  },
};

/**
 * The operator's database (DATABASE_URL or DATA_DIR, as `npm start` uses them), migrated, and its event
 * store under the master key, for the length of one shell command (`npm run projections`, `npm run daily`).
 */
export async function withOperatorStore<T>(run: (deps: { sql: SqlClient; store: EventStore }) => Promise<T>): Promise<T> {
  const { databaseUrl, dataDir } = operatorDatabase();
  const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateWriteModel(sql);
    const keyring = await createKeyring(sql, loadMasterKey({ dataKey: process.env.DATA_KEY?.trim() || undefined, dataDir }));
    const store = await openEventStore(sql, keyring, { eventStoreUrl: process.env.EVENTSTORE_URL?.trim() || null });
    try {
      return await run({ sql, store });
    } finally {
      await store.close();
    }
  } finally {
    await sql.close();
  }
}

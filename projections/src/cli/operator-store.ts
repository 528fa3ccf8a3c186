import { migrateWriteModel } from '@fpa/write-model';
import {
  createKeyring,
  createSqlClient,
  type EventStore,
  loadMasterKey,
  openEventStore,
  operatorDatabase,
  readCompanyEvents,
  type SqlClient,
} from '@fpa/write-model/event-store';
import type { ReadCompany } from '../engine/company-rebuild.ts';

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
export async function withOperatorStore<T>(
  run: (deps: { sql: SqlClient; store: EventStore; readCompany?: ReadCompany }) => Promise<T>,
): Promise<T> {
  const { databaseUrl, dataDir } = operatorDatabase();
  const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrateWriteModel(sql);
    const keyring = await createKeyring(sql, loadMasterKey({ dataKey: process.env.DATA_KEY?.trim() || undefined, dataDir }));
    const eventStoreUrl = process.env.EVENTSTORE_URL?.trim() || null;
    const store = await openEventStore(sql, keyring, { eventStoreUrl });
    // One company's events are read from es_events (issue #28), which a KurrentDB store does not keep.
    const readCompany: ReadCompany | undefined = eventStoreUrl
      ? undefined
      : (companyId, options) => readCompanyEvents(sql, keyring, companyId, options);
    try {
      return await run({ sql, store, ...(readCompany ? { readCompany } : {}) });
    } finally {
      await store.close();
    }
  } finally {
    await sql.close();
  }
}

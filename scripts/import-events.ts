/**
 * npm run import -- [--in FILE]
 * Loads an exported event log (FILE or stdin) into an empty target, DATABASE_URL or PGlite in
 * DATA_DIR, then rebuilds every read model from it. Subject keys are wrapped under the target's
 * master key (DATA_KEY or DATA_DIR/master.key); a file exported with EXPORT_PASSPHRASE needs the same
 * EXPORT_PASSPHRASE here.
 */
import { createReadStream } from 'node:fs';
import { createKeyring, createPostgresEventStore, createSqlClient, loadMasterKey } from '@fpa/write-model/event-store';
import { importEventLog } from '@fpa/write-model/event-log';
import { migrateWriteModel } from '@fpa/write-model';
import { allProjectors, catchUpTo, committedHead, createProjectionEngine } from '@fpa/projections';
import { argument } from './cli-args.ts';

const dataDir = process.env.DATA_DIR ?? './data';
const databaseUrl = process.env.DATABASE_URL?.trim();
const file = argument('--in');
const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
try {
  const masterKey = loadMasterKey({ dataKey: process.env.DATA_KEY, dataDir });
  await migrateWriteModel(sql);
  const summary = await importEventLog({
    sql,
    masterKey,
    ...(process.env.EXPORT_PASSPHRASE ? { passphrase: process.env.EXPORT_PASSPHRASE } : {}),
    input: file ? createReadStream(file) : process.stdin,
  });
  process.stderr.write(
    `imported ${summary.events} events in ${summary.streams} streams, ${summary.keys} subject keys, ${summary.rows} table rows\n`,
  );
  const store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, masterKey) });
  const started = performance.now();
  // Up to the last imported event, not only to the horizon (a long transaction elsewhere can hold it back).
  const result = await catchUpTo(createProjectionEngine({ sql, store, projectors: allProjectors }), await committedHead(sql), {
    timeoutMs: 30 * 60_000,
  });
  await store.close();
  if (result.failed.length > 0) throw new Error(`read models failed to rebuild: ${JSON.stringify(result.failed)}`);
  process.stderr.write(`rebuilt ${result.caughtUp.length} read models in ${Math.round(performance.now() - started)} ms\n`);
} finally {
  await sql.close();
}

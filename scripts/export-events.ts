/**
 * npm run export -- [--out FILE]
 * Writes the event log (events as stored, subject keys, the write side's plain tables) as NDJSON to
 * FILE or stdout. Source: DATABASE_URL, or PGlite in DATA_DIR (default ./data). Stop the gateway first.
 * Keys stay wrapped under the source's master key (DATA_KEY or DATA_DIR/master.key) unless
 * EXPORT_PASSPHRASE is set, which re-wraps them under that passphrase (see write-model/src/event-log).
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createSqlClient, loadMasterKey, migrateEventStore } from '@fpa/write-model/event-store';
import { exportEventLog } from '@fpa/write-model/event-log';
import { argument } from './cli-args.ts';

const dataDir = process.env.DATA_DIR ?? './data';
const databaseUrl = process.env.DATABASE_URL?.trim();
const file = argument('--out');
const sql = await createSqlClient(databaseUrl ? { databaseUrl } : { dataDir });
const out = file ? createWriteStream(file) : process.stdout;
try {
  // A data folder that never ran has no tables yet: it exports an empty log rather than failing.
  await migrateEventStore(sql);
  const summary = await exportEventLog({
    sql,
    masterKey: loadMasterKey({ dataKey: process.env.DATA_KEY, dataDir }),
    ...(process.env.EXPORT_PASSPHRASE ? { passphrase: process.env.EXPORT_PASSPHRASE } : {}),
    out,
  });
  if (file) {
    out.end();
    await finished(out);
  }
  process.stderr.write(
    `exported ${summary.events} events, ${summary.keys} subject keys, ${summary.rows} table rows${file ? ` to ${file}` : ''}\n`,
  );
} finally {
  await sql.close();
}

import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyring, createPostgresEventStore, type SqlClient } from '@fpa/write-model/event-store';
import { exportEventLog, importEventLog } from '@fpa/write-model/event-log';
import { migrateWriteModel } from '@fpa/write-model';
import { pgliteDriver, testDrivers, type TestDatabase, type TestDriver } from '@fpa/write-model/testing';
import { allProjectors, catchUpTo, committedHead, createProjectionEngine } from '@fpa/projections';
import { registration, startTestApp, type TestApp } from './testing.ts';
import { seedReportsCompany } from './reports.seed.testing.ts';

/**
 * Moving from the embedded database to a server: a company's book made through the API on PGlite,
 * exported as NDJSON, imported into an empty database (PostgreSQL when TEST_DATABASE_URL is set),
 * read models rebuilt there. They equal the source's, and the administrator signs in on the target.
 */
async function exportToText(sql: SqlClient, masterKey: Buffer, passphrase?: string): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportEventLog({ sql, masterKey, out, pageSize: 37, ...(passphrase ? { passphrase } : {}) });
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

function streamOf(text: string): PassThrough {
  const input = new PassThrough();
  input.end(text);
  return input;
}

async function readModels(sql: SqlClient): Promise<Record<string, string[]>> {
  const views = await sql.query<{ name: string }>(`select viewname as name from pg_views where schemaname = 'public' order by viewname`);
  const models: Record<string, string[]> = {};
  for (const { name } of views) {
    const rows = await sql.query<{ row: unknown }>(`select to_jsonb(v) as row from public."${name}" v`);
    models[name] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return models;
}

async function rebuild(sql: SqlClient, masterKey: Buffer): Promise<void> {
  const store = await createPostgresEventStore(sql, { keyring: await createKeyring(sql, masterKey) });
  const result = await catchUpTo(createProjectionEngine({ sql, store, projectors: allProjectors }), await committedHead(sql));
  await store.close();
  expect(result.failed).toEqual([]);
}

describe.each(testDrivers())('export from PGlite and import into $name', (target: TestDriver) => {
  let source: TestApp;
  let admin: { username: string; password: string };
  let sourceKey: Buffer;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    sourceKey = randomBytes(32);
    source = await startTestApp(pgliteDriver, {}, { DATA_KEY: sourceKey.toString('base64') });
    const input = registration();
    admin = { username: input.username, password: input.password };
    const registered = await source.request('POST', '/api/register', input);
    await seedReportsCompany(source, registered.body.token);
    await source.request('POST', '/api/register', registration());
    // Everything the source's read models hold has been projected (each command waited for it).
  });
  afterAll(async () => {
    for (const db of targets) await db.dispose();
    await source?.close();
  });

  it('under a new master key through a passphrase: the same read models, and the administrator signs in', async () => {
    const text = await exportToText(source.services.sql, sourceKey, 'correct horse battery staple');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ kind: 'header', keys: { mode: 'passphrase' } });
    // Personal data stays ciphertext in the file.
    expect(text).not.toContain('Member00');
    expect(text).toContain('"$pii"');
    expect(lines.some((l) => l.kind === 'row' && l.table === 'auth_credentials')).toBe(true);
    expect(lines.some((l) => l.kind === 'row' && l.table === 'auth_sessions')).toBe(false);

    const db = await target.create();
    targets.push(db);
    const targetKey = randomBytes(32);
    await migrateWriteModel(db.sql);
    await expect(
      importEventLog({ sql: db.sql, masterKey: targetKey, input: streamOf(text), passphrase: 'not the passphrase' }),
    ).rejects.toThrow('The passphrase does not open the subject keys in this file.');
    const summary = await importEventLog({
      sql: db.sql,
      masterKey: targetKey,
      input: streamOf(text),
      passphrase: 'correct horse battery staple',
      batchSize: 20,
    });
    const trailer = lines[lines.length - 1];
    expect(summary).toMatchObject({ events: trailer.events, keys: trailer.keys, rows: trailer.rows });
    expect(summary.events).toBeGreaterThan(40);
    // Analyzed once loaded: the planner knows the log's size (reltuples is -1 for a table never analyzed).
    const [log] = await db.sql.query<{ reltuples: number }>(
      `select reltuples::int as reltuples from pg_class where oid = 'es_events'::regclass`,
    );
    expect(log?.reltuples).toBe(summary.events);
    await expect(
      importEventLog({ sql: db.sql, masterKey: targetKey, input: streamOf(text), passphrase: 'correct horse battery staple' }),
    ).rejects.toThrow('empty database');

    await rebuild(db.sql, targetKey);
    const expected = await readModels(source.services.sql);
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(await readModels(db.sql)).toEqual(expected);

    const onTarget = await startTestApp(
      { name: target.name, create: async () => ({ ...db, dispose: async () => {} }) },
      {},
      { DATA_KEY: targetKey.toString('base64') },
    );
    try {
      const login = await onTarget.request('POST', '/api/login', admin);
      expect(login.status).toBe(200);
      const members = await onTarget.request('GET', '/api/members', undefined, { token: login.body.token });
      expect(JSON.stringify(members.body)).toContain('Member00');
    } finally {
      await onTarget.close();
    }
  });

  it('under the same master key as stored, and a target with another key is refused before anything is written', async () => {
    const text = await exportToText(source.services.sql, sourceKey);
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ keys: { mode: 'master' } });
    const db = await target.create();
    targets.push(db);
    await migrateWriteModel(db.sql);
    await expect(importEventLog({ sql: db.sql, masterKey: randomBytes(32), input: streamOf(text) })).rejects.toThrow(
      'wrapped under another master key',
    );
    expect(await db.sql.query('select 1 from es_events')).toEqual([]);
    await importEventLog({ sql: db.sql, masterKey: sourceKey, input: streamOf(text) });
    await rebuild(db.sql, sourceKey);
    expect(await readModels(db.sql)).toEqual(await readModels(source.services.sql));
    // A file cut short is refused, and leaves nothing behind.
    const cut = await target.create();
    targets.push(cut);
    await migrateWriteModel(cut.sql);
    await expect(
      importEventLog({ sql: cut.sql, masterKey: sourceKey, input: streamOf(text.split('\n').slice(0, -3).join('\n')) }),
    ).rejects.toThrow('cut short');
    expect(await cut.sql.query('select 1 from es_events union all select 1 from es_subject_keys')).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers, type TestDatabase } from '../testing/databases.ts';
import { createKeyring } from './pii.ts';

describe.each(testDrivers())('keyring on $name', (driver) => {
  let db: TestDatabase;
  const masterKey = randomBytes(32);
  beforeAll(async () => {
    db = await driver.create();
  });
  afterAll(async () => {
    await db.dispose();
  });

  it('creates one key per subject inside the transaction, stored only wrapped', async () => {
    const keyring = await createKeyring(db.sql, masterKey);
    const [first, second] = await Promise.all(
      [1, 2].map(() => db.sql.transaction(async (tx) => (await keyring.keysForWrite(tx, ['s-1', 's-2', 's-1'])).keys)),
    );
    expect(first?.get('s-1')).toHaveLength(32);
    expect(second?.get('s-1')).toEqual(first?.get('s-1'));
    expect(first?.get('s-2')).not.toEqual(first?.get('s-1'));
    const rows = await db.sql.query<{ text: string }>(
      `select encode(wrapped_key, 'hex') as text from es_subject_keys where subject_id = 's-1'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).not.toContain(first!.get('s-1')!.toString('hex'));
    // Another process (another keyring, same master key) finds the same key.
    expect((await (await createKeyring(db.sql, masterKey)).keysForRead(['s-1'])).get('s-1')).toEqual(first?.get('s-1'));
  });

  it('fails loudly with the wrong master key instead of reading data as erased', async () => {
    const keyring = await createKeyring(db.sql, masterKey);
    await db.sql.transaction(async (tx) => keyring.keysForWrite(tx, ['s-3']));
    const wrong = await createKeyring(db.sql, randomBytes(32));
    await expect(wrong.keysForRead(['s-3'])).rejects.toThrow();
  });

  it('a destroy made elsewhere shows here once the cached key expires; unknown subjects read as erased', async () => {
    const here = await createKeyring(db.sql, masterKey, { cacheTtlMs: 0 });
    const elsewhere = await createKeyring(db.sql, masterKey);
    await db.sql.transaction(async (tx) => here.keysForWrite(tx, ['s-4']));
    expect((await here.keysForRead(['s-4'])).get('s-4')).toHaveLength(32);
    await elsewhere.destroy('s-4');
    await elsewhere.destroy('s-4');
    expect((await here.keysForRead(['s-4'])).get('s-4')).toBeNull();
    expect((await here.keysForRead(['never-seen'])).get('never-seen')).toBeNull();
    // ... which is not an erasure: personal data about them can still be recorded.
    const later = await db.sql.transaction(async (tx) => here.keysForWrite(tx, ['never-seen']));
    expect(later.keys.get('never-seen')).toHaveLength(32);
    await expect(db.sql.transaction(async (tx) => here.keysForWrite(tx, ['s-4']))).rejects.toMatchObject({ name: 'SubjectErasedError' });
  });

  it('keeps working with a cache smaller than the working set', async () => {
    const keyring = await createKeyring(db.sql, masterKey, { cacheSize: 1 });
    const ids = ['c-1', 'c-2', 'c-3'];
    const created = await db.sql.transaction(async (tx) => keyring.keysForWrite(tx, ids));
    created.remember();
    const read = await keyring.keysForRead(ids);
    for (const id of ids) expect(read.get(id)).toEqual(created.keys.get(id));
  });

  it('refuses a master key of the wrong size', async () => {
    await expect(createKeyring(db.sql, randomBytes(16))).rejects.toThrow(/32 bytes/);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers, type TestDatabase } from '../testing/index.ts';
import { migrateWriteModel } from '../migrate.ts';
import { DomainError } from '../errors.ts';
import {
  attachObjects,
  beginUpload,
  completeUpload,
  createUploadSlot,
  DOCUMENT_ATTACHED_ELSEWHERE,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_NOT_STORED,
  DOCUMENT_USED_TWICE,
  failUpload,
  findStoredObject,
  objectIdFromReference,
  resolveObjectReference,
  UPLOAD_LINK_INVALID,
} from './stored-objects.ts';

const file = { originalName: 'id.pdf', contentType: 'application/pdf', size: 1234, sha256: 'ab'.repeat(32), storageKey: 'k' };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('reading an object id from what the client stored', () => {
  const id = randomUUID();
  it.each([
    [`https://app.example.co.za/api/objects/uploads/${id}?token=abc`],
    [`http://localhost:3000/api/objects/uploads/${id}`],
    [`/api/objects/uploads/${id}?token=abc`],
    [`/objects/${id}`],
    [` /objects/${id.toUpperCase()} `],
  ])('%s', (reference) => {
    expect(objectIdFromReference(reference)).toBe(id);
  });
  it.each([['/objects/not-a-uuid'], ['/api/members/' + id], [''], ['http://[bad']])('refuses %s', (reference) => {
    expect(objectIdFromReference(reference)).toBeNull();
  });
});

describe.each(testDrivers())('stored objects on $name', (driver) => {
  let db: TestDatabase;
  const company = randomUUID();
  const user = randomUUID();

  beforeAll(async () => {
    db = await driver.create();
    await migrateWriteModel(db.sql);
    await migrateWriteModel(db.sql); // idempotent
  });
  afterAll(async () => db?.dispose());

  async function storedObject(companyId = company) {
    const slot = await createUploadSlot(db.sql, { companyId, userId: user });
    await beginUpload(db.sql, slot.id, slot.token);
    return completeUpload(db.sql, slot.id, { ...file, storageKey: `${companyId}/${slot.id}` });
  }

  it('hands out a single-use URL that keeps only the hash of its token and expires in 15 minutes', async () => {
    const now = new Date('2025-03-01T10:00:00Z');
    const slot = await createUploadSlot(db.sql, { companyId: company, userId: user, now });
    expect(slot.expiresAt.toISOString()).toBe('2025-03-01T10:15:00.000Z');
    expect(slot.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.sql.query<{ token_hash: string }>(`select token_hash from stored_objects where id = $1`, [slot.id]);
    expect(row!.token_hash).not.toContain(slot.token);

    expect((await refusal(beginUpload(db.sql, slot.id, 'wrong', now))).message).toBe(UPLOAD_LINK_INVALID);
    expect((await refusal(beginUpload(db.sql, slot.id, slot.token, new Date('2025-03-01T10:15:00Z')))).code).toBe('INVALID_TOKEN');
    const begun = await beginUpload(db.sql, slot.id, slot.token, now);
    expect(begun.status).toBe('uploading');
    expect((await refusal(beginUpload(db.sql, slot.id, slot.token, now))).code).toBe('INVALID_TOKEN');
    expect((await refusal(beginUpload(db.sql, 'nope', slot.token, now))).code).toBe('INVALID_TOKEN');
  });

  it('of two concurrent uses of one URL only one gets in', async () => {
    const slot = await createUploadSlot(db.sql, { companyId: company, userId: user });
    const results = await Promise.allSettled([beginUpload(db.sql, slot.id, slot.token), beginUpload(db.sql, slot.id, slot.token)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('records a finished upload, and a failed one can never be used again', async () => {
    const stored = await storedObject();
    expect(stored).toMatchObject({ status: 'stored', size: 1234, contentType: 'application/pdf', objectPath: `/objects/${stored.id}` });
    expect(await findStoredObject(db.sql, stored.id)).toEqual(stored);
    expect(await findStoredObject(db.sql, 'not-an-id')).toBeNull();

    const slot = await createUploadSlot(db.sql, { companyId: company, userId: user });
    await beginUpload(db.sql, slot.id, slot.token);
    await failUpload(db.sql, slot.id);
    expect((await findStoredObject(db.sql, slot.id))!.status).toBe('failed');
    expect((await refusal(beginUpload(db.sql, slot.id, slot.token))).code).toBe('INVALID_TOKEN');
    await expect(completeUpload(db.sql, slot.id, file)).rejects.toThrow(/not being uploaded/);
  });

  it('resolves a reference only to a stored object of the same company', async () => {
    const stored = await storedObject();
    const url = `https://app.example.co.za/api/objects/uploads/${stored.id}?token=used`;
    expect((await resolveObjectReference(db.sql, company, url)).id).toBe(stored.id);
    expect((await resolveObjectReference(db.sql, company, stored.objectPath)).id).toBe(stored.id);

    const foreign = await refusal(resolveObjectReference(db.sql, randomUUID(), url, 'deceasedIdDocument'));
    expect(foreign).toMatchObject({ code: 'VALIDATION_FAILED', message: DOCUMENT_NOT_FOUND });
    expect(foreign.issues).toEqual([{ path: ['deceasedIdDocument'], message: DOCUMENT_NOT_FOUND }]);
    expect((await refusal(resolveObjectReference(db.sql, company, `/objects/${randomUUID()}`))).message).toBe(DOCUMENT_NOT_FOUND);
    expect((await refusal(resolveObjectReference(db.sql, company, 'death-certificate.pdf'))).message).toBe(DOCUMENT_NOT_FOUND);

    const pending = await createUploadSlot(db.sql, { companyId: company, userId: user });
    expect((await refusal(resolveObjectReference(db.sql, company, `/objects/${pending.id}`))).message).toBe(DOCUMENT_NOT_STORED);
  });

  it('attaches objects to one claim inside the caller’s transaction, never to two', async () => {
    const [a, b] = [await storedObject(), await storedObject()];
    const claim = randomUUID();
    await db.sql.transaction((tx) => attachObjects(tx, company, [a.id, b.id], claim));
    expect((await findStoredObject(db.sql, a.id))!.claimId).toBe(claim);
    // A retried command attaching the same objects to the same claim is harmless.
    await db.sql.transaction((tx) => attachObjects(tx, company, [a.id, b.id], claim));

    const c = await storedObject();
    const elsewhere = await refusal(db.sql.transaction((tx) => attachObjects(tx, company, [c.id, a.id], randomUUID())));
    expect(elsewhere).toMatchObject({ code: 'RULE_VIOLATED', message: DOCUMENT_ATTACHED_ELSEWHERE });
    expect((await findStoredObject(db.sql, c.id))!.claimId).toBeNull(); // rolled back with the append

    expect((await refusal(db.sql.transaction((tx) => attachObjects(tx, company, [c.id, c.id], randomUUID())))).message).toBe(
      DOCUMENT_USED_TWICE,
    );
    const foreign = await storedObject(randomUUID());
    expect((await refusal(db.sql.transaction((tx) => attachObjects(tx, company, [foreign.id], randomUUID())))).message).toBe(
      DOCUMENT_NOT_FOUND,
    );
    const pending = await createUploadSlot(db.sql, { companyId: company, userId: user });
    expect((await refusal(db.sql.transaction((tx) => attachObjects(tx, company, [pending.id], randomUUID())))).message).toBe(
      DOCUMENT_NOT_STORED,
    );
  });

  it('of two claims racing for one object only one gets it', async () => {
    const shared = await storedObject();
    const results = await Promise.allSettled(
      [randomUUID(), randomUUID()].map((claim) =>
        db.sql.transaction(async (tx) => {
          await attachObjects(tx, company, [shared.id], claim);
          await tx.query('select pg_sleep(0.05)');
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'RULE_VIOLATED' });
  });
});

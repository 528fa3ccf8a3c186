import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { pgliteDriver } from '@fpa/write-model/testing';
import { loadConfig, type ObjectStoreConfig } from '../config.ts';
import { registration, startTestApp } from '../testing.ts';
import { FileTooLargeError } from './receive.ts';
import { createS3ObjectStore } from './s3-object-store.ts';
import { docx, png } from './test-files.ts';

async function* chunks(...parts: (Uint8Array | Error)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield part;
  }
}

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string | null> {
  return stream ? new Response(stream).text() : null;
}

/** The adapter against an S3-compatible server (s3rver, in-process, storing in a temporary folder). */
describe('the S3-compatible object store', () => {
  let s3: S3rver;
  let dir: string;
  let config: Extract<ObjectStoreConfig, { kind: 's3' }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fpa-s3rver-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'claims-documents' }] });
    const { port } = await s3.run();
    const env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'claims-documents',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    config = loadConfig(env).objectStore as typeof config;
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is chosen by the S3 settings, which must be complete', () => {
    expect(config).toMatchObject({ kind: 's3', bucket: 'claims-documents', region: 'us-east-1' });
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ DATA_DIR: '/srv/fpa' }).objectStore).toEqual({ kind: 'local', dir: '/srv/fpa/objects' });
  });

  it('puts, gets and deletes an object under a nested key', async () => {
    const store = createS3ObjectStore(config);
    await store.put('company/one', chunks(Buffer.from('hello '), Buffer.from('world')));
    expect(await text(await store.get('company/one'))).toBe('hello world');
    await store.delete('company/one');
    expect(await store.get('company/one')).toBeNull();
    await store.delete('company/one'); // deleting a missing object is fine
  });

  it('sends nothing when the source fails half-way', async () => {
    const store = createS3ObjectStore(config);
    await expect(store.put('company/two', chunks(Buffer.from('start'), new FileTooLargeError()))).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await store.get('company/two')).toBeNull();
  });

  // s3rver checks the key id of a V4 signature, not the signature itself: that part is aws4fetch's.
  it('is refused with an unknown access key, and says what S3 answered', async () => {
    const store = createS3ObjectStore({ ...config, accessKeyId: 'UNKNOWN' });
    await expect(store.put('company/three', chunks(Buffer.from('x')))).rejects.toThrow(/S3 PUT company\/three answered 403/);
  });

  it('carries the whole upload flow: PUT to the URL, then view the document', async () => {
    const t = await startTestApp(pgliteDriver, { objectStore: config });
    try {
      const token = (await t.request('POST', '/api/register', registration())).body.token;
      for (const bytes of [png(), docx()]) {
        const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
        const put = await t.app.handle(new Request(uploadURL, { method: 'PUT', body: new Uint8Array(bytes) }));
        expect(put.status).toBe(200);
        const { objectPath } = await put.json();
        const view = await t.app.handle(
          new Request(`http://localhost/api/documents/${objectPath.split('/').pop()}/view`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        );
        expect(view.status).toBe(200);
        expect(Buffer.from(await view.arrayBuffer())).toEqual(bytes);
      }
    } finally {
      await t.close();
    }
  });
});

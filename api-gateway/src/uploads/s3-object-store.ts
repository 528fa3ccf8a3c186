import { createHash } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import type { ObjectStoreConfig } from '../config.ts';
import type { ObjectStore } from './object-store.ts';

type S3Config = Extract<ObjectStoreConfig, { kind: 's3' }>;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), addressed path-style
 * (`<endpoint>/<bucket>/<key>`) and signed with AWS Signature V4 by aws4fetch.
 *
 * A PutObject must state its length up front, and the upload arrives as a stream of unknown
 * length; so put() spools the (at most 10 MiB) body to a temporary file first, hashing it on the
 * way, then sends the file with its SHA-256 signed in, which S3 checks. A source that fails half-way
 * (too large) fails before anything is sent: no partial object can exist in the bucket.
 */
export function createS3ObjectStore(config: S3Config): ObjectStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 2,
  });
  const base = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;

  async function refused(response: Response, what: string): Promise<Error> {
    const detail = (await response.text()).slice(0, 500);
    return new Error(`S3 ${what} answered ${response.status}: ${detail}`);
  }

  return {
    async put(key, source) {
      const dir = await mkdtemp(join(tmpdir(), 'fpa-upload-'));
      try {
        const path = join(dir, 'body');
        const hash = createHash('sha256');
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(Readable.from(source), hashing, createWriteStream(path));
        // A Blob backed by the file: sent with its Content-Length, re-readable if aws4fetch retries.
        const body = await openAsBlob(path);
        const response = await client.fetch(urlOf(key), {
          method: 'PUT',
          body,
          headers: { 'content-type': 'application/octet-stream', 'x-amz-content-sha256': hash.digest('hex') },
        });
        if (!response.ok) throw await refused(response, `PUT ${key}`);
        await response.body?.cancel();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await refused(response, `GET ${key}`);
      return response.body;
    },

    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await refused(response, `DELETE ${key}`);
      await response.body?.cancel();
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDriver } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { createHttpServer } from '../http.ts';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from './file-types.ts';
import { pdfOfSize } from './test-files.ts';

/**
 * The same limits through the real Node server, because that is where streaming can go wrong: the
 * client must get the 413 answer (not a reset connection) while it is still sending.
 */
describe('uploads over a real socket', () => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let server: ReturnType<typeof createHttpServer>;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fpa-objects-'));
    t = await startTestApp(pgliteDriver, { objectStore: { kind: 'local', dir } });
    token = (await t.request('POST', '/api/register', registration())).body.token;
    server = createHttpServer(t.app, t.services);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function uploadURL(): Promise<string> {
    const { uploadURL } = (await t.request('POST', '/api/objects/upload', undefined, { token })).body;
    return uploadURL.replace('http://localhost', `http://127.0.0.1:${port}`);
  }

  it('answers 413 to a chunked body that keeps coming past 10 MiB', async () => {
    const body = pdfOfSize(3 * MAX_UPLOAD_BYTES);
    const url = await uploadURL();
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = httpRequest(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', reject);
      let sent = 0;
      const write = () => {
        while (sent < body.length) {
          const chunk = body.subarray(sent, sent + 64 * 1024);
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ message: FILE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stores exactly 10 MiB sent by fetch, and refuses one byte more by its Content-Length', async () => {
    const ok = await fetch(await uploadURL(), { method: 'PUT', body: new Uint8Array(pdfOfSize(MAX_UPLOAD_BYTES)) });
    expect(ok.status).toBe(200);
    expect((await ok.json()).size).toBe(MAX_UPLOAD_BYTES);
    const tooBig = await fetch(await uploadURL(), { method: 'PUT', body: new Uint8Array(pdfOfSize(MAX_UPLOAD_BYTES + 1)) });
    expect(tooBig.status).toBe(413);
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { createUploadSlot, findStoredObject, resolveObjectReference } from '@fpa/write-model';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UNSUPPORTED_FILE_TYPE } from './file-types.ts';
import { doc, docx, exe, pdf, pdfOfSize, png } from './test-files.ts';

const SUPER = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass' };

/** A body sent in 64 KiB chunks without Content-Length, counting how much the server pulled. */
function chunked(bytes: Buffer) {
  let offset = 0;
  const source = {
    pulled: 0,
    stream: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        const chunk = bytes.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        source.pulled = offset;
        controller.enqueue(new Uint8Array(chunk));
      },
    }),
  };
  return source;
}

describe.each(testDrivers())('uploads and documents over HTTP on $name', (driver) => {
  let t: TestApp;
  let dir: string;
  let token: string;
  let otherToken: string;
  let otherCompanyId: string;
  let superToken: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fpa-objects-'));
    t = await startTestApp(driver, { objectStore: { kind: 'local', dir } }, SUPER);
    token = (await t.request('POST', '/api/register', registration())).body.token;
    const other = (await t.request('POST', '/api/register', registration())).body;
    otherToken = other.token;
    otherCompanyId = other.user.companyId;
    superToken = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function uploadURL(as = token): Promise<string> {
    const answer = await t.request('POST', '/api/objects/upload', undefined, { token: as });
    expect(answer.status).toBe(200);
    return answer.body.uploadURL;
  }

  async function put(url: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
    const init: RequestInit & { duplex?: 'half' } = {
      method: 'PUT',
      headers,
      body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
      duplex: 'half',
    };
    const response = await t.app.handle(new Request(url, init));
    return { status: response.status, body: await response.json() };
  }

  const files = () => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const objectId = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('hands the claim roles a single-use absolute URL on this server', async () => {
    const url = await uploadURL();
    expect(url).toMatch(/^http:\/\/localhost\/api\/objects\/uploads\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]{43}$/);
    expect((await t.request('POST', '/api/objects/upload')).status).toBe(401);
    // The platform's super admin has no company to upload for.
    expect((await t.request('POST', '/api/objects/upload', undefined, { token: superToken })).status).toBe(403);
  });

  it.each([
    ['png', png(), 'image/png', 'text/plain'],
    ['pdf', pdf(), 'application/pdf', 'application/pdf'],
    ['docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    ['doc', doc(), 'application/msword', 'application/octet-stream'],
  ])('stores a %s, recognised by its bytes whatever the header says', async (ext, bytes, contentType, claimed) => {
    const url = await uploadURL();
    const name = `Death certificate – Ndlovu.${ext}`;
    const answer = await put(url, bytes, { 'content-type': claimed, 'x-file-name': encodeURIComponent(name) });
    expect(answer.status).toBe(200);
    const id = objectId(url);
    expect(answer.body).toEqual({ objectPath: `/objects/${id}`, size: bytes.length, contentType, originalName: name });
    const stored = (await findStoredObject(t.services.sql, id))!;
    expect(stored).toMatchObject({ status: 'stored', sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
    expect(readFileSync(join(dir, stored.storageKey!))).toEqual(bytes);
  });

  it('accepts exactly 10 MiB, streamed or declared', async () => {
    const exact = pdfOfSize(MAX_UPLOAD_BYTES);
    expect((await put(await uploadURL(), exact)).body.size).toBe(MAX_UPLOAD_BYTES);
    expect((await put(await uploadURL(), chunked(exact).stream)).body.size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses one byte more with 413 while streaming, and keeps nothing', async () => {
    const before = files().length;
    const url = await uploadURL();
    const source = chunked(pdfOfSize(2 * MAX_UPLOAD_BYTES));
    const answer = await put(url, source.stream);
    expect(answer).toEqual({ status: 413, body: { message: FILE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE', issues: [] } });
    // Refused as the limit passed, not after reading the whole 20 MiB.
    expect(source.pulled).toBeLessThan(MAX_UPLOAD_BYTES + 4 * 64 * 1024);

    const oneMore = await uploadURL();
    expect((await put(oneMore, chunked(pdfOfSize(MAX_UPLOAD_BYTES + 1)).stream)).status).toBe(413);
    const declared = await uploadURL();
    expect((await put(declared, pdfOfSize(MAX_UPLOAD_BYTES + 1))).status).toBe(413);

    expect(files()).toHaveLength(before);
    for (const refused of [url, oneMore, declared]) {
      expect((await findStoredObject(t.services.sql, objectId(refused)))!.status).toBe('failed');
    }
  });

  it.each([
    ['an executable', exe()],
    ['a text file', Buffer.from('This is not really a PDF, just text.\n')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s named .pdf with 415', async (_what, bytes) => {
    const before = files().length;
    const url = await uploadURL();
    const answer = await put(url, bytes, { 'content-type': 'application/pdf', 'x-file-name': 'claim.pdf' });
    expect(answer).toEqual({ status: 415, body: { message: UNSUPPORTED_FILE_TYPE, code: 'UNSUPPORTED_MEDIA_TYPE', issues: [] } });
    expect(files()).toHaveLength(before);
    expect((await findStoredObject(t.services.sql, objectId(url)))!.status).toBe('failed');
  });

  it('refuses a URL used twice, an expired one and a wrong token', async () => {
    const url = await uploadURL();
    expect((await put(url, png())).status).toBe(200);
    const again = await put(url, png());
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');

    const me = (await t.request('GET', '/api/user', undefined, { token })).body;
    const old = await createUploadSlot(t.services.sql, { companyId: me.companyId, userId: me.id, now: new Date(Date.now() - 16 * 60_000) });
    expect((await put(`http://localhost/api/objects/uploads/${old.id}?token=${old.token}`, png())).status).toBe(400);

    const fresh = new URL(await uploadURL());
    fresh.searchParams.set('token', 'x'.repeat(43));
    expect((await put(fresh.toString(), png())).status).toBe(400);
    fresh.searchParams.delete('token');
    expect((await put(fresh.toString(), png())).status).toBe(400);
  });

  it('serves a document to its company inline or as a download, and to nobody else', async () => {
    const url = await uploadURL();
    const bytes = pdf();
    await put(url, bytes, { 'x-file-name': encodeURIComponent('ID – Sipho "S" Dlamini.pdf') });
    const id = objectId(url);

    const view = await t.app.handle(
      new Request(`http://localhost/api/documents/${id}/view`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(view.status).toBe(200);
    expect(Buffer.from(await view.arrayBuffer())).toEqual(bytes);
    expect(view.headers.get('content-type')).toBe('application/pdf');
    expect(view.headers.get('content-length')).toBe(String(bytes.length));
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
    expect(view.headers.get('content-disposition')).toBe(
      `inline; filename="ID _ Sipho _S_ Dlamini.pdf"; filename*=UTF-8''ID%20%E2%80%93%20Sipho%20%22S%22%20Dlamini.pdf`,
    );
    const download = await t.request('GET', `/api/documents/${id}/download`, undefined, { token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''ID%20/);
    expect(download.headers.get('cache-control')).toBe('private, no-store');

    // Another company's user: the same 404 as an id that does not exist.
    const unknown = await t.request('GET', `/api/documents/${crypto.randomUUID()}/view`, undefined, { token: otherToken });
    for (const path of [`/api/documents/${id}/view`, `/api/documents/${id}/download`]) {
      const foreign = await t.request('GET', path, undefined, { token: otherToken });
      expect({ status: foreign.status, body: foreign.body }).toEqual({ status: unknown.status, body: unknown.body });
      expect(foreign.status).toBe(404);
    }
    await expect(resolveObjectReference(t.services.sql, otherCompanyId, url)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await t.request('GET', `/api/documents/${id}/view`)).status).toBe(401);
    expect((await t.request('GET', `/api/documents/not-an-id/view`, undefined, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/documents/%E0%A4%A/view`, undefined, { token })).status).toBe(404);
    // The platform operator may open any company's document.
    expect((await t.request('GET', `/api/documents/${id}/view`, undefined, { token: superToken })).status).toBe(200);
  });

  it('leaves other routes’ body limit and JSON parsing as they were', async () => {
    const big = await t.request('POST', '/api/login', { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    expect(big.status).toBe(413);
    const malformed = await t.request('POST', '/api/login', '{not json', { headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { MAX_OUTSTANDING_UPLOAD_URLS, TOO_MANY_UPLOAD_URLS, UPLOAD_URL_TTL_MINUTES } from '@fpa/write-model';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { UPLOADS_SUSPENDED } from './uploads.ts';
import { pdf } from './test-files.ts';

const SUPER = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass' };

/** Issue #27 §4: no uploads for a suspended company, and no unbounded pile of upload URLs. */
describe.each(testDrivers())('upload limits on $name', (driver) => {
  let t: TestApp;
  let dir: string;
  let superToken: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fpa-objects-'));
    t = await startTestApp(driver, { objectStore: { kind: 'local', dir } }, SUPER);
    superToken = (await t.request('POST', '/api/login', { username: SUPER.SUPER_ADMIN_USERNAME, password: SUPER.SUPER_ADMIN_PASSWORD }))
      .body.token;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = async (url: string) => {
    const response = await t.app.handle(
      new Request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: new Uint8Array(pdf()) }),
    );
    return { status: response.status, body: await response.json() };
  };

  it('refuses an upload to a suspended company with 403, even on a URL issued before the suspension', async () => {
    const admin = (await t.request('POST', '/api/register', registration())).body;
    const url = (await t.request('POST', '/api/objects/upload', undefined, { token: admin.token })).body.uploadURL;
    const suspended = await t.request(
      'POST',
      `/api/super-admin/companies/${admin.user.companyId}/suspend`,
      { reason: 'Unpaid' },
      { token: superToken },
    );
    expect(suspended.status).toBe(200);
    const refused = await put(url);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'COMPANY_SUSPENDED', message: UPLOADS_SUSPENDED });
    const [row] = await t.services.sql.query<{ status: string }>(`select status from stored_objects where id = $1`, [
      new URL(url).pathname.split('/').pop(),
    ]);
    expect(row!.status).toBe('failed');
    // The suspended company's sessions are void, so no new URL either.
    expect((await t.request('POST', '/api/objects/upload', undefined, { token: admin.token })).status).toBe(401);
  });

  it(`caps a user's outstanding upload URLs at ${MAX_OUTSTANDING_UPLOAD_URLS} (429), freed by using or outliving them`, async () => {
    const { token } = (await t.request('POST', '/api/register', registration())).body;
    const urls: string[] = [];
    for (let i = 0; i < MAX_OUTSTANDING_UPLOAD_URLS; i++) {
      const answer = await t.request('POST', '/api/objects/upload', undefined, { token });
      expect(answer.status).toBe(200);
      urls.push(answer.body.uploadURL);
    }
    const refused = await t.request('POST', '/api/objects/upload', undefined, { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_UPLOAD_URLS });
    // Using one frees its place.
    expect((await put(urls[0]!)).status).toBe(200);
    expect((await t.request('POST', '/api/objects/upload', undefined, { token })).status).toBe(200);
    expect((await t.request('POST', '/api/objects/upload', undefined, { token })).status).toBe(429);
    // Expired URLs do not count.
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + (UPLOAD_URL_TTL_MINUTES + 1) * 60_000);
    try {
      expect((await t.request('POST', '/api/objects/upload', undefined, { token })).status).toBe(200);
    } finally {
      t.services.now = realNow;
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDriver } from '@fpa/write-model/testing';
import { loadConfig } from './config.ts';
import { MALFORMED_JSON } from './rest/router.ts';
import { startupReport } from './startup.ts';
import { startTestApp, type TestApp } from './testing.ts';
import { freePort } from './reliability/processes.testing.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const INTROSPECTION = '{ __schema { queryType { name } } }';

/** Issue #27 §2 and §4: what production answers a stranger, and what `npm start` runs. */
describe('production mode (NODE_ENV=production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pgliteDriver, {}, { NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('answers no introspection and no field suggestions', async () => {
    const schema = await t.graphql(INTROSPECTION);
    expect(schema.body.data).toBeUndefined();
    expect(schema.body.errors[0].message).toMatch(/introspection/i);
    const typo = await t.graphql('{ mee { id } }');
    expect(typo.body.errors[0].message).toBe('Cannot query field "mee" on type "Query".');
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean/);
    expect((await t.graphql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
  });

  it('turns introspection back on only with GRAPHQL_INTROSPECTION=on', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'on' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({}).graphqlIntrospection).toBe(true);
    const on = await startTestApp(pgliteDriver, {}, { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'on' });
    try {
      expect((await on.graphql(INTROSPECTION)).body.data.__schema.queryType.name).toBe('Query');
    } finally {
      await on.close();
    }
  });

  it("answers a JSON syntax error with a fixed message, not the parser's", async () => {
    const gql = await t.request('POST', '/graphql', '{"query": "{ me { id } }", ');
    expect(gql.status).toBe(400);
    expect(gql.body).toEqual({ errors: [{ message: MALFORMED_JSON, extensions: { code: 'MALFORMED_JSON' } }] });
    const rest = await t.request('POST', '/api/login', '{"username": ');
    expect(rest.body.message).toBe(MALFORMED_JSON);
    // GET's variables are JSON too: a 400 with the same message, not a masked 500.
    const get = await t.request('GET', `/graphql?query=${encodeURIComponent('{ me { id } }')}&variables=%7Bbad`);
    expect(get.status).toBe(400);
    expect(get.body.errors[0].message).toBe(MALFORMED_JSON);
  });

  it('says at start what is not configured: e-mail, payments, SMS, PUBLIC_URL', () => {
    const report = startupReport(loadConfig({ NODE_ENV: 'production', PORT: '3100' }));
    expect(report.mode).toBe('production');
    expect(report.publicUrl).toBe('http://localhost:3100');
    const text = report.notConfigured.join('\n');
    for (const word of ['PUBLIC_URL', 'SMTP_URL', 'payments', 'SMS']) expect(text).toContain(word);
    expect(report.relaxed).toEqual([]);
    expect(startupReport(loadConfig({})).relaxed).toContain('GraphQL introspection and field suggestions');
    // With an SMS provider configured (issue #24), SMS is not said to be missing.
    const withSms = startupReport(
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'smsportal', SMSPORTAL_CLIENT_ID: 'id', SMSPORTAL_API_SECRET: 'secret' }),
    );
    expect(withSms.notConfigured.join('\n')).not.toContain('SMS');
  });
});

/** A raw request, because fetch refuses to send TRACE at all. */
function raw(port: number, method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm start with no configuration', () => {
  let child: ChildProcess;
  let dir: string;
  let port: number;
  const log: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fpa-start-'));
    // A built web app with a source map left in it, as an older build would leave.
    mkdirSync(join(dir, 'web/assets'), { recursive: true });
    writeFileSync(join(dir, 'web/index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'web/assets/app.js'), 'console.log(1)\n//# sourceMappingURL=app.js.map');
    writeFileSync(join(dir, 'web/assets/app.js.map'), '{"version":3,"sources":["secret.ts"]}');
    port = await freePort();
    // What `npm start` runs after the build, with nothing set but where to keep data and files.
    child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'web') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer) => {
        log.push(chunk.toString());
        if (log.join('').includes('server started')) resolve();
      };
      child.stdout!.on('data', seen);
      child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
      child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${log.join('')}`)));
    });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts in production mode and says what is not configured', async () => {
    // pino writes asynchronously and the embedded projectors' start can hold the event loop for a while on a busy
    // machine: the lines after "server started" may come seconds later (seen in CI). SMS is the last of them.
    await expect.poll(() => log.join(''), { timeout: 30_000, interval: 50 }).toMatch(/not configured: SMS/);
    const text = log.join('');
    expect(text).toContain('server started in production mode');
    expect(text).toMatch(/not configured: e-mail \(SMTP_URL\)/);
    expect(text).toMatch(/not configured: payments/);
    expect(text).toMatch(/not configured: SMS/);
    expect(text).toMatch(/not configured: PUBLIC_URL: not set, so links in e-mails point to http:\/\/localhost:\d+/);
  });

  it('answers TRACE and other unsupported methods with 405 and Allow, never a stack trace', async () => {
    const trace = await raw(port, 'TRACE', '/api/user');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(trace.body).not.toMatch(/at |Error|node_modules/);
    expect(JSON.parse(trace.body).code).toBe('METHOD_NOT_ALLOWED');
    const page = await raw(port, 'PROPFIND', '/members');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    expect((await raw(port, 'DELETE', '/')).status).toBe(405);
    const wrongRoute = await raw(port, 'PUT', '/api/user');
    expect(wrongRoute.status).toBe(405);
    expect(wrongRoute.headers.allow).toBe('GET');
  });

  it('answers /healthz with the count of parked events (issue #27), and no read replica (issue #28)', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { ok: true, parked: 0, replica: null }]);
  });

  it('serves no source maps, and no introspection', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
    const map = await fetch(`${base}/assets/app.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
    const schema = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: INTROSPECTION }),
    });
    expect(((await schema.json()) as { data?: unknown }).data).toBeUndefined();
  });
});

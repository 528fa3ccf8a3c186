import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDriver, testDrivers } from '@fpa/write-model/testing';
import { loadConfig } from './config.ts';
import { CROSS_SITE_REFUSED, JSON_REQUIRED } from './cross-site.ts';
import { registration, startTestApp, type TestApp } from './testing.ts';

const plan = { name: 'Cross Plan', description: 'x', coverageAmount: '30000', monthlyPremium: '250.50', waitingPeriod: 6 };
/** What a page on another port of the same host sends with the administrator's cookie. */
const samesite = { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' };

/** Issue #27 §3: a page elsewhere can neither read the API with the user's cookie nor change anything. */
describe.each(testDrivers())('cross-site requests on $name', (driver) => {
  let t: TestApp;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = await t.request('POST', '/api/register', registration());
    token = registered.body.token;
    cookie = `fpa_session=${token}`;
  });
  afterAll(async () => t?.close());

  const send = (method: string, path: string, headers: Record<string, string>, body?: string, url = 'http://localhost') =>
    t.app.handle(new Request(`${url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) }), { ip: '127.0.0.1' });

  it('does not reflect a foreign Origin in CORS headers (GraphQL, REST, preflight)', async () => {
    const evil = { origin: 'http://evil.example', 'content-type': 'application/json' };
    const gql = await send('POST', '/graphql', evil, '{"query":"{ me { id } }"}');
    expect(gql.headers.get('access-control-allow-origin')).toBeNull();
    expect(gql.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await send('OPTIONS', '/graphql', { origin: 'http://evil.example', 'access-control-request-method': 'POST' });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const rest = await send('GET', '/api/user', { origin: 'http://evil.example', authorization: `Bearer ${token}` });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses cookie requests from another site (a page on another port): reading members, creating a policy type', async () => {
    const read = await send('GET', '/api/members', { ...samesite, cookie });
    expect(read.status).toBe(403);
    expect((await read.json()).message).toBe(CROSS_SITE_REFUSED);
    const write = await send('POST', '/api/policy-types', { ...samesite, cookie, 'content-type': 'text/plain' }, JSON.stringify(plan));
    expect(write.status).toBe(403);
    const gql = await send(
      'POST',
      '/graphql',
      { ...samesite, cookie, 'content-type': 'application/json' },
      '{"query":"{ members { total } }"}',
    );
    expect(gql.status).toBe(403);
    // Without fetch metadata, the Origin alone decides.
    const byOrigin = await send('GET', '/api/members', { origin: 'http://localhost:8080', cookie });
    expect(byOrigin.status).toBe(403);
    const types = await t.request('GET', '/api/policy-types', undefined, { token });
    expect(types.body.some((p: { name: string }) => p.name === plan.name)).toBe(false);
  });

  it('accepts the same cookie from the application itself, directly or through the Vite proxy', async () => {
    const own = await send('GET', '/api/members', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', cookie });
    expect(own.status).toBe(200);
    // npm run dev: the page on :5173, Vite forwards with the Host header unchanged.
    const proxied = await send(
      'GET',
      '/api/members',
      { origin: 'http://localhost:5173', host: 'localhost:5173', cookie },
      undefined,
      'http://localhost:5173',
    );
    expect(proxied.status).toBe(200);
    // A link followed from elsewhere (a top-level navigation) still opens.
    const navigation = await send('GET', '/api/user', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', cookie });
    expect(navigation.status).toBe(200);
    const noHeaders = await send('GET', '/api/user', { cookie });
    expect(noHeaders.status).toBe(200);
  });

  it('leaves bearer-token clients alone whatever their Origin', async () => {
    const answer = await send('GET', '/api/members', { ...samesite, authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
  });

  it('changes state only with a JSON body: no text/plain REST bodies, no form or multipart GraphQL mutations', async () => {
    const plain = await send(
      'POST',
      '/api/policy-types',
      { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      JSON.stringify(plan),
    );
    expect(plain.status).toBe(415);
    expect((await plain.json()).message).toBe(JSON_REQUIRED);
    const form = await send(
      'POST',
      '/graphql',
      { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      `query=${encodeURIComponent('mutation { logout }')}`,
    );
    expect(form.status).toBe(415);
    const boundary = 'b0undary';
    const multipart = await send(
      'POST',
      '/graphql',
      { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"mutation { logout }"}\r\n--${boundary}--\r\n`,
    );
    expect(multipart.status).toBe(415);
    // The session is still live: neither logout ran.
    expect((await t.request('GET', '/api/user', undefined, { token })).status).toBe(200);
    const json = await send(
      'POST',
      '/api/policy-types',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify(plan),
    );
    expect(json.status).toBe(201);
  });

  // The gateway reads a body once, under its size limit, and hands the text on; it must read it as a fetch body's
  // text() does, so a client that sends a byte-order mark, or text beyond ASCII, is answered as before.
  it('reads a JSON body as text() does: a byte-order mark before a REST body, text beyond ASCII in it', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const named = { ...plan, name: 'Plan Ñandú ’Zulu’ 🌍' };
    const rest = await send('POST', '/api/policy-types', headers, `\uFEFF${JSON.stringify(named)}`);
    expect(rest.status).toBe(201);
    const gql = await send('POST', '/graphql', headers, JSON.stringify({ query: '{ policyTypes { name } }' }));
    expect(gql.status).toBe(200);
    const names = ((await gql.json()) as { data: { policyTypes: { name: string }[] } }).data.policyTypes.map((p) => p.name);
    expect(names).toContain(named.name);
  });
});

describe('CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pgliteDriver, {}, { CORS_ORIGINS: 'https://admin.example.co.za, http://localhost:8443' });
  });
  afterAll(async () => t?.close());

  it('lets a listed origin call with credentials, and only that one', async () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/,http://b.example:81' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:81',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'not an origin' })).toThrow(/CORS_ORIGINS/);
    const origin = 'https://admin.example.co.za';
    const preflight = await t.app.handle(
      new Request('http://localhost/graphql', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const registered = await t.request('POST', '/api/register', registration());
    const cookie = `fpa_session=${registered.body.token}`;
    const listed = await t.app.handle(
      new Request('http://localhost/api/user', { headers: { origin, 'sec-fetch-site': 'cross-site', cookie } }),
    );
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(listed.headers.get('vary')).toContain('Origin');
    const other = await t.app.handle(
      new Request('http://localhost/api/user', { headers: { origin: 'https://other.example', 'sec-fetch-site': 'cross-site', cookie } }),
    );
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

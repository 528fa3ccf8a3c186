import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, issueResetToken, RESET_TOKEN_TTL_MINUTES } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { DEFAULT_ROLE_PERMISSIONS } from '@fpa/write-model/validation';
import { createHttpServer } from '../http.ts';
import { LOGIN_WINDOW_MINUTES, MAX_FAILURES_PER_USERNAME_AND_ADDRESS } from '../auth/rate-limit.ts';
import { companyWithStaff } from '../audit.testing.ts';
import { captureMail, lastResetToken, registration, startTestApp, type TestApp } from '../testing.ts';
import { send, Tally } from './harness.ts';

/**
 * Area 7: the login limiter, reset tokens (once, 30 minutes), logout and role changes on live
 * sessions, the tokens themselves (random, ≥ 128 bits, stored hashed), and the headers and cookies
 * of the real HTTP server.
 */
describe.each(testDrivers())('auth under attack on $name', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('brute force on one username from one address: slowed after the 2nd failure (1 s, 2 s, 4 s), then that address locked (even for the right password), while the user signs in from another', async () => {
    const account = registration();
    await t.request('POST', '/api/register', account);
    // A frozen request clock, moved by hand: the delays are read from it, never slept.
    let clock = Date.now();
    const realNow = t.services.now;
    t.services.now = () => new Date(clock);
    try {
      const tally = new Tally();
      const answers: number[] = [];
      const slowed: number[] = [];
      for (let attempt = 1; attempt <= 20; attempt++) {
        // One address: the per-username-and-address limit. No limit is keyed on the username alone,
        // so a stranger cannot lock the user out (issue #27).
        const guess = () =>
          send(t, 'POST', '/api/login', {
            ip: '10.250.0.1',
            body: JSON.stringify({ username: account.username, password: `guess-${attempt}` }),
          });
        let answer = await guess();
        tally.count(answer.status);
        const retryAfter = answer.headers.get('retry-after');
        if (answer.status === 429 && retryAfter) {
          slowed.push(Number(retryAfter));
          expect(answer.json.message).toBe(`Too many sign-in attempts. Try again in ${retryAfter} second${retryAfter === '1' ? '' : 's'}.`);
          // Still inside the delay a millisecond before it ends: refused again, nothing recorded.
          clock += Number(retryAfter) * 1000 - 1;
          expect((await guess()).status).toBe(429);
          clock += 1;
          answer = await guess();
          tally.count(answer.status);
        }
        answers.push(answer.status);
      }
      const right = await send(t, 'POST', '/api/login', {
        ip: '10.250.0.1',
        body: JSON.stringify({ username: account.username, password: account.password }),
      });
      tally.count(right.status);
      const elsewhere = await send(t, 'POST', '/api/login', {
        ip: '10.250.0.2',
        body: JSON.stringify({ username: account.username, password: account.password }),
      });
      const lockedAfter = answers.indexOf(429);
      console.log(
        tally.summary(
          `area 7 brute force (${driver.name})`,
          `slowed with Retry-After ${slowed.join(' s, ')} s after failures 2–${1 + slowed.length}; the address locked after ${lockedAfter} wrong passwords for ${LOGIN_WINDOW_MINUTES} minutes; the right password then → ${right.status} from it, ${elsewhere.status} from another address`,
        ),
      );
      expect(slowed).toEqual([1, 2, 4]);
      expect(answers.slice(0, MAX_FAILURES_PER_USERNAME_AND_ADDRESS)).toEqual(Array(MAX_FAILURES_PER_USERNAME_AND_ADDRESS).fill(401));
      expect(answers.slice(MAX_FAILURES_PER_USERNAME_AND_ADDRESS)).toEqual(Array(20 - MAX_FAILURES_PER_USERNAME_AND_ADDRESS).fill(429));
      expect(right.status).toBe(429);
      expect(elsewhere.status).toBe(200);
      expect(right.headers.get('retry-after')).toBeNull();
      expect(right.json.message).toMatch(/Too many failed sign-in attempts/);
    } finally {
      t.services.now = realNow;
    }
  });

  it('a slowed username: the right password inside the delay is refused with Retry-After, after it signs in and clears the streak', async () => {
    const account = registration();
    await t.request('POST', '/api/register', account);
    let clock = Date.now();
    const realNow = t.services.now;
    t.services.now = () => new Date(clock);
    try {
      const login = (password: string) =>
        send(t, 'POST', '/api/login', { ip: '10.250.1.1', body: JSON.stringify({ username: account.username, password }) });
      expect((await login('wrong-1')).status).toBe(401);
      expect((await login('wrong-2')).status).toBe(401);
      const early = await login(account.password);
      expect(early.status).toBe(429);
      expect(early.headers.get('retry-after')).toBe('1');
      clock += 1000;
      expect((await login(account.password)).status).toBe(200);
      // The streak is cleared: the next wrong password is checked at once, not slowed.
      expect((await login('wrong-3')).status).toBe(401);
      console.log(
        `[reliability] area 7 slowing (${driver.name}): right password inside the 1 s delay → 429 Retry-After 1, after it → 200, the next failure → 401 (streak cleared)`,
      );
    } finally {
      t.services.now = realNow;
    }
  });

  it(`a reset token works once, and not after ${RESET_TOKEN_TTL_MINUTES} minutes (issued on a clock set back)`, async () => {
    const account = registration();
    const userId = (await t.request('POST', '/api/register', account)).body.user.id;
    const reset = (token: string, newPassword: string) => t.request('POST', '/api/auth/reset-password', { token, newPassword });

    const mail = captureMail(t);
    await t.request('POST', '/api/auth/request-reset', { email: account.email });
    const token = lastResetToken(mail, account.email);
    expect((await reset(token, 'N3w!Password1')).status).toBe(200);
    expect((await reset(token, 'An0ther!Password')).status).toBe(400);
    expect((await t.request('POST', '/api/login', { username: account.username, password: 'N3w!Password1' })).status).toBe(200);

    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const expired = await issueResetToken(t.services.sql, userId, minutesAgo(RESET_TOKEN_TTL_MINUTES + 1));
    expect((await reset(expired, 'Expired!Pass1')).status).toBe(400);
    const stillValid = await issueResetToken(t.services.sql, userId, minutesAgo(RESET_TOKEN_TTL_MINUTES - 1));
    expect((await reset(stillValid, 'St1ll!Valid')).status).toBe(200);
    console.log(
      `[reliability] area 7 reset tokens (${driver.name}): used once ✓, reuse refused ✓, ${RESET_TOKEN_TTL_MINUTES + 1} minutes old refused ✓, ${RESET_TOKEN_TTL_MINUTES - 1} minutes old accepted ✓`,
    );
  });

  it('logout ends the session at once; a role change applies to a live session at once', async () => {
    const permitted = Object.entries(DEFAULT_ROLE_PERMISSIONS).find(
      ([role, names]) => role !== 'administrator' && names.includes('members:create'),
    )![0];
    const refused = Object.entries(DEFAULT_ROLE_PERMISSIONS).find(
      ([, names]) => !names.includes('members:create') && !names.includes('members:read'),
    )![0];
    const company = await companyWithStaff(t, [permitted]);
    const staffToken = company.tokens[permitted]!;
    expect((await t.request('GET', '/api/members', undefined, { token: staffToken })).status).toBe(200);
    const changed = await t.request(
      'PATCH',
      `/api/users/${company.ids[permitted]}/role`,
      { role: refused },
      { token: company.tokens.administrator },
    );
    expect(changed.status).toBe(200);
    expect((await t.request('GET', '/api/members', undefined, { token: staffToken })).status).toBe(403);

    expect((await t.request('GET', '/api/user', undefined, { token: staffToken })).status).toBe(200);
    expect((await t.request('POST', '/api/logout', undefined, { token: staffToken })).status).toBe(200);
    expect((await t.request('GET', '/api/user', undefined, { token: staffToken })).status).toBe(401);
    const viaCookie = await t.request('GET', '/api/user', undefined, { headers: { cookie: `fpa_session=${staffToken}` } });
    expect(viaCookie.status).toBe(401);
    console.log(
      `[reliability] area 7 live sessions (${driver.name}): ${permitted} → ${refused} refused on the next request ✓, logout refused on the next request (bearer and cookie) ✓`,
    );
  });

  it('session tokens: 50 distinct, ≥ 128 bits, and only their SHA-256 in the database', async () => {
    const account = registration();
    await t.request('POST', '/api/register', account);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++)
      tokens.push((await t.request('POST', '/api/login', { username: account.username, password: account.password })).body.token);
    expect(new Set(tokens).size).toBe(50);
    const bits = Math.min(...tokens.map((token) => Buffer.from(token, 'base64url').length * 8));
    expect(bits).toBeGreaterThanOrEqual(128);
    // Every bit position varies across the 50 tokens: not a counter, not a timestamp.
    const bytes = tokens.map((token) => Buffer.from(token, 'base64url'));
    const constantBits = Array.from({ length: bits }, (_, bit) => new Set(bytes.map((b) => (b[bit >> 3]! >> (bit & 7)) & 1)).size).filter(
      (n) => n === 1,
    ).length;
    expect(constantBits).toBe(0);
    const rows = await t.services.sql.query<{ row: string; token_hash: string }>(
      'select row_to_json(s)::text as row, token_hash from auth_sessions s',
    );
    const stored = rows.map((r) => r.row).join('\n');
    const leaked = tokens.filter((token) => stored.includes(token)).length;
    expect(leaked).toBe(0);
    const hashes = new Set(rows.map((r) => r.token_hash));
    expect(tokens.every((token) => hashes.has(hashToken(token)))).toBe(true);
    console.log(
      `[reliability] area 7 session tokens (${driver.name}): 50 tokens, ${bits} bits each, 0 duplicates, 0 constant bits, ${leaked} found in the database in clear`,
    );
  });

  it('security headers on every page, /api and /graphql; cookies httpOnly, SameSite, Secure behind TLS', async () => {
    const server = createHttpServer(t.app, t.services);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const missing: string[] = [];
      const paths = [
        '/',
        '/members',
        '/claims/123',
        '/auth?action=reset',
        '/assets/index.js',
        '/api/user',
        '/api/nope',
        '/graphql',
        '/healthz',
      ];
      for (const path of paths) {
        const response = await fetch(
          `${base}${path}`,
          path === '/graphql'
            ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }
            : {},
        );
        await response.arrayBuffer();
        const csp = response.headers.get('content-security-policy') ?? '';
        if (!/frame-ancestors 'none'/.test(csp) || !/default-src 'self'/.test(csp)) missing.push(`${path}: CSP`);
        if (response.headers.get('x-frame-options') !== 'DENY') missing.push(`${path}: X-Frame-Options`);
        if (response.headers.get('x-content-type-options') !== 'nosniff') missing.push(`${path}: nosniff`);
      }
      expect(missing).toEqual([]);

      const account = registration();
      await t.request('POST', '/api/register', account);
      const login = (headers: Record<string, string>) =>
        fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ username: account.username, password: account.password }),
        });
      const plain = (await login({})).headers.get('set-cookie') ?? '';
      const tls = (await login({ 'x-forwarded-proto': 'https' })).headers.get('set-cookie') ?? '';
      for (const cookie of [plain, tls]) {
        expect(cookie).toMatch(/HttpOnly/);
        expect(cookie).toMatch(/SameSite=(Lax|Strict)/);
      }
      expect(tls).toMatch(/; Secure/);
      expect(plain).not.toMatch(/Secure/);
      console.log(
        `[reliability] area 7 headers and cookies (${driver.name}): ${paths.length} paths checked for CSP, X-Frame-Options, nosniff: ${missing.length} missing; cookie HttpOnly, SameSite, Secure behind TLS ✓`,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

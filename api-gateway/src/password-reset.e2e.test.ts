import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { testDrivers } from '@fpa/write-model/testing';
import { loadConfig } from './config.ts';
import { createMailer } from './auth/mailer.ts';
import { MAX_RESETS_PER_ADDRESS, MAX_RESETS_PER_EMAIL, RESET_WINDOW_MINUTES, RESETS_LIMITED } from './auth/reset-limit.ts';
import { captureMail, lastResetToken, registration, startTestApp, type SentReset, type TestApp } from './testing.ts';

const RESET_REQUESTED = { ok: true, message: 'If the email exists, a reset link has been sent.' };

/** Issue #27 §2: the reset link reaches only the mailbox (or the server log), built from PUBLIC_URL. */
describe.each(testDrivers())('password reset hardening on $name', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => t?.close());

  it('never answers with the link or the token, in development too, the same for known and unknown e-mails', async () => {
    expect(t.config.isProduction).toBe(false);
    const input = registration();
    await t.request('POST', '/api/register', input);
    // The real development mailer (no SMTP_URL): the link goes to the log, not into the answer.
    const known = await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: '10.1.0.1' });
    const unknown = await t.request('POST', '/api/auth/request-reset', { email: 'nobody-here@example.com' }, { ip: '10.1.0.1' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(RESET_REQUESTED);
    expect(unknown.body).toEqual(RESET_REQUESTED);
    const gql = await t.graphql(`mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { ok message } }`, {
      input: { email: input.email },
    });
    expect(gql.body.data.requestPasswordReset).toEqual(RESET_REQUESTED);
    const asked = await t.graphql(`mutation { requestPasswordReset(input: { email: "x@example.com" }) { resetLink } }`);
    expect(asked.body.errors[0].message).toMatch(/Cannot query field "resetLink"/);
  });

  it('development without SMTP prints the link to the server log only', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer(loadConfig({ LOG_LEVEL: 'info' }), logger);
    expect(await mailer.sendPasswordReset('a@example.com', 'http://localhost:3000/auth?action=reset&token=abc', 'thandi')).toBe(false);
    expect(lines.join('')).toContain('token=abc');
  });

  it('builds the link from PUBLIC_URL (or http://localhost:PORT), never from the Host header', async () => {
    const mail = captureMail(t);
    const input = registration();
    await t.request('POST', '/api/register', input);
    const forged = await t.app.handle(
      new Request('http://attacker.example/api/auth/request-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
        body: JSON.stringify({ email: input.email }),
      }),
      { ip: '10.1.0.2' },
    );
    expect(forged.status).toBe(200);
    expect(mail.at(-1)!.link.startsWith(`http://localhost:${t.config.port}/auth?action=reset&token=`)).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://cover.example.co.za/' }).linkBase).toBe('https://cover.example.co.za');
    expect(loadConfig({ PORT: '8080' }).linkBase).toBe('http://localhost:8080');
  });

  it('using a reset link voids every other outstanding link of the user', async () => {
    const mail = captureMail(t);
    const input = registration();
    await t.request('POST', '/api/register', input);
    await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: '10.1.0.3' });
    const older = lastResetToken(mail, input.email);
    await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: '10.1.0.3' });
    const newer = lastResetToken(mail, input.email);
    expect(newer).not.toBe(older);
    expect((await t.request('POST', '/api/auth/reset-password', { token: newer, newPassword: 'N3w-Passw0rd!' })).status).toBe(200);
    const stale = await t.request('POST', '/api/auth/reset-password', { token: older, newPassword: 'Att4cker-Pass!' });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('INVALID_TOKEN');
    expect((await t.request('POST', '/api/login', { username: input.username, password: 'N3w-Passw0rd!' })).status).toBe(200);
  });

  it(`sends at most ${MAX_RESETS_PER_EMAIL} links per e-mail per ${RESET_WINDOW_MINUTES} minutes, answering the same`, async () => {
    const mail: SentReset[] = captureMail(t);
    const input = registration();
    await t.request('POST', '/api/register', input);
    for (let i = 0; i < MAX_RESETS_PER_EMAIL + 2; i++) {
      const answer = await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: `10.2.0.${i}` });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(RESET_REQUESTED);
    }
    expect(mail.filter((m) => m.to === input.email)).toHaveLength(MAX_RESETS_PER_EMAIL);
    // A stranger cannot stop someone's resets for long: after the window a new link goes out.
    const realNow = t.services.now;
    t.services.now = () => new Date(Date.now() + (RESET_WINDOW_MINUTES + 1) * 60_000);
    try {
      await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: '10.2.1.1' });
      expect(mail.filter((m) => m.to === input.email)).toHaveLength(MAX_RESETS_PER_EMAIL + 1);
    } finally {
      t.services.now = realNow;
    }
  });

  it(`refuses more than ${MAX_RESETS_PER_ADDRESS} requests per address per ${RESET_WINDOW_MINUTES} minutes, for any e-mail`, async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < MAX_RESETS_PER_ADDRESS; i++) {
      const answer = await t.request('POST', '/api/auth/request-reset', { email: `probe${i}@example.com` }, { ip });
      expect(answer.status).toBe(200);
    }
    const limited = await t.request('POST', '/api/auth/request-reset', { email: 'probe-more@example.com' }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(RESETS_LIMITED);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await t.request('POST', '/api/auth/request-reset', { email: 'probe-more@example.com' }, { ip: '10.3.0.2' })).status).toBe(200);
  });
});

describe('password reset when the mail server fails', () => {
  it('answers exactly as for an unknown address (no 500 that would tell a known one)', async () => {
    const { pgliteDriver } = await import('@fpa/write-model/testing');
    const t = await startTestApp(pgliteDriver);
    try {
      t.services.mailer = { sendPasswordReset: () => Promise.reject(new Error('SMTP 421 try later')) };
      const input = registration();
      await t.request('POST', '/api/register', input);
      const known = await t.request('POST', '/api/auth/request-reset', { email: input.email }, { ip: '10.4.0.1' });
      const unknown = await t.request('POST', '/api/auth/request-reset', { email: 'nobody-here@example.com' }, { ip: '10.4.0.1' });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    } finally {
      await t.close();
    }
  });
});

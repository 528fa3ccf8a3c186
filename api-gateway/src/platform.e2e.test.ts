import { once } from 'node:events';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { pgliteDriver } from '@fpa/write-model/testing';
import { readFileSync } from 'node:fs';
import { printedSchema } from './schema/index.ts';
import { registration, startTestApp } from './testing.ts';

describe('platform configuration', () => {
  it('keeps schema.graphql printed from the code (run `npm run schema:print` when this fails)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printedSchema());
  });

  it('creates the super admin from configuration once, idempotently across restarts', async () => {
    const db = await pgliteDriver.create();
    const driver = { name: 'pglite' as const, create: async () => ({ ...db, dispose: async () => {} }) };
    const env = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
    const first = await startTestApp(driver, {}, env);
    const login = await first.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'super_admin', companyId: null });
    const company = await first.request('GET', '/api/company', undefined, { token: login.body.token });
    expect(company.status).toBe(403);
    await first.services.close();
    const second = await startTestApp(driver, {}, env);
    const users = await second.services.sql.query(`select 1 from user_accounts where username = 'platform'`);
    expect(users).toHaveLength(1);
    await second.services.close();
    await db.dispose();
  });

  describe('in production', () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          received.push(text);
          callback();
        });
      },
    });
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    it('e-mails the reset link through SMTP and never returns it', async () => {
      smtp.listen(0, '127.0.0.1');
      await once(smtp.server, 'listening');
      const { port } = smtp.server.address() as { port: number };
      const t = await startTestApp(pgliteDriver, {}, { NODE_ENV: 'production', SMTP_URL: `smtp://127.0.0.1:${port}` });
      try {
        const input = registration();
        await t.request('POST', '/api/register', input);
        const answer = await t.request('POST', '/api/auth/request-reset', { email: input.email });
        expect(answer.body).toEqual({ ok: true, message: 'If the email exists, a reset link has been sent.' });
        // The answer does not wait for the mail server (a slow one must not tell known addresses apart).
        await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
        expect(received[0]).toContain(input.email);
        expect(received[0]).toMatch(/\/auth\?action=3Dreset&token=3D|\/auth\?action=reset&token=/);
      } finally {
        await t.close();
      }
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { MAX_FAILURES_PER_USERNAME, MAX_FAILURES_PER_USERNAME_AND_ADDRESS } from './auth/rate-limit.ts';
import { captureMail, lastResetToken, registration, startTestApp, wrongSignIns, type SentReset, type TestApp } from './testing.ts';

describe.each(testDrivers())('auth and tenancy over HTTP on $name', (driver) => {
  let t: TestApp;
  let mail: SentReset[];
  beforeAll(async () => {
    t = await startTestApp(driver);
    mail = captureMail(t);
  });
  afterAll(async () => t?.close());

  it('registers a company with its administrator and signs them in', async () => {
    const input = registration();
    const registered = await t.request('POST', '/api/register', input);
    expect(registered.status).toBe(201);
    expect(registered.body.token).toMatch(/^[\w-]{40,}$/);
    expect(registered.body.user).toMatchObject({
      username: input.username,
      firstName: 'Thandi',
      lastName: 'Nkosi',
      role: 'administrator',
      email: input.email,
    });
    expect(registered.headers.get('set-cookie')).toMatch(/fpa_session=.+HttpOnly; SameSite=Lax/);
    const token = registered.body.token as string;

    const user = await t.request('GET', '/api/user', undefined, { token });
    expect(user.status).toBe(200);
    expect(user.body.id).toBe(registered.body.user.id);

    const company = await t.request('GET', '/api/company', undefined, { token });
    expect(company.body).toMatchObject({ name: input.companyName, cipNumber: input.cipNumber, isActive: true });
    expect(company.body.id).toBe(registered.body.user.companyId);

    const subscription = await t.request('GET', '/api/subscription', undefined, { token });
    expect(subscription.body).toMatchObject({ tier: 'free', memberLimit: 300, currentMemberCount: 0, nextBillingDate: null });
  });

  it('keeps the administrator SA ID and contact details out of the event table in plain text', async () => {
    const input = registration();
    await t.request('POST', '/api/register', input);
    const rows = await t.services.sql.query<{ text: string }>(`select data::text as text from es_events where type = 'UserRegistered'`);
    const all = rows.map((r) => r.text).join('\n');
    expect(all).not.toContain(input.adminSaId);
    expect(all).not.toContain(input.email);
    expect(all).toContain(input.username);
  });

  it('refuses invalid registrations with the specification messages and changes nothing', async () => {
    const before = await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events`);
    const empty = await t.request('POST', '/api/register', {});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const messages = (empty.body.issues as { message: string }[]).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Username must be at least 3 characters',
        'Password must be at least 6 characters',
        'Valid email is required',
        'First name is required',
        'Last name is required',
        'Company name is required',
        'CIPC number is required',
        'Invalid SA ID number',
        'Invalid company email address',
      ]),
    );
    const badCipc = await t.request('POST', '/api/register', registration({ cipNumber: '2019-123456-07' }));
    expect(badCipc.body.message).toBe('CIPC number must be in format YYYY/NNNNNN/NN');
    const badId = await t.request('POST', '/api/register', registration({ adminSaId: '8506155009089' }));
    expect(badId.body.message).toBe('Invalid SA ID number');
    const badPhone = await t.request('POST', '/api/register', registration({ companyPhone: '0012345678' }));
    expect(badPhone.body.message).toMatch(/^Invalid SA phone number/);
    const after = await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('keeps usernames unique across the platform, also under concurrent registrations', async () => {
    const username = `shared${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.request('POST', '/api/register', registration({ username }))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Username already exists');
    }
    const users = await t.services.sql.query(`select 1 from user_accounts where lower(username) = lower($1)`, [username]);
    expect(users).toHaveLength(1);
    const upper = await t.request('POST', '/api/register', registration({ username: username.toUpperCase() }));
    expect(upper.status).toBe(409);
  });

  it('signs in, accepts the cookie as well as the bearer token, and signs out for good', async () => {
    const input = registration();
    await t.request('POST', '/api/register', input);
    const login = await t.request('POST', '/api/login', { username: input.username, password: input.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const byCookie = await t.request('GET', '/api/user', undefined, { headers: { cookie } });
    expect(byCookie.body.username).toBe(input.username);
    const logout = await t.request('POST', '/api/logout', undefined, { token: login.body.token });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await t.request('GET', '/api/user', undefined, { token: login.body.token })).status).toBe(401);
    expect((await t.request('GET', '/api/user', undefined, { headers: { cookie } })).status).toBe(401);
    expect((await t.request('GET', '/api/user')).body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses wrong passwords and slows and limits brute force per username and address', async () => {
    const input = registration();
    await t.request('POST', '/api/register', input);
    const missing = await t.request('POST', '/api/login', {});
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: { message: string }) => i.message)).toEqual(['Username is required', 'Password is required']);
    // Each wrong password is checked (401) once the growing delay after the 2nd failure has passed.
    const attacker = '10.0.0.66';
    for (const wrong of await wrongSignIns(t, input.username, MAX_FAILURES_PER_USERNAME_AND_ADDRESS, { ip: attacker })) {
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid username or password');
    }
    // The attacker's address is locked for this username, even for the right password …
    const locked = await t.request('POST', '/api/login', { username: input.username, password: input.password }, { ip: attacker });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    // … but the user signing in from their own address is not locked out by a stranger,
    const own = await t.request('POST', '/api/login', { username: input.username, password: input.password }, { ip: '10.0.0.7' });
    expect(own.status).toBe(200);
    // and their sign-in does not lift the limit on the attacker's address.
    expect((await t.request('POST', '/api/login', { username: input.username, password: 'guess' }, { ip: attacker })).status).toBe(429);
  });

  it('limits a distributed guesser without locking the user out of an address they have used', async () => {
    const input = registration();
    await t.request('POST', '/api/register', input);
    const home = '10.9.0.1';
    expect((await t.request('POST', '/api/login', { username: input.username, password: input.password }, { ip: home })).status).toBe(200);
    // One wrong password from each of many addresses: none is slowed, but the username is under attack.
    for (const wrong of await wrongSignIns(t, input.username, MAX_FAILURES_PER_USERNAME, { ip: (i) => `10.8.${i}.1` })) {
      expect(wrong.status).toBe(401);
    }
    const fresh = await t.request('POST', '/api/login', { username: input.username, password: input.password }, { ip: '10.8.200.1' });
    expect(fresh.status).toBe(429);
    const known = await t.request('POST', '/api/login', { username: input.username, password: input.password }, { ip: home });
    expect(known.status).toBe(200);
  });

  it('a stranger cannot lock the super admin out either', async () => {
    const admin = { username: `root${Date.now()}`, password: 'R00t-Passw0rd!' };
    const app = await startTestApp(driver, {}, { SUPER_ADMIN_USERNAME: admin.username, SUPER_ADMIN_PASSWORD: admin.password });
    try {
      await wrongSignIns(app, admin.username, MAX_FAILURES_PER_USERNAME_AND_ADDRESS + 3, { ip: '10.7.0.1' });
      expect((await app.request('POST', '/api/login', admin, { ip: '10.7.0.1' })).status).toBe(429);
      expect((await app.request('POST', '/api/login', admin, { ip: '10.7.0.2' })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('resets a forgotten password with a single-use link that expires after 30 minutes', async () => {
    const input = registration();
    const registered = await t.request('POST', '/api/register', input);
    const unknown = await t.request('POST', '/api/auth/request-reset', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ ok: true, message: 'If the email exists, a reset link has been sent.' });
    expect((await t.request('POST', '/api/auth/request-reset', { email: 'bad' })).body.message).toBe('Invalid email address');

    const requested = await t.request('POST', '/api/auth/request-reset', { email: input.email.toUpperCase() });
    expect(requested.body).toEqual(unknown.body);
    const link = new URL(mail.at(-1)!.link);
    expect(mail.at(-1)!.to).toBe(input.email);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('action')).toBe('reset');
    const token = link.searchParams.get('token')!;

    const weak = await t.request('POST', '/api/auth/reset-password', { token, newPassword: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Password must contain at least one uppercase letter', 'Password must contain at least one number']),
    );
    const done = await t.request('POST', '/api/auth/reset-password', { token, newPassword: 'N3w-Passw0rd!' });
    expect(done.status).toBe(200);
    const again = await t.request('POST', '/api/auth/reset-password', { token, newPassword: 'An0ther-Passw0rd!' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');

    expect((await t.request('GET', '/api/user', undefined, { token: registered.body.token })).status).toBe(401);
    expect((await t.request('POST', '/api/login', { username: input.username, password: input.password })).status).toBe(401);
    expect((await t.request('POST', '/api/login', { username: input.username, password: 'N3w-Passw0rd!' })).status).toBe(200);
    const events = await t.services.sql.query(`select 1 from es_events where type = 'UserPasswordReset' and stream_id = $1`, [
      `user-${registered.body.user.id}`,
    ]);
    expect(events).toHaveLength(1);

    await t.request('POST', '/api/auth/request-reset', { email: input.email });
    const expired = lastResetToken(mail, input.email);
    await t.services.sql.query(`update auth_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    const late = await t.request('POST', '/api/auth/reset-password', { token: expired, newPassword: 'N3w-Passw0rd!2' });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_TOKEN');
  });

  it('speaks GraphQL with the same operations and messages', async () => {
    const input = registration();
    const mutation = `mutation($input: RegisterInput!) { register(input: $input) { token user { id role firstName } } }`;
    const registered = await t.graphql(mutation, { input });
    expect(registered.body.errors).toBeUndefined();
    const token = registered.body.data.register.token;
    const me = await t.graphql(`{ me { username role } company { name } subscription { tier memberLimit currentMemberCount } }`, {}, token);
    expect(me.body.data).toEqual({
      me: { username: input.username, role: 'administrator' },
      company: { name: input.companyName },
      subscription: { tier: 'free', memberLimit: 300, currentMemberCount: 0 },
    });
    expect((await t.graphql(`{ me { id } }`)).body.data.me).toBeNull();
    const refused = await t.graphql(mutation, { input: { ...registration(), username: input.username } });
    expect(refused.body.errors[0].message).toBe('Username already exists');
    expect(refused.body.errors[0].extensions.code).toBe('ALREADY_EXISTS');
    const anonymous = await t.graphql(`{ company { name } }`);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers bad requests with clear JSON errors', async () => {
    const unknown = await t.request('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const wrongMethod = await t.request('DELETE', '/api/login');
    expect(wrongMethod.status).toBe(405);
    const malformed = await t.request('POST', '/api/login', '{"username": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON.');
    const huge = await t.request('POST', '/api/login', { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' });
    expect(huge.status).toBe(413);
    const typed = await t.request('POST', '/api/login', { username: 42, password: ['x'] });
    expect(typed.status).toBe(400);
  });
});

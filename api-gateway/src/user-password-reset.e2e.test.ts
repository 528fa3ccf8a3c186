import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_REQUIRED } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { companyWithStaff } from './audit.testing.ts';
import { INVALID_CREDENTIALS } from './auth/session-operations.ts';
import { startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #25: an administrator resets a staff user's password to a temporary one, shown once. The user's
 * sessions end; signed in with it, they may do nothing but change it (403 PASSWORD_CHANGE_REQUIRED).
 */
describe.each(testDrivers())('an administrator resets a staff user’s password on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerkId: string;
  let clerkToken: string;
  let clerkUsername: string;
  const PASSWORD = 'Str0ngPass!';

  beforeAll(async () => {
    t = await startTestApp(driver);
    const company = await companyWithStaff(t, ['billing_clerk']);
    admin = company.tokens.administrator!;
    clerkId = company.ids.billing_clerk!;
    clerkToken = company.tokens.billing_clerk!;
    clerkUsername = (await t.request('GET', '/api/user', undefined, { token: clerkToken })).body.username;
  });
  afterAll(() => t?.close());

  it('only an administrator of the company, never for their own account', async () => {
    expect((await t.request('POST', `/api/users/${clerkId}/reset-password`, {}, { token: clerkToken })).status).toBe(403);
    const other = (await companyWithStaff(t)).tokens.administrator!;
    expect((await t.request('POST', `/api/users/${clerkId}/reset-password`, {}, { token: other })).status).toBe(404);
    const me = (await t.request('GET', '/api/user', undefined, { token: admin })).body.id as string;
    const self = await t.request('POST', `/api/users/${me}/reset-password`, {}, { token: admin });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('You cannot reset your own password here. Change it in Settings → Security.');
    // Nothing changed: the clerk is still signed in with the old password.
    expect((await t.request('GET', '/api/user', undefined, { token: clerkToken })).body.mustChangePassword).toBe(false);
  });

  it('through REST: the old sessions and password end; the temporary one signs in to change it and nothing else', async () => {
    const reset = await t.request('POST', `/api/users/${clerkId}/reset-password`, {}, { token: admin });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ id: clerkId, isActive: true, mustChangePassword: true });
    const temporary = reset.body.temporaryPassword as string;
    expect(temporary).toMatch(/^\S{14}$/);

    expect((await t.request('GET', '/api/user', undefined, { token: clerkToken })).status).toBe(401);
    expect((await t.request('POST', '/api/login', { username: clerkUsername, password: PASSWORD })).body.message).toBe(INVALID_CREDENTIALS);

    const signIn = await t.request('POST', '/api/login', { username: clerkUsername, password: temporary });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ mustChangePassword: true, permissions: [] });
    const token = signIn.body.token as string;
    // Everything else is refused with its own code, through REST and GraphQL alike.
    const members = await t.request('GET', '/api/members', undefined, { token });
    expect(members.status).toBe(403);
    expect(members.body).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: PASSWORD_CHANGE_REQUIRED });
    const viaGraphql = await t.graphql('{ companyUsers { id } }', {}, token);
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.request('GET', '/api/user', undefined, { token })).status).toBe(200);

    const NEW = 'N3w-Passw0rd!';
    const changed = await t.request(
      'PUT',
      '/api/user/password',
      { currentPassword: temporary, newPassword: NEW, confirmPassword: NEW },
      { token },
    );
    expect(changed.status).toBe(200);
    const me = await t.request('GET', '/api/user', undefined, { token });
    expect(me.body.mustChangePassword).toBe(false);
    expect(me.body.permissions.length).toBeGreaterThan(0);
    expect((await t.request('GET', '/api/payments', undefined, { token })).status).toBe(200);
    expect((await t.request('POST', '/api/login', { username: clerkUsername, password: temporary })).status).toBe(401);
    clerkToken = (await t.request('POST', '/api/login', { username: clerkUsername, password: NEW })).body.token;
  });

  it('through GraphQL, and a deactivated user is refused', async () => {
    const { body } = await t.graphql(
      `mutation($id: ID!) { resetUserPassword(userId: $id) { temporaryPassword user { id mustChangePassword } } }`,
      { id: clerkId },
      admin,
    );
    expect(body.data.resetUserPassword.user).toEqual({ id: clerkId, mustChangePassword: true });
    const temporary = body.data.resetUserPassword.temporaryPassword as string;
    const signIn = await t.request('POST', '/api/login', { username: clerkUsername, password: temporary });
    expect(signIn.body.user.mustChangePassword).toBe(true);

    expect((await t.request('POST', `/api/users/${clerkId}/deactivate`, {}, { token: admin })).status).toBe(200);
    const refused = await t.request('POST', `/api/users/${clerkId}/reset-password`, {}, { token: admin });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The user is deactivated. Reactivate them before resetting their password.');
  });
});

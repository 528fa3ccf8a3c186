import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { companyWithStaff } from './audit.testing.ts';
import { INVALID_CREDENTIALS, USER_DEACTIVATED } from './auth/session-operations.ts';
import { startTestApp, type TestApp } from './testing.ts';

/*
 * Issue #25: an administrator deactivates a staff user (their sessions end at once, sign-in is refused with
 * a clear message to who knows the password, their history stays) and reactivates them.
 */
describe.each(testDrivers())('deactivating and reactivating staff on $name', (driver) => {
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

  it('ends the sessions and refuses sign-in until reactivated; never oneself, never twice, never by another company', async () => {
    // The clerk may not deactivate anyone; another company's administrator does not see the user.
    expect((await t.request('POST', `/api/users/${clerkId}/deactivate`, {}, { token: clerkToken })).status).toBe(403);
    const other = (await companyWithStaff(t)).tokens.administrator!;
    expect((await t.request('POST', `/api/users/${clerkId}/deactivate`, {}, { token: other })).status).toBe(404);
    const me = (await t.request('GET', '/api/user', undefined, { token: admin })).body.id as string;
    const self = await t.request('POST', `/api/users/${me}/deactivate`, {}, { token: admin });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe('You cannot deactivate your own account.');

    const deactivated = await t.request('POST', `/api/users/${clerkId}/deactivate`, {}, { token: admin });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: clerkId, isActive: false });
    expect((await t.request('GET', '/api/user', undefined, { token: clerkToken })).status).toBe(401);
    const signIn = await t.request('POST', '/api/login', { username: clerkUsername, password: PASSWORD });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(USER_DEACTIVATED);
    // A wrong password tells nothing about the account.
    expect((await t.request('POST', '/api/login', { username: clerkUsername, password: 'Wrong-pass1!' })).body.message).toBe(
      INVALID_CREDENTIALS,
    );
    const again = await t.request('POST', `/api/users/${clerkId}/deactivate`, {}, { token: admin });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('The user is already deactivated.');

    const { body } = await t.graphql(`mutation($id: ID!) { reactivateUser(userId: $id) { id isActive } }`, { id: clerkId }, admin);
    expect(body.data.reactivateUser).toEqual({ id: clerkId, isActive: true });
    const back = await t.request('POST', '/api/login', { username: clerkUsername, password: PASSWORD });
    expect(back.status).toBe(200);
  });
});

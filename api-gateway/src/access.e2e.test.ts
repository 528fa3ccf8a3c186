import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES } from '@fpa/write-model/validation';
import { registration, startTestApp, type TestApp } from './testing.ts';

let sequence = 0;
const newUser = (overrides: Record<string, unknown> = {}) => {
  sequence++;
  return {
    username: `staff.${sequence}.${Date.now() % 100000}`,
    password: 'Str0ngPass!',
    email: `staff${sequence}@example.co.za`,
    firstName: 'Lerato',
    lastName: 'Dlamini',
    ...overrides,
  };
};

describe.each(testDrivers())('role and permission management over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: { token: string; userId: string; companyId: string };
  let otherAdmin: string;

  async function signIn(username: string, password = 'Str0ngPass!') {
    const answer = await t.request('POST', '/api/login', { username, password });
    expect(answer.status).toBe(200);
    return answer.body as { token: string; user: { id: string; role: string; permissions: string[] } };
  }

  async function staff(role: string) {
    const body = newUser({ role });
    const created = await t.request('POST', '/api/users', body, { token: admin.token });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, ...(await signIn(body.username)) };
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = { token: registered.token, userId: registered.user.id, companyId: registered.user.companyId };
    otherAdmin = (await t.request('POST', '/api/register', registration())).body.token;
  });
  afterAll(async () => t?.close());

  it('creates users (default role agent) who sign in with the default permissions of their role', async () => {
    const body = newUser();
    const created = await t.request('POST', '/api/users', { ...body, role: undefined }, { token: admin.token });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: body.username, role: 'agent', firstName: 'Lerato', email: body.email });
    expect(created.body).not.toHaveProperty('password');
    const session = await signIn(body.username);
    expect(session.user.permissions).toEqual([...DEFAULT_ROLE_PERMISSIONS.agent].sort());
    const list = await t.request('GET', '/api/users', undefined, { token: admin.token });
    expect(list.body.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([admin.userId, created.body.id]));
    expect((await t.request('GET', '/api/users', undefined, { token: otherAdmin })).body.map((u: { id: string }) => u.id)).not.toContain(
      created.body.id,
    );
  });

  it('refuses a taken username, a short password and a super_admin role with the spec’s messages', async () => {
    const body = newUser();
    expect((await t.request('POST', '/api/users', body, { token: admin.token })).status).toBe(201);
    const taken = await t.request('POST', '/api/users', { ...newUser(), username: body.username.toUpperCase() }, { token: admin.token });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Username already exists' } });
    const short = await t.request('POST', '/api/users', newUser({ password: 'short', username: 'ab' }), { token: admin.token });
    expect(short.status).toBe(400);
    expect(short.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Username must be at least 3 characters', 'Password must be at least 8 characters']),
    );
    expect((await t.request('POST', '/api/users', newUser({ role: 'super_admin' }), { token: admin.token })).status).toBe(400);
  });

  it('revoking members:create from one user makes POST /api/members answer 403 for that user at once, and a grant restores it', async () => {
    const clerk = await staff('policy_admin');
    const peer = await staff('policy_admin');
    const can = async (token: string) => (await t.request('GET', '/api/members/can-add', undefined, { token })).status;
    const post = async (token: string) => (await t.request('POST', '/api/members', {}, { token })).status;
    expect(await post(clerk.token)).toBe(400); // allowed: only the empty body is refused
    const revoked = await t.request('POST', `/api/users/${clerk.id}/permissions/members:create/revoke`, undefined, { token: admin.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.effectivePermissions).not.toContain('members:create');
    expect(revoked.body.userOverrides).toEqual([{ name: 'members:create', effect: 'revoke' }]);
    expect(await post(clerk.token)).toBe(403);
    expect(await post(peer.token)).toBe(400);
    expect(await can(clerk.token)).toBe(200); // reading stays
    const granted = await t.request('POST', `/api/users/${clerk.id}/permissions/members:create/grant`, undefined, { token: admin.token });
    expect(granted.body.effectivePermissions).toContain('members:create');
    expect(await post(clerk.token)).toBe(400);
  });

  it('a role change applies to the live session at once', async () => {
    const user = await staff('claim_admin');
    expect((await t.request('GET', '/api/claims', undefined, { token: user.token })).status).toBe(200);
    const changed = await t.request('PATCH', `/api/users/${user.id}/role`, { role: 'billing_clerk' }, { token: admin.token });
    expect(changed).toMatchObject({ status: 200, body: { role: 'billing_clerk' } });
    expect((await t.request('GET', '/api/claims', undefined, { token: user.token })).status).toBe(403);
    expect((await t.request('GET', '/api/payments', undefined, { token: user.token })).status).toBe(200);
    expect((await t.request('GET', '/api/user', undefined, { token: user.token })).body.role).toBe('billing_clerk');
  });

  it('replaces a role’s set for this company only; initialize restores the defaults and is idempotent', async () => {
    const clerk = await staff('billing_clerk');
    const set = await t.request(
      'PUT',
      '/api/roles/billing_clerk/permissions',
      { permissionIds: ['payments:read', 'reports:read'] },
      { token: admin.token },
    );
    expect(set).toMatchObject({ status: 200, body: { value: 'billing_clerk', permissions: ['payments:read', 'reports:read'] } });
    expect((await t.request('GET', '/api/payments', undefined, { token: clerk.token })).status).toBe(200);
    expect((await t.request('POST', '/api/payments', {}, { token: clerk.token })).status).toBe(403);
    const rolePerms = await t.request('GET', '/api/roles/billing_clerk/permissions', undefined, { token: admin.token });
    expect(rolePerms.body.map((p: { name: string }) => p.name)).toEqual(['payments:read', 'reports:read']);
    const unknown = await t.request(
      'PUT',
      '/api/roles/billing_clerk/permissions',
      { permissionIds: ['payments:steal'] },
      { token: admin.token },
    );
    expect(unknown.status).toBe(400);
    expect((await t.request('PUT', '/api/roles/super_admin/permissions', { permissionIds: [] }, { token: admin.token })).status).toBe(400);

    const init = await t.request('POST', '/api/permissions/initialize', undefined, { token: admin.token });
    expect(init.status).toBe(200);
    expect(init.body.find((r: { value: string }) => r.value === 'billing_clerk').permissions).toEqual(
      [...DEFAULT_ROLE_PERMISSIONS.billing_clerk].sort(),
    );
    const events = async () =>
      (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'RolePermissionsSet'`))[0]!.n;
    const before = await events();
    expect((await t.request('POST', '/api/permissions/initialize', undefined, { token: admin.token })).status).toBe(200);
    expect(await events()).toBe(before);
    expect((await t.request('POST', '/api/payments', {}, { token: clerk.token })).status).toBe(400);
  });

  it('an administrator cannot remove their own administrator rights', async () => {
    const message = 'You cannot remove your own administrator rights';
    const own = await t.request('PATCH', `/api/users/${admin.userId}/role`, { role: 'agent' }, { token: admin.token });
    expect(own).toMatchObject({ status: 422, body: { message } });
    const revoke = await t.request('POST', `/api/users/${admin.userId}/permissions/roles:manage/revoke`, undefined, { token: admin.token });
    expect(revoke).toMatchObject({ status: 422, body: { message } });
    const role = await t.request(
      'PUT',
      '/api/roles/administrator/permissions',
      { permissionIds: ['members:read'] },
      { token: admin.token },
    );
    expect(role).toMatchObject({ status: 422, body: { message } });
    expect((await t.request('GET', '/api/users', undefined, { token: admin.token })).status).toBe(200);
  });

  it('lists the catalogue grouped by resource, the roles with counts, and a user’s permissions; other companies’ users are 404', async () => {
    const catalogue = await t.request('GET', '/api/permissions', undefined, { token: admin.token });
    expect(catalogue.body.permissions.map((p: { id: string }) => p.id)).toEqual(PERMISSION_NAMES);
    expect(catalogue.body.grouped.claims.map((p: { action: string }) => p.action)).toEqual(['read', 'create', 'update_status']);
    const roles = await t.request('GET', '/api/roles', undefined, { token: admin.token });
    expect(roles.body.map((r: { value: string }) => r.value)).toEqual([
      'administrator',
      'policy_admin',
      'claim_admin',
      'billing_clerk',
      'agent',
      'auditor',
    ]);
    expect(roles.body[0]).toMatchObject({ label: 'administrator', userCount: 1, description: expect.any(String) });
    const mine = await t.request('GET', `/api/users/${admin.userId}/permissions`, undefined, { token: admin.token });
    expect(mine.body).toMatchObject({ effectivePermissions: [...PERMISSION_NAMES].sort(), userOverrides: [] });
    for (const [method, path] of [
      ['GET', `/api/users/${admin.userId}/permissions`],
      ['PATCH', `/api/users/${admin.userId}/role`],
      ['POST', `/api/users/${admin.userId}/permissions/claims:read/revoke`],
    ] as const) {
      const answer = await t.request(method, path, method === 'GET' ? undefined : { role: 'agent' }, { token: otherAdmin });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('answers the same through GraphQL', async () => {
    const query = `mutation($u: NewUserInput!) { createUser(input: $u) { id role } }`;
    const created = await t.graphql(query, { u: newUser({ role: 'claim_admin' }) }, admin.token);
    expect(created.body.data.createUser.role).toBe('claim_admin');
    const id = created.body.data.createUser.id;
    const revoked = await t.graphql(
      `mutation($id: ID!) { revokePermission(userId: $id, permission: "claims:create") { effectivePermissions userOverrides { name effect } } }`,
      { id },
      admin.token,
    );
    expect(revoked.body.data.revokePermission.userOverrides).toEqual([{ name: 'claims:create', effect: 'revoke' }]);
    const groups = await t.graphql(`{ permissionGroups { resource permissions { name } } roles { value userCount } }`, {}, admin.token);
    expect(groups.body.data.permissionGroups[0].resource).toBe('dashboard');
    const denied = await t.graphql(`{ companyUsers { id } }`, {}, (await staff('agent')).token);
    expect(denied.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS, isPermissionName, type CompanyRole } from '@fpa/write-model/validation';
import { ACCESS, PLATFORM_ALSO } from './auth/policy.ts';
import { routes } from './rest/index.ts';
import { registration, startTestApp, type TestApp } from './testing.ts';

/**
 * Every role × every /api route, generated from the route table: a route added later is covered
 * without anyone remembering to list it. Ids are unknown UUIDs and bodies empty, so an allowed call
 * ends in 400/404 (or succeeds harmlessly) — but never 401/403; a refused one is always 403.
 * 'platform' operations are the super admin's alone: refused for every company role.
 */
const expected = (operation: string, role: CompanyRole) => {
  if (isPermissionName(operation)) return DEFAULT_ROLE_PERMISSIONS[role].includes(operation);
  const access: string = ACCESS[operation as keyof typeof ACCESS];
  return access === 'signed-in';
};

/** The platform operator: platform and signed-in operations, and of the company permissions only those it holds over every company (PLATFORM_ALSO). */
const expectedForOperator = (operation: string) => {
  if (isPermissionName(operation)) return PLATFORM_ALSO.has(operation);
  const access: string = ACCESS[operation as keyof typeof ACCESS];
  return access === 'signed-in' || access === 'platform';
};

const OPERATOR = { SUPER_ADMIN_USERNAME: 'matrix.operator', SUPER_ADMIN_PASSWORD: 'Op3rator!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };

const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, () => randomUUID());
const notPublic = routes.filter((route) => ACCESS[route.operation as keyof typeof ACCESS] !== 'public');

describe.each(testDrivers())('the role matrix on $name', (driver) => {
  let t: TestApp;
  const tokens = new Map<CompanyRole, string>();
  let operatorToken: string;

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    operatorToken = (
      await t.request('POST', '/api/login', { username: OPERATOR.SUPER_ADMIN_USERNAME, password: OPERATOR.SUPER_ADMIN_PASSWORD })
    ).body.token;
    const admin = (await t.request('POST', '/api/register', registration())).body;
    tokens.set('administrator', admin.token);
    for (const role of COMPANY_ROLES.filter((r) => r !== 'administrator')) {
      const user = {
        username: `matrix.${role}`,
        password: 'Str0ngPass!',
        email: `${role}@example.co.za`,
        firstName: 'Matrix',
        lastName: role,
        role,
      };
      expect((await t.request('POST', '/api/users', user, { token: admin.token })).status).toBe(201);
      tokens.set(role, (await t.request('POST', '/api/login', { username: user.username, password: user.password })).body.token);
    }
  });
  afterAll(async () => t?.close());

  it('covers every route of the table', () => {
    expect(notPublic.length).toBeGreaterThan(40);
  });

  it.each(COMPANY_ROLES)('%s gets 403 exactly where its default permissions say so', async (role) => {
    const mismatches: string[] = [];
    for (const route of notPublic) {
      const path = concretePath(route.path);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const answer = await t.request(route.method, path, body, { token: tokens.get(role)! });
      const refused = answer.status === 401 || answer.status === 403;
      if (refused === expected(route.operation, role))
        mismatches.push(`${route.method} ${route.path} (${route.operation}) → ${answer.status}`);
      if (answer.status >= 500) mismatches.push(`${route.method} ${route.path} → ${answer.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('the super admin gets 403 exactly on the company permissions it does not hold over every company', async () => {
    const mismatches: string[] = [];
    for (const route of notPublic) {
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const answer = await t.request(route.method, concretePath(route.path), body, { token: operatorToken });
      const refused = answer.status === 401 || answer.status === 403;
      if (refused === expectedForOperator(route.operation))
        mismatches.push(`${route.method} ${route.path} (${route.operation}) → ${answer.status}`);
      if (answer.status >= 500) mismatches.push(`${route.method} ${route.path} → ${answer.status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('a signed-out visitor gets 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of notPublic) {
      const answer = await t.request(
        route.method,
        concretePath(route.path),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      );
      if (answer.status !== 401) wrong.push(`${route.method} ${route.path} → ${answer.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { COMPANY_ROLES, DEFAULT_ROLE_PERMISSIONS, isPermissionName, type CompanyRole } from '@fpa/write-model/validation';
import { ACCESS, PLATFORM_ALSO } from '../auth/policy.ts';
import { routes } from '../rest/index.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { fillPath, hasBody, send, Tally } from './harness.ts';

/**
 * Area 5: every role, the super admin, a signed-out visitor and every user of a suspended company ×
 * every /api route, generated from the route table. An allowed call may end in 400/404 (unknown ids,
 * empty bodies) but never 401/403; a refused one always does. The suspended company's users are
 * refused everywhere and its data does not change. (role-matrix.e2e.test.ts keeps the same matrix
 * without the figures; this one adds the suspended company.)
 */
const OPERATOR = { SUPER_ADMIN_USERNAME: 'matrix.operator', SUPER_ADMIN_PASSWORD: 'Op3rator!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
const accessOf = (operation: string): string | undefined => ACCESS[operation as keyof typeof ACCESS];
const allowedFor = (operation: string, role: CompanyRole) =>
  isPermissionName(operation) ? DEFAULT_ROLE_PERMISSIONS[role].includes(operation) : accessOf(operation) === 'signed-in';
const allowedForOperator = (operation: string) =>
  isPermissionName(operation) ? PLATFORM_ALSO.has(operation) : accessOf(operation) === 'signed-in' || accessOf(operation) === 'platform';
const notPublic = routes.filter((route) => accessOf(route.operation) !== 'public');

describe.each(testDrivers())('the role matrix on $name', (driver) => {
  let t: TestApp;
  let operatorToken: string;
  const tokens = new Map<CompanyRole, string>();
  const suspended = new Map<CompanyRole, string>();
  let suspendedCompanyId: string;
  let suspendedAdmin: { username: string; password: string };

  async function companyWithEveryRole(into: Map<CompanyRole, string>) {
    const account = registration();
    const admin = (await t.request('POST', '/api/register', account)).body;
    into.set('administrator', admin.token);
    for (const role of COMPANY_ROLES.filter((r) => r !== 'administrator')) {
      const user = {
        username: `matrix.${role}.${randomUUID().slice(0, 6)}`,
        password: 'Str0ngPass!',
        email: `${role}.${randomUUID().slice(0, 6)}@example.co.za`,
        firstName: 'Matrix',
        lastName: role,
        role,
      };
      expect((await t.request('POST', '/api/users', user, { token: admin.token })).status).toBe(201);
      into.set(role, (await t.request('POST', '/api/login', { username: user.username, password: user.password })).body.token);
    }
    return { companyId: admin.user.companyId as string, account };
  }

  const call = (route: (typeof routes)[number], token?: string) =>
    send(
      t,
      route.method,
      fillPath(route, () => randomUUID()),
      { token, ...(hasBody(route.method) ? { body: '{}' } : {}) },
    );

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    operatorToken = (
      await t.request('POST', '/api/login', { username: OPERATOR.SUPER_ADMIN_USERNAME, password: OPERATOR.SUPER_ADMIN_PASSWORD })
    ).body.token;
    await companyWithEveryRole(tokens);
    ({ companyId: suspendedCompanyId, account: suspendedAdmin } = await companyWithEveryRole(suspended));
    const suspension = await t.request(
      'POST',
      `/api/super-admin/companies/${suspendedCompanyId}/suspend`,
      { reason: 'Unpaid invoices' },
      { token: operatorToken },
    );
    expect(suspension.status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('every role, the super admin and a visitor get exactly the answers the permission table says', async () => {
    const tally = new Tally();
    const check = async (who: string, token: string | undefined, allowed: (operation: string) => boolean) => {
      for (const route of notPublic) {
        const answer = await call(route, token);
        tally.count(answer.status);
        const refused = answer.status === 401 || answer.status === 403;
        if (refused === allowed(route.operation))
          tally.find(`${who}: ${route.method} ${route.path} (${route.operation}) → ${answer.status}`);
        if (!token && answer.status !== 401) tally.find(`visitor: ${route.method} ${route.path} → ${answer.status}, not 401`);
        if (answer.status >= 500) tally.find(`${who}: ${route.method} ${route.path} → ${answer.status}`);
      }
    };
    for (const role of COMPANY_ROLES) await check(role, tokens.get(role), (operation) => allowedFor(operation, role));
    await check('super admin', operatorToken, allowedForOperator);
    await check('visitor', undefined, () => false);
    console.log(tally.summary(`area 5 role matrix (${driver.name})`, `${notPublic.length} routes × ${COMPANY_ROLES.length + 2} callers`));
    expect(notPublic.length).toBeGreaterThan(40);
    expect(tally.findings).toEqual([]);
  });

  it('every user of a suspended company is refused on every route, cannot sign in, and changes nothing', async () => {
    const tally = new Tally();
    const events = async () =>
      (
        await t.services.sql.query<{ n: number }>('select count(*)::int as n from es_events where company_id = $1', [suspendedCompanyId])
      )[0]!.n;
    const before = await events();
    for (const [role, token] of suspended) {
      for (const route of notPublic) {
        const answer = await call(route, token);
        tally.count(answer.status);
        if (answer.status !== 401 && answer.status !== 403)
          tally.find(`suspended ${role}: ${route.method} ${route.path} → ${answer.status}`);
      }
    }
    const login = await send(t, 'POST', '/api/login', {
      body: JSON.stringify({ username: suspendedAdmin.username, password: suspendedAdmin.password }),
    });
    tally.count(login.status);
    if (login.status !== 403 || login.json?.code !== 'COMPANY_SUSPENDED')
      tally.find(`suspended administrator signed in: ${login.status} ${login.text.slice(0, 120)}`);
    const administrator = (await t.request('GET', '/api/user', undefined, { token: tokens.get('administrator')! })).status;
    expect(administrator).toBe(200); // the other company is untouched by the suspension
    if ((await events()) !== before) tally.find('the suspended company changed');
    console.log(tally.summary(`area 5 suspended company (${driver.name})`, `${suspended.size} users × ${notPublic.length} routes`));
    expect(tally.findings).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailability, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

const NEW_USER = {
  firstName: 'Lerato',
  lastName: 'Molefe',
  username: 'lerato701',
  email: 'lerato701@example.co.za',
  password: 'secret123',
};

type LoginAnswer = { token: string; user: { id: string; role: string; permissions: string[] } };
type UserPermissionsAnswer = { effectivePermissions: string[]; userOverrides: Array<{ name: string }> };

describe.skipIf(!browser.available)(`role management in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let adminToken: string;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    ({ token: adminToken } = await registerAndSignIn(page, server, '701'));
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  // Each change waits for its command and the read models on a machine that may be busy.
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
  const toast = (text: string) => poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const userRow = () => page.getByRole('listitem', { name: `${NEW_USER.firstName} ${NEW_USER.lastName}`, exact: true });

  async function graphql<T>(query: string): Promise<T> {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const answer = (await response.json()) as { data: T; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    return answer.data;
  }

  it('creates a user through the Create New User dialog, an agent by default', async () => {
    await page.getByRole('link', { name: 'Role Management', exact: true }).click();
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByLabel('First name').fill(NEW_USER.firstName);
    await dialog.getByLabel('Last name').fill(NEW_USER.lastName);
    await dialog.getByLabel('Username').fill(NEW_USER.username);
    await dialog.getByLabel('Email').fill(NEW_USER.email);
    await dialog.getByLabel('Password').fill(NEW_USER.password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast('New user has been created successfully.');
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => userRow().isVisible()).toBe(true);
    expect(await userRow().textContent()).toContain(`@${NEW_USER.username}`);
    expect(
      await userRow()
        .getByRole('button', { name: /Role of Lerato Molefe/ })
        .textContent(),
    ).toContain('agent');
  });

  it("changes the user's role at once, and the role cards count it", async () => {
    await userRow()
      .getByRole('button', { name: /Role of Lerato Molefe/ })
      .click();
    await page.getByRole('option', { name: 'billing clerk', exact: true }).click();
    await toast('User role has been updated successfully.');
    const clerks = page.getByRole('list', { name: 'Roles' }).getByRole('listitem', { name: 'billing clerk', exact: true });
    await poll(() => clerks.textContent()).toContain('1 user');
    await screenshot(page, 'role-management-users');
  });

  it("toggles a permission of the user's role", async () => {
    await page.getByRole('tab', { name: 'Role Permissions' }).click();
    await page.getByRole('button', { name: /Choose a role/ }).click();
    await page.getByRole('option', { name: 'billing clerk', exact: true }).click();
    const reports = page.getByRole('checkbox', { name: 'read · reports' });
    expect(await reports.isChecked()).toBe(false);
    // The input is visually hidden; its label is what a person clicks.
    await page.getByText('read · reports', { exact: true }).click();
    await toast('Role permissions updated successfully');
    await poll(() => reports.isChecked()).toBe(true);
    const { roles } = await graphql<{ roles: Array<{ value: string; permissions: string[] }> }>('{ roles { value permissions } }');
    expect(roles.find((r) => r.value === 'billing_clerk')?.permissions).toContain('reports:read');
    await screenshot(page, 'role-management-role-permissions');
  });

  it('grants the user a permission of its own', async () => {
    await page.getByRole('tab', { name: 'User Permissions' }).click();
    await page.getByRole('button', { name: /Choose a user/ }).click();
    await page.getByRole('option', { name: `Lerato Molefe (@${NEW_USER.username})` }).click();
    await poll(() => page.getByRole('img', { name: 'read · roles: not effective' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Grant read · roles' }).click();
    await toast('Permission granted successfully');
    await poll(() => page.getByRole('img', { name: 'read · roles: effective' }).isVisible()).toBe(true);
    const badges = page.getByRole('list', { name: 'Effective permissions of Lerato Molefe' });
    await poll(() => badges.textContent()).toContain('roles:read');
    await screenshot(page, 'role-management-user-permissions');
  });

  it('the user signs in with the new role, the role change and the grant in force', async () => {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: NEW_USER.username, password: NEW_USER.password }),
    });
    expect(response.status).toBe(200);
    const { token, user } = (await response.json()) as LoginAnswer;
    expect(user.role).toBe('billing_clerk');
    expect(user.permissions).toEqual(expect.arrayContaining(['payments:read', 'reports:read', 'roles:read']));

    // roles:read is what the route asks for: the user can read it only because the grant is in force.
    const own = await api<UserPermissionsAnswer>(server, token, 'GET', `/api/users/${user.id}/permissions`);
    expect(own.effectivePermissions).toEqual(expect.arrayContaining(['reports:read', 'roles:read']));
    expect(own.userOverrides.map((o) => o.name)).toContain('roles:read');
    const seenByAdmin = await api<UserPermissionsAnswer>(server, adminToken, 'GET', `/api/users/${user.id}/permissions`);
    expect(seenByAdmin.effectivePermissions.sort()).toEqual(own.effectivePermissions.sort());
  });

  it('resets the user’s password: the temporary one shown once; signed in with it, they must choose their own first (issue #25)', async () => {
    await page.getByRole('tab', { name: 'User Management' }).click();
    await userRow().getByRole('button', { name: 'Reset password of Lerato Molefe' }).click();
    const asking = page.getByRole('alertdialog');
    await asking.getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary password for Lerato Molefe' });
    await poll(() => shown.isVisible()).toBe(true);
    const temporary = ((await shown.getByLabel('Temporary password').textContent()) ?? '').trim();
    expect(temporary).toMatch(/^\S{14}$/);
    await screenshot(page, 'role-management-temporary-password', { fullPage: false });
    await shown.getByRole('button', { name: 'Done' }).click();
    await poll(() => userRow().textContent()).toContain('Temporary password');
    // At phone width the row's Reset password and Deactivate fit without the page scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await userRow().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'role-management-users-phone', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Lerato signs in on a phone with the temporary password: only the change-password screen, then the app.
    const phone = await chromium.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${server.url}/auth`);
    const form = phone.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(NEW_USER.username);
    await form.getByLabel('Password').fill(temporary);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => phone.getByRole('heading', { name: 'Choose a new password' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'must-change-password-phone');
    await phone.getByLabel('Temporary password').fill(temporary);
    await phone.getByLabel('New password', { exact: true }).fill('N3w-Passw0rd!');
    await phone.getByLabel('Confirm new password').fill('N3w-Passw0rd!');
    await phone.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => phone.getByRole('heading', { name: 'Choose a new password' }).isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => phone.locator('main').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(phone, 'must-change-password-done-phone');
    await phone.close();
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: NEW_USER.username, password: 'N3w-Passw0rd!' }),
    });
    expect(((await signIn.json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(false);
  });
});

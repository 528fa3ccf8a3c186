import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

function saId(dateOfBirth: string, sequence: string): string {
  const first12 = `${dateOfBirth}${sequence}08`;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    let digit = Number(first12[11 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

describe.skipIf(!browser.available)(`the /auth page in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const admin = {
    firstName: 'Lerato',
    lastName: 'Mokoena',
    username: 'lerato',
    email: 'lerato@siyakhula.co.za',
    password: 'secret12',
    saId: saId('880412', '0123'),
    companyName: 'Siyakhula Funeral Services',
    cipNumber: '2015/123456/07',
    companyEmail: 'info@siyakhula.co.za',
    companyPhone: '011 234 5678',
  };

  it('sends a visitor to /auth, registers a company and lands on the dashboard', async () => {
    await page.goto(`${server.url}/policies`);
    await page.waitForURL(/\/auth$/);
    await page.getByRole('tab', { name: 'Get Started' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('CIPC number is required').count()).toBe(1);
    await screenshot(page, 'auth-register-errors');

    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('First name').fill(admin.firstName);
    await form.getByLabel('Last name').fill(admin.lastName);
    await form.getByLabel('Username').fill(admin.username);
    await form.getByLabel('Email', { exact: true }).fill(admin.email);
    await form.getByLabel('Password').fill(admin.password);
    await form.getByLabel('SA ID number').fill(admin.saId);
    await form.getByLabel('Company name').fill(admin.companyName);
    await form.getByLabel('CIPC number').fill(admin.cipNumber);
    await form.getByLabel('Company email').fill(admin.companyEmail);
    await form.getByLabel('Company phone').fill(admin.companyPhone);
    await form.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText(admin.companyName).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Lerato Mokoena').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Free Tier').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByPlaceholder('Search members, policies...').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toMatch(/^[\w-]{40,}$/);
    await screenshot(page, 'dashboard-after-register');
  });

  it('signs out from the user menu and signs in again', async () => {
    await page.getByRole('button', { name: /Lerato Mokoena.*user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(admin.username);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Invalid username or password').isVisible()).toBe(true);
    await screenshot(page, 'auth-login-failed');

    await form.getByLabel('Password').fill(admin.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByText(admin.companyName).first().isVisible()).toBe(true);
  });

  it('resets a forgotten password through the four reset screens', async () => {
    await page.getByRole('button', { name: /Lerato Mokoena.*user menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/auth$/);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('form', { name: 'Request a password reset link' }).getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByText('Check Your Email').first().isVisible()).toBe(true);
    // The page never shows the link: without SMTP_URL it is in the server log only.
    expect(await page.getByRole('link', { name: /auth\?action=reset/ }).count()).toBe(0);
    await expect.poll(() => server.logs.join('').includes('password reset link')).toBe(true);
    const link = server.logs.join('').match(/"resetLink":"([^"]+)"/)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/auth\\?action=reset&token=`));
    await screenshot(page, 'auth-check-email');

    await page.goto(link!);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password', { exact: true }).fill('weak');
    await form.getByLabel('Confirm new password').fill('weaker');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);

    await form.getByLabel('New password', { exact: true }).fill('Str0ng!Passw0rd');
    await form.getByLabel('Confirm new password').fill('Str0ng!Passw0rd');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText('Password Reset Complete').first().isVisible()).toBe(true);
    await screenshot(page, 'auth-reset-complete');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.waitForURL(/\/auth$/);

    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Username').fill(admin.username);
    await signIn.getByLabel('Password').fill('Str0ng!Passw0rd');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it('shows the 404 page inside the app for unknown paths, and works at 375 px', async () => {
    await page.goto(`${server.url}/no-such-page`);
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    const mobile = await chromium.newPage({ viewport: { width: 375, height: 812 } });
    await mobile.goto(`${server.url}/auth`);
    await expect.poll(() => mobile.getByRole('tab', { name: 'Sign In' }).isVisible()).toBe(true);
    await screenshot(mobile, 'auth-375');
    await mobile.close();
  });
});

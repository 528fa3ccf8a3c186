import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

const OPERATOR = { username: 'platform', password: 'Pl4tform!pass' };
const SUSPENDED = 'Your company account has been suspended. Please contact support.';

describe.skipIf(!browser.available)(`the super admin dashboard in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let operator: Page;
  let staff: Page;
  let company: { username: string; password: string; token: string; name: string };

  beforeAll(async () => {
    server = await startServer({
      SUPER_ADMIN_USERNAME: OPERATOR.username,
      SUPER_ADMIN_PASSWORD: OPERATOR.password,
      SUPER_ADMIN_EMAIL: 'ops@example.com',
    });
    chromium = await launchBrowser();
    staff = await chromium.newPage({ viewport: { width: 1280, height: 900 } });
    company = { ...(await registerAndSignIn(staff, server, '801')), name: 'Mahlangu Funeral Parlour 801' };
    // The operator in a browser of their own (another profile: another session).
    operator = await (await chromium.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(operator, OPERATOR.username, OPERATOR.password);
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  // Each change waits for its command and the read models on a machine that may be busy.
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
  const toast = (page: Page, text: string) => poll(() => page.getByText(text).first().isVisible()).toBe(true);
  const companyRow = () => operator.getByRole('row').filter({ hasText: company.name });

  async function signIn(page: Page, username: string, password: string) {
    await page.goto(`${server.url}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign In' }).click();
  }

  it('opens the dashboard with its figures and finds the company by name', async () => {
    // Signed in, the operator lands on the platform overview (issue #25), not an empty company dashboard.
    await operator.waitForURL(`${server.url}/super-admin`);
    await poll(() => operator.getByRole('heading', { name: 'Super Admin Dashboard' }).isVisible()).toBe(true);
    const figures = operator.getByRole('region', { name: 'Platform figures' });
    await poll(() => figures.getByText('Total Companies').isVisible()).toBe(true);
    await operator.getByRole('searchbox', { name: 'Search companies' }).fill('mahlangu funeral parlour 801');
    await poll(() => companyRow().isVisible()).toBe(true);
    expect(await companyRow().textContent()).toContain('Active');
  });

  it('suspends the company with a reason: its user is refused at once and cannot sign in', async () => {
    await companyRow()
      .getByRole('button', { name: `Suspend ${company.name}` })
      .click();
    const panel = operator.getByRole('form', { name: `Suspend ${company.name}` });
    await panel.getByRole('button', { name: 'Suspend Company' }).click();
    await poll(() => panel.getByText('Suspension reason is required').isVisible()).toBe(true);
    await panel.getByLabel(/Reason for suspension/).fill('Platform fees unpaid for three months');
    await panel.getByRole('button', { name: 'Suspend Company' }).click();
    await toast(operator, 'Company suspended successfully');
    await poll(() => companyRow().textContent()).toContain('Suspended');
    await screenshot(operator, 'super-admin-company-suspended');

    // The company's live session no longer counts: its API calls are refused, and the page goes back to sign-in.
    const call = await fetch(`${server.url}/api/company`, { headers: { authorization: `Bearer ${company.token}` } });
    expect(call.status).toBe(401);
    await staff.reload();
    await staff.waitForURL(/\/auth$/);
    await signIn(staff, company.username, company.password);
    await poll(() => staff.getByText(SUSPENDED).first().isVisible()).toBe(true);
    expect(staff.url()).toMatch(/\/auth$/);
  });

  it('logs the suspension in the compliance logs', async () => {
    await operator.getByRole('tab', { name: 'Compliance Logs' }).click();
    const entry = operator.getByRole('row').filter({ hasText: 'Platform fees unpaid for three months' });
    await poll(() => entry.isVisible()).toBe(true);
    expect(await entry.textContent()).toContain('CRITICAL');
    expect(await entry.textContent()).toContain('Open');
  });

  it('activates the company again: its user signs in', async () => {
    await operator.getByRole('tab', { name: 'Companies' }).click();
    await companyRow()
      .getByRole('button', { name: `Activate ${company.name}` })
      .click();
    await toast(operator, 'Company activated successfully');
    await poll(() => companyRow().textContent()).toContain('Active');

    await signIn(staff, company.username, company.password);
    await staff.waitForURL(`${server.url}/`);
    await poll(() => staff.getByText(company.name).first().isVisible()).toBe(true);
    await operator.getByRole('tab', { name: 'Compliance Logs' }).click();
    const activated = operator.getByRole('row').filter({ hasText: 'company_activated' });
    await poll(() => activated.first().isVisible()).toBe(true);
    await screenshot(operator, 'super-admin-compliance-logs');
  });

  it('shows the built-in plans as cards, Enterprise with Unlimited members', async () => {
    await operator.getByRole('tab', { name: 'Subscription Plans' }).click();
    const plans = operator.getByRole('list', { name: 'Subscription plans' });
    for (const name of ['Free Tier', 'Premium Plan', 'Enterprise'])
      await poll(() => plans.getByRole('listitem', { name, exact: true }).isVisible()).toBe(true);
    expect(await plans.getByRole('listitem', { name: 'Enterprise' }).textContent()).toContain('Unlimited');
    expect(await plans.getByRole('listitem', { name: 'Premium Plan' }).textContent()).toMatch(/R\s?299,00/);
    await screenshot(operator, 'super-admin-plans');
  });

  it('creates a plan for a new tier, Basic; the company sees it on its subscription page with an upgrade button', async () => {
    await operator.getByRole('button', { name: 'Create Plan' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Create New Plan' });
    await dialog.getByLabel('Plan Name').fill('Basic');
    await dialog.getByLabel('Tier', { exact: true }).fill('Basic');
    await dialog.getByLabel('Member Limit').fill('1000');
    await dialog.getByLabel('Monthly Price (R)').fill('149');
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await toast(operator, 'Subscription plan created successfully');
    const card = operator.getByRole('list', { name: 'Subscription plans' }).getByRole('listitem', { name: 'Basic', exact: true });
    await poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('basic');
    await screenshot(operator, 'super-admin-plan-basic');

    await staff.goto(`${server.url}/subscription`);
    await poll(() => staff.getByRole('button', { name: 'Upgrade to Basic' }).isVisible()).toBe(true);
    await screenshot(staff, 'subscription-basic-offered');
  });
});

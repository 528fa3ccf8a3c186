import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, southAfricanDate } from '@fpa/write-model/validation';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserAvailability,
  launchBrowser,
  registerAndSignIn,
  saId,
  screenshot,
  startServer,
  type RunningServer,
} from './harness.ts';

const browser = browserAvailability();

/** Neither the page nor the document scrolls sideways: everything fits the viewport's width. */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/*
 * Issue #20 in the browser: a policy migrated with a past inception date and premiums paid up to a
 * date behind today is on the arrears worklist; the daily run issues its non-payment notice; its
 * statement shows the months paid and unpaid. At desktop and phone widths.
 */
describe.skipIf(!browser.available)(`the arrears worklist in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let policyNumber: string;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    const { token } = await registerAndSignIn(page, server, '701');
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Funeral 15k',
      coverageAmount: '15000',
      monthlyPremium: '95',
      waitingPeriod: 6,
    });
    // Cover from about three months ago, paid up to about six weeks ago: at least one premium since
    // (debit day 1) is unpaid today, whatever today is.
    const today = southAfricanDate(new Date());
    const member = await api<{ policyNumber: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Zanele',
      lastName: 'Mokoena',
      saId: saId('710422', '0345'),
      phone: '0734567890',
      address: '18 Voortrekker Road',
      city: 'Bloemfontein',
      province: 'FS',
      postalCode: '9301',
      isMainMember: true,
      policyTypeId: type.id,
      debitDay: 1,
      inceptionDate: addDays(today, -100),
      paidUpTo: addDays(today, -45),
    });
    policyNumber = member.policyNumber;
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const row = () => page.getByRole('row').filter({ hasText: policyNumber });

  it('lists the policy in arrears, and the daily run issues its non-payment notice', async () => {
    await page.getByRole('link', { name: 'Arrears', exact: true }).click();
    await page.waitForURL(`${server.url}/arrears`);
    await expect.poll(() => row().isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row().textContent()).toContain('Zanele Mokoena');
    expect(await row().textContent()).toContain('Awaiting notice');

    await page.getByRole('button', { name: 'Run daily billing' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Daily billing run done' });
    await expect.poll(() => result.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await result.textContent()).toContain('1 non-payment notice issued');
    // The worklist follows the run: the notice starts the grace period.
    await expect.poll(async () => (await row().textContent())?.includes('In grace'), { timeout: 15_000 }).toBe(true);
    expect(await row().textContent()).toContain('SMS');
    expect(await page.getByRole('region', { name: 'Arrears totals' }).textContent()).toContain('1 policy');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'arrears-1440');
  });

  it('opens the statement: the months paid and unpaid, and the notice', async () => {
    await page.getByRole('button', { name: `Statement of policy ${policyNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Statement of policy ${policyNumber}` });
    const periods = dialog.getByRole('table', { name: 'Premiums by month' });
    await expect.poll(() => periods.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await periods.getByText('Paid', { exact: true }).count()).toBeGreaterThan(0);
    expect(await periods.getByText('Unpaid', { exact: true }).count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('region', { name: 'Non-payment notices' }).textContent()).toContain('by SMS');
    await screenshot(page, 'arrears-statement-1440', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('fits a phone: no sideways scrolling on the worklist or in the statement', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => row().isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'arrears-390');

    await page.getByRole('button', { name: `Statement of policy ${policyNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Statement of policy ${policyNumber}` });
    await expect.poll(() => dialog.getByRole('table', { name: 'Premiums by month' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await dialog.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'arrears-statement-390', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('shows the book this month on the dashboard: collection rate, the policy in grace, lapses, at both widths', async () => {
    await page.goto(`${server.url}/`);
    const book = page.getByRole('region', { name: /^The book this month \(/ });
    await expect.poll(async () => (await book.textContent())?.includes('Policies in Grace1'), { timeout: 15_000 }).toBe(true);
    expect(await book.getByRole('link', { name: 'Open the arrears worklist' }).getAttribute('href')).toBe('/arrears');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'dashboard-book-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'dashboard-book-1440');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailability, launchBrowser, registerAndSignIn, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

describe.skipIf(!browser.available)(`subscription checkout and settings in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    ({ token } = await registerAndSignIn(page, server, '701'));
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('upgrades to the Premium Plan: Subscription → sandbox payment page → Pay → Payment Successful!', async () => {
    await page.getByRole('link', { name: 'Subscription', exact: true }).click();
    await page.waitForURL(`${server.url}/subscription`);
    await expect.poll(() => page.getByRole('heading', { name: 'Current Plan' }).isVisible()).toBe(true);
    expect(await page.locator('main').getByText('0 / 300 members').isVisible()).toBe(true);
    await screenshot(page, 'subscription-free');
    await page.getByRole('button', { name: 'Upgrade to Premium Plan' }).click();

    await page.waitForURL(/\/api\/billing\/sandbox\/checkout\?/);
    const gateway = (await page.locator('main').textContent()) ?? '';
    expect(gateway).toContain('R299.00');
    expect(gateway).toContain('Mahlangu Funeral Parlour 701');
    await screenshot(page, 'subscription-sandbox-page');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL(/\/subscription\/payment-success\?checkout=/);
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible()).toBe(true);
    const facts = page.getByRole('definition');
    await expect
      .poll(async () => (await facts.allTextContents()).join(' | '))
      .toMatch(/Premium Plan \| 50,000 members \| \d{2} \w{3} \d{4}/);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).isVisible()).toBe(true);
    await screenshot(page, 'subscription-payment-success');

    // The server agrees, and the billing history shows the payment.
    expect(await api(server, token, 'GET', '/api/subscription')).toMatchObject({
      tier: 'starter',
      memberLimit: 50000,
      paymentMethod: 'Credit Card',
    });
    await page.getByRole('link', { name: 'View Subscription' }).click();
    const history = page.getByRole('table', { name: 'Billing history' });
    await expect.poll(() => history.isVisible()).toBe(true);
    expect(((await history.textContent()) ?? '').replace(/\s/g, '')).toContain('PremiumPlan,onemonthR299,00CreditCardPaid');
    // Issue #25: the paid payment's invoice, a PDF download (no VAT number configured: an Invoice, not a Tax Invoice).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      history.getByRole('button', { name: /^Invoice INV-\d{6} \(PDF\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d{6}\.pdf$/);
    await screenshot(page, 'subscription-billing-history-invoice');
    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'subscription-billing-history-invoice-phone', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(await page.getByRole('button', { name: 'Current Plan' }).isVisible()).toBe(true);
  });

  it('saves the company information on the Settings page', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const form = page.getByRole('form', { name: 'Company information' });
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByLabel('Address').fill('14 Church Street');
    await form.getByLabel('City').fill('Polokwane');
    await form.getByRole('button', { name: /Province/ }).click();
    await page.getByRole('option', { name: 'Limpopo', exact: true }).click();
    await form.getByLabel('Postal code').fill('0699');
    await form.getByRole('button', { name: 'Save Company Information' }).click();
    await expect.poll(() => page.getByText('Company information has been updated successfully.').isVisible()).toBe(true);
    await screenshot(page, 'settings-company-saved');
    expect(await api(server, token, 'GET', '/api/company')).toMatchObject({
      address: '14 Church Street',
      city: 'Polokwane',
      province: 'LP',
      postalCode: '0699',
    });

    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Company information' });
    await expect
      .poll(async () =>
        reloaded
          .getByLabel('City')
          .inputValue()
          .catch(() => ''),
      )
      .toBe('Polokwane');
  });
});

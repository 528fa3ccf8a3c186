import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { southAfricanDate } from '@fpa/write-model/validation';
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

/** Today and the 15th of last month in South Africa (UTC+2), as YYYY-MM-DD. */
function dates() {
  const today = southAfricanDate(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const lastMonth = new Date(Date.UTC(year, month - 2, 15)).toISOString().slice(0, 10);
  return { today, lastMonth };
}

describe.skipIf(!browser.available)(`reports in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    // A South African user: the export is named by the date where the user is.
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true, timezoneId: 'Africa/Johannesburg' });
    const { token } = await registerAndSignIn(page, server, '707');
    // The book, set up through the API as staff would: three members with policies and four payments.
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Family Cover',
      coverageAmount: '30000',
      monthlyPremium: '250.50',
      waitingPeriod: 6,
    });
    const policies: string[] = [];
    for (const [i, name] of ['Kagiso', 'Lerato', 'Themba'].entries()) {
      const member = await api<{ policyId: string }>(server, token, 'POST', '/api/members', {
        firstName: name,
        lastName: 'Molefe',
        saId: saId('800101', `51${i}9`),
        phone: '0723456789',
        address: '45 Church Street',
        city: 'Pretoria',
        province: 'Gauteng',
        postalCode: '0002',
        isMainMember: true,
        policyTypeId: type.id,
      });
      policies.push(member.policyId);
    }
    const { today, lastMonth } = dates();
    const pay = (policy: number, amount: string, paymentDate: string) =>
      api<{ id: string }>(server, token, 'POST', '/api/payments', {
        policyId: policies[policy],
        amount,
        paymentDate,
        paymentMethod: 'eft',
        reference: `EFT-${policy}`,
      });
    await pay(0, '250.50', today);
    await pay(1, '250.50', lastMonth);
    await pay(2, '99.99', today);
    const pending = await pay(2, '120', today);
    await api(server, token, 'PATCH', `/api/payments/${pending.id}`, { status: 'pending' });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const choose = async (label: string, option: string) => {
    await page
      .getByRole('button', { name: new RegExp(label) })
      .first()
      .click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const card = (label: string) =>
    page
      .getByRole('region', { name: /figures$/ })
      .getByText(label, { exact: true })
      .locator('xpath=following-sibling::dd');

  it('shows the cards, the preview and the charts', async () => {
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Reports', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => card('Total Members').textContent()).toBe('3');
    await choose('Report type', 'Payments');
    await expect.poll(() => card('Total Payments').textContent()).toBe('4');
    expect(await card('Premiums Collected').textContent()).toMatch(/^R\s?600,99$/);
    expect(await page.getByText('Showing the first 4 of 4 rows').isVisible()).toBe(true);
    expect(
      await page
        .getByRole('table', { name: /Payments report/ })
        .locator('tbody tr')
        .count(),
    ).toBe(4);

    // Drawn, not only listed: bars for the two months with premiums, a slice per policy status in use.
    const premiums = page.getByRole('figure', { name: 'Premiums collected per month' });
    await expect.poll(() => premiums.locator('.recharts-bar-rectangle path').count()).toBe(2);
    expect(await page.getByRole('figure', { name: 'Policies by status' }).locator('.recharts-pie-sector').count()).toBe(1);
    const growth = await page.getByRole('table', { name: 'Member growth' }).locator('tbody tr').last().textContent();
    expect(growth).toMatch(/3$/);
    await screenshot(page, 'reports');
  });

  it('exports the chosen report as CSV, and says when there is nothing to export', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`payments-report-${dates().today}.csv`);
    const csv = Papa.parse<Record<string, string>>(await readFile(await download.path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.meta.fields).toEqual(['Policy Number', 'Member', 'Amount', 'Payment Date', 'Method', 'Reference', 'Status', 'Recorded']);
    expect(csv.data.map((r) => [r.Member, r.Amount, r.Method, r.Status])).toEqual([
      ['Themba Molefe', '120.00', 'eft', 'pending'],
      ['Themba Molefe', '99.99', 'eft', 'completed'],
      ['Lerato Molefe', '250.50', 'eft', 'completed'],
      ['Kagiso Molefe', '250.50', 'eft', 'completed'],
    ]);
    // The card said the same: the completed rows add up to the premiums collected.
    const collected = csv.data.filter((r) => r.Status === 'completed').reduce((cents, r) => cents + Math.round(Number(r.Amount) * 100), 0);
    expect((collected / 100).toFixed(2)).toBe('600.99');

    await choose('Status', 'Refunded');
    await expect.poll(() => page.getByText('No data for this report').isVisible()).toBe(true);
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.message()))),
    );
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect(await alert).toBe('No data to export');
  });
});

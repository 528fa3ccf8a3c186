import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, southAfricanDate } from '@fpa/write-model/validation';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  browserAvailability,
  launchBrowser,
  registerAndSignIn,
  saId,
  screenshot as harnessScreenshot,
  SCREENSHOTS,
  startServer,
  type RunningServer,
} from './harness.ts';

const browser = browserAvailability();

/** The harness's screenshot (test-results/), copied to /tmp for a look at the run. */
async function screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void> {
  await harnessScreenshot(page, name, options);
  await copyFile(join(SCREENSHOTS, `${name}.png`), `/tmp/${name}.png`);
}

async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/*
 * Issue #21 in the browser: two policies due today, paid up to yesterday. The clerk sets the first
 * one's debit order through the dialog on /policies (the second's is set through the API), makes
 * today's batch on /collections, downloads its CSV, imports the bank's result file through the file
 * picker (one collected, one unpaid 18), and sees the counts, the work item and the statement paid.
 */
describe.skipIf(!browser.available)(`collections in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let token: string;
  const today = southAfricanDate(new Date());
  const debitDay = Number(today.slice(8, 10));
  const month = today.slice(0, 7);
  const policies: { id: string; policyNumber: string }[] = [];

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    ({ token } = await registerAndSignIn(page, server, '721'));
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Funeral 15k',
      coverageAmount: '15000',
      monthlyPremium: '95',
      waitingPeriod: 6,
    });
    for (const [firstName, lastName, dob] of [
      ['Zanele', 'Mokoena', '710422'],
      ['Sipho', 'Dlamini', '680911'],
    ] as const) {
      const member = await api<{ policyId: string; policyNumber: string }>(server, token, 'POST', '/api/members', {
        firstName,
        lastName,
        saId: saId(dob, '0345'),
        phone: '0734567890',
        address: '18 Voortrekker Road',
        city: 'Bloemfontein',
        province: 'FS',
        postalCode: '9301',
        isMainMember: true,
        policyTypeId: type.id,
        debitDay,
        inceptionDate: addDays(today, -100),
        paidUpTo: addDays(today, -1),
      });
      policies.push({ id: member.policyId, policyNumber: member.policyNumber });
    }
    await api(server, token, 'PUT', `/api/policies/${policies[1]!.id}/mandate`, {
      accountHolder: 'S Dlamini',
      bank: 'fnb',
      branchCode: '250655',
      accountNumber: '62007654321',
      accountType: 'cheque',
      debitDay,
      mandateReference: 'MND-B2',
    });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('sets a debit order through the dialog on /policies', async () => {
    const [a] = policies as [{ id: string; policyNumber: string }];
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: `Debit order of policy ${a.policyNumber}` }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, 'collections-policies-1440');
    await page.getByRole('button', { name: `Debit order of policy ${a.policyNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `Debit order of policy ${a.policyNumber}` });
    await expect.poll(() => dialog.getByText('No debit order yet', { exact: false }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /^Debit day/ }).inputValue()).toBe(String(debitDay));
    await dialog.getByRole('textbox', { name: /^Account holder/ }).fill('Z Mokoena');
    await dialog.getByRole('button', { name: /Bank/ }).click();
    await page.getByRole('option', { name: 'Capitec Bank' }).click();
    expect(await dialog.getByRole('textbox', { name: /^Branch code/ }).inputValue()).toBe('470010');
    await dialog.getByRole('textbox', { name: /^Account number/ }).fill('1234567890');
    await dialog.getByRole('button', { name: /Account type/ }).click();
    await page.getByRole('option', { name: 'Savings' }).click();
    await dialog.getByRole('textbox', { name: /^Mandate reference/ }).fill('mnd-a1');
    await screenshot(page, 'collections-mandate-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Debit Order' }).click();
    await expect.poll(() => dialog.getByRole('region', { name: 'Current debit order' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByRole('region', { name: 'Current debit order' }).textContent()).toContain('MND-A1');
    await screenshot(page, 'collections-mandate-saved-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('creates today’s batch on /collections and downloads its CSV', async () => {
    await page.getByRole('link', { name: 'Collections' }).click();
    await page.waitForURL(`${server.url}/collections`);
    const upcoming = page.getByRole('listitem', { name: `Debit date ${today}` });
    await expect.poll(() => upcoming.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await upcoming.textContent()).toContain('2 debits');
    await upcoming.getByRole('button', { name: 'Create batch' }).click();
    const batch = page.getByRole('dialog', { name: /^Batch for / });
    await expect.poll(() => batch.getByText('MND-A1').isVisible(), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => batch.isVisible()).toBe(false);

    const downloading = page.waitForEvent('download');
    await page
      .getByRole('button', { name: `Download CSV of the batch for ${today}` })
      .first()
      .click();
    const download = await downloading;
    const lines = (await readFile(await download.path(), 'utf8')).split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toBe(
      'mandate_reference,account_holder,branch_code,account_number,account_type,amount_cents,action_date,user_reference',
    );
    expect(lines.slice(1, 3).sort()).toEqual(
      [
        `MND-A1,Z Mokoena,470010,1234567890,savings,9500,${today},${policies[0]!.policyNumber}`,
        `MND-B2,S Dlamini,250655,62007654321,cheque,9500,${today},${policies[1]!.policyNumber}`,
      ].sort(),
    );
    expect(lines[3]).toBe('TRAILER,2,19000');
  });

  it('imports the result file through the file picker: one collected, one unpaid 18 for the claims desk', async () => {
    const file = [
      'reference,amount,status,unpaid_code,date',
      `MND-A1,9500,collected,,${today}`,
      `MND-B2,9500,unpaid,18,${today}`,
      'TRAILER,2,19000',
    ].join('\r\n');
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import result file' }).click();
    await (await choosing).setFiles({ name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    const status = page.getByRole('status').filter({ hasText: 'Imported results.csv' });
    await expect.poll(() => status.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await status.textContent()).toContain('1 debit collected, 1 unpaid, 0 unmatched, 0 duplicates.');

    const batches = page.getByRole('region', { name: 'Batches' });
    await expect
      .poll(async () => /R\s95,00/.test((await batches.getByRole('row').nth(1).textContent()) ?? ''), { timeout: 15_000 })
      .toBe(true);
    const deceased = page.getByRole('region', { name: 'Reported deceased' });
    await expect.poll(async () => (await deceased.textContent())?.includes(policies[1]!.policyNumber), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'collections-1440');
    const thisMonth = page.getByRole('region', { name: /^This month \(/ });
    await expect.poll(async () => (await thisMonth.textContent())?.includes('1 of 2 debits collected'), { timeout: 15_000 }).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
  });

  it('shows the month paid on the collected policy’s statement', async () => {
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    await page.getByRole('button', { name: `Statement of policy ${policies[0]!.policyNumber}` }).click();
    const periods = page.getByRole('dialog').getByRole('table', { name: 'Premiums by month' });
    await expect.poll(() => periods.isVisible(), { timeout: 15_000 }).toBe(true);
    const row = periods.getByRole('row').filter({ hasText: month });
    expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('fits a phone: the page and the dialogs without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/collections`);
    await expect.poll(() => page.getByRole('region', { name: 'Batches' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'collections-390');
    expect(await overflowsSideways(page)).toBe(false);

    await page.getByRole('button', { name: `Debits of the batch for ${today}` }).click();
    const batch = page.getByRole('dialog', { name: /^Batch for / });
    await expect.poll(() => batch.getByText('MND-B2').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await batch.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'collections-batch-390', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Collection settings' });
    await expect.poll(() => settings.getByRole('button', { name: 'Save Settings' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await settings.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'collections-settings-390', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/policies`);
    await expect
      .poll(() => page.getByRole('button', { name: `Debit order of policy ${policies[0]!.policyNumber}` }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, 'collections-policies-390');
    expect(await overflowsSideways(page)).toBe(false);
    await page.getByRole('button', { name: `Debit order of policy ${policies[0]!.policyNumber}` }).click();
    const mandate = page.getByRole('dialog', { name: `Debit order of policy ${policies[0]!.policyNumber}` });
    await expect.poll(() => mandate.getByRole('button', { name: 'Save Debit Order' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await mandate.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'collections-mandate-390', { fullPage: false });
  });
});

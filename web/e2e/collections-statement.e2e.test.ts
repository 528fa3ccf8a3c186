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

/** Neither the page nor the document scrolls sideways: everything fits the viewport's width. */
async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

const CLERK = { username: 'clerk702', password: 'secret123' };

/*
 * Issue #21's bank statement in the browser: a billing clerk imports a statement with one credit
 * matched by policy number, one suggested (surname and premium) and one unknown; assigns the
 * suggested one from its suggestion, marks the unknown one not a premium, and the queue is empty.
 * At desktop and phone widths.
 */
describe.skipIf(!browser.available)(`the bank statement on /collections in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    const admin = await chromium.newPage();
    const { token } = await registerAndSignIn(admin, server, '702');
    await admin.close();
    await api(server, token, 'POST', '/api/users', {
      ...CLERK,
      email: 'clerk702@example.co.za',
      firstName: 'Thabo',
      lastName: 'Ndlovu',
      role: 'billing_clerk',
    });
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Funeral 20k',
      coverageAmount: '20000',
      monthlyPremium: '120',
      waitingPeriod: 6,
    });
    for (const [lastName, dob] of [
      ['Mthembu', '800312'],
      ['Nkosi', '760915'],
    ] as const) {
      const member = await api<{ policyNumber: string }>(server, token, 'POST', '/api/members', {
        firstName: 'Sipho',
        lastName,
        saId: saId(dob, '5087'),
        phone: '0734567890',
        address: '18 Voortrekker Road',
        city: 'Bloemfontein',
        province: 'FS',
        postalCode: '9301',
        isMainMember: true,
        policyTypeId: type.id,
        debitDay: 1,
      });
      numbers[lastName] = member.policyNumber;
    }
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${server.url}/auth`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill(CLERK.username);
    await form.getByLabel('Password').fill(CLERK.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.url}/`);
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const queue = () => page.getByRole('region', { name: 'Unmatched credits' });
  const queueRow = (text: string) => queue().getByRole('row').filter({ hasText: text });

  it('imports a statement: one credit paid by its policy number, two to the unmatched queue', async () => {
    await page.getByRole('link', { name: 'Collections' }).click();
    await page.waitForURL(`${server.url}/collections`);
    const section = page.getByRole('region', { name: 'Bank statement' });
    await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true);
    const day = southAfricanDate(new Date()).replaceAll('-', '/');
    const csv = [
      'ACC-NO,62812345678,Gold Business Account',
      '',
      'Date,Amount,Balance,Description,Reference',
      `${day},120.00,10120.00,PMT MTHEMBU,${numbers.Mthembu}`,
      `${day},120.00,10240.00,DEPOSIT NKOSI,cash`,
      `${day},500.00,10740.00,UNKNOWN DEPOSIT,xyz`,
      `${day},-35.50,10704.50,#MONTHLY ACCOUNT FEE,`,
    ].join('\r\n');
    await section
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fnb-statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const status = section.getByRole('status');
    await expect.poll(() => status.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await status.textContent()).toContain('3 credits: 1 matched and paid, 2 to the unmatched queue (1 with a suggestion)');
    await expect
      .poll(async () => (await section.getByRole('table', { name: 'Bank statements taken in' }).textContent()) ?? '', { timeout: 15_000 })
      .toContain('fnb-statement.csv');
    await expect.poll(() => queueRow('DEPOSIT NKOSI').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await queueRow('UNKNOWN DEPOSIT').isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'collections-statement-1440');
  });

  it('assigns the suggested credit from its suggestion (nothing applied until saved)', async () => {
    await queueRow('DEPOSIT NKOSI')
      .getByRole('button', { name: `Assign to ${numbers.Nkosi}` })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Assign the credit of/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('listitem', { name: 'Policy' }).textContent()).toContain(numbers.Nkosi);
    expect(await dialog.getByLabel(/Amount/).inputValue()).toBe('120.00');
    await screenshot(page, 'collections-assign-1440', { fullPage: false });
    await dialog.getByRole('button', { name: 'Assign Credit' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => queueRow('DEPOSIT NKOSI').count(), { timeout: 15_000 }).toBe(0);
  });

  it('fits a phone: the queue and the split form, then the unknown credit is not a premium and the queue is empty', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => queueRow('UNKNOWN DEPOSIT').isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'collections-statement-390');

    await queueRow('UNKNOWN DEPOSIT').getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = page.getByRole('dialog', { name: /^Assign the credit of/ });
    await expect.poll(() => assign.isVisible()).toBe(true);
    await assign.getByRole('button', { name: 'Split over another policy' }).click();
    await assign.getByRole('button', { name: 'Assign Credit' }).click();
    await expect.poll(() => assign.getByText('Choose the policy').count()).toBeGreaterThan(0);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await assign.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'collections-assign-split-390', { fullPage: false });
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => assign.isVisible()).toBe(false);

    await queueRow('UNKNOWN DEPOSIT').getByRole('button', { name: 'Not a premium' }).click();
    const dismiss = page.getByRole('dialog', { name: /^Not a premium/ });
    await expect.poll(() => dismiss.isVisible()).toBe(true);
    await dismiss.getByLabel(/Reason/).fill('Supplier refund');
    expect(await dismiss.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await screenshot(page, 'collections-dismiss-390', { fullPage: false });
    await dismiss.getByRole('button', { name: 'Not a Premium' }).click();
    await expect.poll(() => dismiss.isVisible(), { timeout: 15_000 }).toBe(false);
    await expect
      .poll(async () => (await queue().textContent()) ?? '', { timeout: 15_000 })
      .toContain('No unmatched credit: every statement line is placed.');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'collections-statement-done-390');
  });
});

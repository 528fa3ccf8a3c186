import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, registerAndSignIn, saId, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

describe.skipIf(!browser.available)(`group schemes and group payments in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    await registerAndSignIn(page, server, '501');
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('creates a scheme with two main members and a family member', async () => {
    await page.getByRole('link', { name: 'Group Schemes' }).click();
    await page.getByRole('button', { name: 'Create Scheme' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Group Scheme' });
    await dialog.getByLabel('Scheme name').fill('Mine Workers Union');
    await dialog.getByLabel('Description').fill('Funeral cover for union members');
    const main = (i: number, label: string) => dialog.getByLabel(`Main member ${i} ${label}`, { exact: true });
    await main(1, 'First name').fill('Lebo');
    await main(1, 'Last name').fill('Mokoena');
    await main(1, 'SA ID number').fill(saId('800101', '5010'));
    await main(1, 'Phone').fill('0821230001');
    await main(1, 'Address').fill('1 Shaft Road, Rustenburg');
    await dialog.getByRole('button', { name: 'Add family member to main member 1' }).click();
    const family = (label: string) => dialog.getByLabel(`Main member 1, family member 1 ${label}`, { exact: true });
    await family('First name').fill('Palesa');
    await family('Last name').fill('Mokoena');
    await family('SA ID number').fill(saId('820202', '0020'));
    await dialog.getByRole('button', { name: /Main member 1, family member 1 Relationship/ }).click();
    await page.getByRole('option', { name: 'Spouse', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Main Member' }).click();
    await main(2, 'First name').fill('Sello');
    await main(2, 'Last name').fill('Tau');
    await main(2, 'SA ID number').fill(saId('750303', '5030'));
    await main(2, 'Phone').fill('0821230002');
    await main(2, 'Address').fill('2 Shaft Road, Rustenburg');
    await dialog.getByRole('button', { name: 'Create Scheme' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'View Details for Mine Workers Union' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'View Details for Mine Workers Union' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Family of Lebo Mokoena' }).isVisible()).toBe(true);
    await expect.poll(async () => (await page.locator('main').textContent())?.match(/MIN-\d+/) !== null).toBe(true);
    await screenshot(page, 'group-scheme-details');
  });

  it('records a group payment and shows its total for all three members', async () => {
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByRole('tab', { name: 'Group Payment' }).click();
    await page.getByRole('button', { name: /Group scheme/ }).click();
    await page.getByRole('option', { name: /Mine Workers Union \(3 members\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Group Payment: Mine Workers Union' });
    await dialog.getByLabel('Amount per member (R)').fill('150');
    await dialog.getByRole('button', { name: /Payment method/ }).click();
    await page.getByRole('option', { name: 'EFT', exact: true }).click();
    await expect.poll(async () => (await dialog.textContent())?.replace(/\s/g, '').includes('R450,00')).toBe(true);
    await dialog.getByRole('button', { name: 'Record Group Payment' }).click();
    await expect.poll(() => page.getByText('Group payment recorded').first().isVisible()).toBe(true);
    const toast = await page
      .getByText(/Total R/)
      .first()
      .textContent();
    expect(toast?.replace(/\s/g, '')).toContain('TotalR450,00for3members');
    await screenshot(page, 'group-payment-recorded');
    // One payment per policy: R 300 for the main member with a spouse, R 150 for the other.
    await expect.poll(async () => (await page.locator('main').textContent())?.replace(/\s/g, '').includes('R300,00')).toBe(true);
    await expect.poll(async () => (await page.locator('main').textContent())?.replace(/\s/g, '').includes('R150,00')).toBe(true);
  });
});

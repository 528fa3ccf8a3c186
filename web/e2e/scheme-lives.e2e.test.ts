import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/*
 * Issue #22 on the scheme page: Add Members takes each person's cover proven elsewhere (the members' two
 * fields and rule), and shows the server's refusal of a life past the funeral limit across the person's
 * schemes under that row's cover amount. At desktop width and at 390 px.
 */
describe.skipIf(!browser.available)(`a scheme's lives in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let schemeId: string;
  const onOtherScheme = saId('840404', '5040');

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    const { token } = await registerAndSignIn(page, server, '522');
    const row = (firstName: string, id: string, coverAmount: string) => ({
      firstName,
      lastName: 'Dube',
      saId: id,
      phone: '0821230001',
      address: '9 Station Road',
      coverAmount,
      familyMembers: [],
    });
    await api(server, token, 'POST', '/api/group-schemes', {
      name: 'Burial Society',
      description: '',
      mainMembers: [row('Thandi', onOtherScheme, '90000')],
    });
    const created = await api<{ scheme: { id: string } }>(server, token, 'POST', '/api/group-schemes', {
      name: 'Rail Workers',
      description: '',
      mainMembers: [row('Sipho', saId('790909', '5050'), '20000')],
    });
    schemeId = created.scheme.id;
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  const openAddMembers = async () => {
    await page.goto(`${server.url}/group-schemes/${schemeId}`);
    await page.getByRole('button', { name: 'Add Members' }).click();
    return page.getByRole('dialog', { name: 'Add Members: Rail Workers' });
  };

  it('adds a member with prior cover; the rule (both or neither) shows under the field first', async () => {
    const dialog = await openAddMembers();
    const main = (label: string) => dialog.getByLabel(`Main member 1 ${label}`, { exact: true });
    await main('First name').fill('Lerato');
    await main('Last name').fill('Dube');
    await main('SA ID number').fill(saId('850615', '5060'));
    await main('Phone').fill('0821230003');
    await main('Address').fill('3 Station Road');
    await main('Prior cover (whole months)').fill('12');
    await dialog.getByRole('button', { name: 'Add Members' }).click();
    await expect
      .poll(() => dialog.getByText('Give both the months of prior cover and the date it ended, or neither').isVisible())
      .toBe(true);
    await screenshot(page, 'scheme-add-members-prior-cover');
    await main('Prior cover ended on').fill('2026-11-01');
    await dialog.getByRole('button', { name: 'Add Members' }).click();
    await expect.poll(() => page.getByText('Members added').first().isVisible()).toBe(true);
  });

  it('shows the funeral limit across the person’s schemes under the cover amount, and adds nobody; at 390 px too', async () => {
    const dialog = await openAddMembers();
    const main = (label: string) => dialog.getByLabel(`Main member 1 ${label}`, { exact: true });
    await main('First name').fill('Thandi');
    await main('Last name').fill('Dube');
    await main('SA ID number').fill(onOtherScheme);
    await main('Phone').fill('0821230004');
    await main('Address').fill('4 Station Road');
    await main('Cover amount (R)').fill('20000');
    await dialog.getByRole('button', { name: 'Add Members' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(/the Insurance Act's funeral limit for one life/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'scheme-add-members-cap');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'scheme-add-members-cap-390');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });
});

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

/**
 * Issue #22 in Chromium: a group scheme's member is an insured person like any other. From the scheme's
 * member list to their member's page, and the same person on Members, Policies and Payments.
 */
describe.skipIf(!browser.available)(`group-scheme members in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let schemeId: string;
  let policyNumber: string;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    const { token } = await registerAndSignIn(page, server, '522');
    const created = await api<{ scheme: { id: string } }>(server, token, 'POST', '/api/group-schemes', {
      name: 'Mine Workers Union',
      description: 'Shaft 3',
      mainMembers: [
        {
          firstName: 'Lebo',
          lastName: 'Mokoena',
          saId: saId('800101', '5010'),
          phone: '0821230001',
          address: '1 Shaft Road, Rustenburg',
          coverAmount: '20000',
          familyMembers: [{ firstName: 'Palesa', lastName: 'Mokoena', saId: saId('820202', '0020'), relationship: 'spouse' }],
        },
      ],
    });
    schemeId = created.scheme.id;
    const members = await api<{ firstName: string; policyNumber: string }[]>(
      server,
      token,
      'GET',
      `/api/group-schemes/${schemeId}/members`,
    );
    policyNumber = members.find((m) => m.firstName === 'Lebo')!.policyNumber;
    await api(server, token, 'POST', `/api/group-schemes/${schemeId}/payments`, {
      amountPerMember: '150',
      paymentMethod: 'cash',
      paymentDate: southAfricanDate(new Date()),
    });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('opens a scheme member’s page from the scheme’s member list, with the group policy, lives and group payment', async () => {
    await page.goto(`${server.url}/group-schemes/${schemeId}`);
    await page.getByRole('link', { name: 'Lebo Mokoena' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Lebo Mokoena' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/members\/[0-9a-f-]{36}$/);
    const main = page.locator('main');
    await expect.poll(() => main.getByRole('link', { name: 'Mine Workers Union' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: `Policy ${policyNumber}` }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('table', { name: 'Lives covered' }).getByRole('link', { name: 'Palesa Mokoena' }).isVisible())
      .toBe(true);
    await expect.poll(async () => (await main.textContent())?.replace(/\s/g, '').includes('R300,00')).toBe(true);
    // Their details and cover are the scheme's: no Edit, no New Policy, no adding or removing lives here.
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add a family member' }).count()).toBe(0);
    // Their history is the scheme's events that concern them (issue #22), in business words.
    await page.getByRole('button', { name: 'Show history' }).click();
    const history = page.getByRole('list', { name: 'History of Lebo Mokoena' });
    await expect.poll(() => history.getByText(/Scheme member added/).isVisible()).toBe(true);
    await expect.poll(() => history.getByText(/Group payment recorded/).isVisible()).toBe(true);
    await expect.poll(() => history.getByText(policyNumber).first().isVisible()).toBe(true);
    await screenshot(page, 'scheme-member-page');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'scheme-member-page-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('lists them on Members marked with the scheme, without the actions that are the scheme’s', async () => {
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    // Palesa's row names Lebo too ('Family of Lebo Mokoena').
    const row = page.getByRole('row', { name: /Lebo Mokoena/ }).filter({ hasNotText: 'Family of' });
    await expect.poll(() => row.getByText('Scheme: Mine Workers Union').isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Edit Lebo Mokoena' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Delete Lebo Mokoena' }).count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /Palesa Mokoena/ })
          .getByText(policyNumber)
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'scheme-members-on-members');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'scheme-members-on-members-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('lists the group policy on Policies and links the group payment to the member’s page', async () => {
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(policyNumber) });
    await expect.poll(() => row.getByText('Mine Workers Union').isVisible()).toBe(true);
    expect(await row.getByText('Group scheme').isVisible()).toBe(true);
    await screenshot(page, 'scheme-policy-on-policies');
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    const payment = page.getByRole('row', { name: new RegExp(policyNumber) });
    await payment.getByRole('link', { name: 'Lebo Mokoena' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Lebo Mokoena' }).isVisible()).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, registerAndSignIn, saId, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

describe.skipIf(!browser.available)(`members, policy types and policies in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  const principalId = saId('760312', '0456');

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    await registerAndSignIn(page, server, '301');
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

  it('adds a policy type', async () => {
    await page.getByRole('link', { name: 'Policy Types', exact: true }).click();
    await page.getByRole('button', { name: 'Add Policy Type' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Policy Type' });
    expect(await dialog.getByLabel('Coverage amount (R)').inputValue()).toBe('50000');
    await dialog.getByLabel('Policy name').fill('Family Cover');
    await dialog.getByLabel('Monthly premium (R)').fill('5');
    await dialog
      .getByRole('button', { name: /Save|Create|Add/ })
      .last()
      .click();
    await expect.poll(() => dialog.getByText('Monthly premium must be at least R10').isVisible()).toBe(true);
    await dialog.getByLabel('Monthly premium (R)').fill('249.50');
    await dialog
      .getByRole('button', { name: /Save|Create|Add/ })
      .last()
      .click();
    await expect.poll(() => page.getByText('Policy type created successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Family Cover').first().isVisible()).toBe(true);
  });

  it('adds a principal member with a policy and a family member under them', async () => {
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByLabel('First name').fill('Kagiso');
    await dialog.getByLabel('Last name').fill('Molefe');
    await dialog.getByLabel('SA ID number').fill(principalId);
    await dialog.getByLabel('Phone number').fill('072 345 6789');
    await dialog.getByLabel('Street address').fill('45 Church Street');
    await dialog.getByLabel('City').fill('Pretoria');
    await choose('Province', 'Gauteng');
    await dialog.getByLabel('Postal code').fill('0002');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Family Cover').click();
    await dialog.getByRole('button', { name: 'Add Member' }).click();
    await expect.poll(() => page.getByText('Member registered successfully').first().isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('cell', { name: /POL-\d{4}-\d{6}/ })
          .first()
          .isVisible(),
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Add Member' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByText('Family member', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Main member' }).fill('Kagiso');
    await page.getByRole('option', { name: /Kagiso Molefe/ }).click();
    await choose('Relationship', 'Spouse');
    await dialog.getByLabel('First name').fill('Dineo');
    await dialog.getByLabel('Last name').fill('Molefe');
    await dialog.getByLabel('SA ID number').fill(saId('790815', '0123'));
    await dialog
      .getByRole('button', { name: /^(Add Member|Next)$/ })
      .last()
      .click();
    await expect.poll(() => page.getByText('Dineo Molefe').first().isVisible()).toBe(true);
    await screenshot(page, 'portfolio-members');
  });

  it('lapses, reinstates and cancels the policy, with the counts following', async () => {
    await page.getByRole('link', { name: 'Policies', exact: true }).click();
    const number = (await page
      .getByText(/POL-\d{4}-\d{6}/)
      .first()
      .textContent())!.match(/POL-\d{4}-\d{6}/)![0];
    await page.getByRole('button', { name: new RegExp(`Status of policy ${number}`) }).click();
    await page.getByRole('option', { name: 'Lapsed', exact: true }).click();
    // Issue #20: a lapse, and a reinstatement from lapsed, are confirmed with a reason.
    const lapse = page.getByRole('alertdialog', { name: 'Lapse this policy?' });
    await lapse.getByLabel('Reason').fill('Client asked by phone');
    await screenshot(page, 'portfolio-lapse-reason');
    await lapse.getByRole('button', { name: 'Lapse Policy' }).click();
    await expect.poll(() => page.getByText('Policy status updated successfully').first().isVisible()).toBe(true);
    await expect.poll(async () => (await page.getByLabel('Policy counts').textContent())?.includes('Lapsed Policies1')).toBe(true);
    await page.getByRole('button', { name: new RegExp(`Status of policy ${number}`) }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    const reinstate = page.getByRole('alertdialog', { name: 'Reinstate this policy?' });
    await reinstate.getByLabel('Reason').fill('Arrears paid at the branch');
    await reinstate.getByRole('button', { name: 'Reinstate Policy' }).click();
    await expect.poll(async () => (await page.getByLabel('Policy counts').textContent())?.includes('Lapsed Policies0')).toBe(true);
    await page.getByRole('button', { name: `Cancel policy ${number}` }).click();
    await page.getByRole('button', { name: 'Cancel Policy', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: `Reinstate policy ${number}` }).isVisible()).toBe(true);
    await screenshot(page, 'portfolio-policies');
  });

  it('uploads a small CSV with a main member and a family member', async () => {
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload Members' });
    const mainId = saId('820220', '0789');
    const csv = [
      'firstName,lastName,identifierType,saId,passportNumber,nationality,email,phone,address,city,province,postalCode,dateOfBirth,isMainMember,mainMemberIdentifier,relationship,policyTypeId',
      `Lindiwe,Sithole,saId,${mainId},,ZA,,0834567890,9 Jan Smuts Ave,Johannesburg,GP,2196,,true,,,`,
      `Musa,Sithole,saId,${saId('100505', '5012')},,ZA,,,,,,,,false,${mainId},child,`,
    ].join('\n');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => dialog.getByText('All 2 rows are valid and ready to upload.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Upload 2 Members' }).click();
    await expect.poll(() => page.getByText('Upload completed successfully').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'portfolio-bulk-upload');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => page.getByText('Musa Sithole').first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect.poll(async () => (await page.locator('main').textContent())?.includes('Total Members4')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, southAfricanDate } from '@fpa/write-model/validation';
import type { Browser, Locator, Page } from 'playwright-core';
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

/*
 * Issue #22 in Chromium: a policy type's suicide waiting period, a family life added with prior cover
 * through Add Member, and a claim on that life whose details explain the life's own waiting period.
 */

const browser = browserAvailability();

function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-ZA', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

describe.skipIf(!browser.available)(`waiting periods per life in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let token: string;
  let policyNumber: string;
  const spouseId = saId('800303', '0123');
  const today = southAfricanDate(new Date());

  /** Both widths, `target` scrolled into view at each; back at the desktop's after. */
  const both = async (name: string, target: Locator) => {
    await target.scrollIntoViewIfNeeded();
    await screenshot(page, name, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await target.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-390`, { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    ({ token } = await registerAndSignIn(page, server, '422'));
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it("sets a policy type's suicide waiting period, explaining the 6-month natural rule", async () => {
    await page.getByRole('link', { name: 'Policy Types', exact: true }).click();
    await page.getByRole('button', { name: 'Add Policy Type' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Policy Type' });
    await dialog.getByLabel('Policy name').fill('Family 10k');
    await dialog.getByLabel('Coverage amount (R)').fill('10000');
    expect(await dialog.getByLabel('Suicide waiting period (months)').inputValue()).toBe('12');
    await dialog.getByLabel('Suicide waiting period (months)').fill('25');
    await dialog.getByRole('button', { name: 'Create Policy Type' }).click();
    await expect.poll(() => dialog.getByText('Suicide waiting period must be 0 to 24 whole months').isVisible()).toBe(true);
    await dialog.getByLabel('Suicide waiting period (months)').fill('18');
    await both('waiting-policy-type-dialog', dialog.getByText(/a life waits at most 6 months/));
    await dialog.getByRole('button', { name: 'Create Policy Type' }).click();
    await expect.poll(() => page.getByText('Policy type created successfully').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('18 months').first().isVisible()).toBe(true);
  });

  it('adds a family life with cover proven elsewhere', async () => {
    const types = await api<{ id: string; name: string }[]>(server, token, 'GET', '/api/policy-types');
    const member = await api<{ policyNumber: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Kagiso',
      lastName: 'Molefe',
      saId: saId('700101', '5088'),
      phone: '0723456789',
      address: '45 Church Street',
      city: 'Pretoria',
      province: 'GP',
      postalCode: '0002',
      isMainMember: true,
      policyTypeId: types.find((t) => t.name === 'Family 10k')!.id,
      inceptionDate: addMonths(today, -8),
    });
    policyNumber = member.policyNumber;
    await page.getByRole('link', { name: 'Members', exact: true }).click();
    await page.getByRole('button', { name: 'Add Member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.getByText('Family member', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Main member' }).fill('Kagiso');
    await page.getByRole('option', { name: /Kagiso Molefe/ }).click();
    await dialog.getByRole('button', { name: /Relationship/ }).click();
    await page.getByRole('option', { name: 'Spouse', exact: true }).click();
    await dialog.getByLabel('First name').fill('Dineo');
    await dialog.getByLabel('Last name').fill('Molefe');
    await dialog.getByLabel('SA ID number').fill(spouseId);
    await dialog.getByLabel('Prior cover (whole months)').fill('6');
    await dialog.getByLabel('Prior cover ended on').fill(addDays(today, -10));
    await both('waiting-add-member-prior-cover', dialog.getByLabel('Prior cover ended on'));
    await dialog.getByRole('button', { name: 'Add Member' }).last().click();
    await expect.poll(() => page.getByText('Dineo Molefe').first().isVisible()).toBe(true);
  });

  it("claims for the life with its manner of death; the details explain the life's own waiting period", async () => {
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    await page.getByRole('button', { name: 'New Claim' }).click();
    const form = page.getByRole('form', { name: 'New claim' });
    await form.getByLabel('Policy number', { exact: true }).fill(policyNumber);
    const fields: [string, string][] = [
      ['Deceased first name', 'Dineo'],
      ['Deceased last name', 'Molefe'],
      ['Deceased SA ID number', spouseId],
      ['Date of birth', '1980-03-03'],
      ['Date of death', today],
      ['Cause of death', 'Stroke'],
      ['Death certificate number', 'DHA-220022'],
      ['Claimant first name', 'Kagiso'],
      ['Claimant last name', 'Molefe'],
      ['Claimant SA ID number', saId('700101', '5088')],
      ['Relationship to deceased', 'Spouse'],
      ['Claimant phone number', '0723456789'],
      ['Claimant email', 'kagiso@example.co.za'],
      ['Claimant address', '45 Church Street, Pretoria'],
      ['Claim amount (R)', '10000'],
      ['Account holder name', 'K Molefe'],
      ['Bank name', 'FNB'],
      ['Account number', '62123456789'],
      ['Branch code', '250655'],
    ];
    for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
    for (const name of ['Deceased ID document', 'Claimant ID document', 'Death certificate', 'Bank letter']) {
      const group = form.getByRole('group', { name });
      await group.locator('input[type=file]').setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(name) });
      await expect.poll(() => group.getByText('Uploaded').isVisible()).toBe(true);
    }
    // The manner of death is required: the form says so before it is chosen.
    await form.getByRole('button', { name: 'Submit Claim' }).click();
    await expect.poll(() => form.getByText('Choose the manner of death: natural, accidental or suicide').isVisible()).toBe(true);
    await form.getByRole('button', { name: /Manner of death/ }).click();
    await page.getByRole('option', { name: 'Natural', exact: true }).click();
    await both('waiting-claim-form', form.getByLabel('Cause of death', { exact: true }));
    await form.getByRole('button', { name: 'Submit Claim' }).click();
    await expect.poll(() => page.getByText('Claim submitted successfully').first().isVisible()).toBe(true);

    await page
      .getByRole('button', { name: /^View claim CLM-/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: /^Claim CLM-/ });
    // Added today with 6 months of cover elsewhere that ended 10 days ago: no wait left for a natural death.
    const line = `Waiting period for this life (natural death) ends on ${longDay(today)} (the life joined on ${longDay(today)}; 6 months of prior cover counted).`;
    await expect.poll(() => details.getByText(line).isVisible()).toBe(true);
    expect(await details.getByText('In waiting period').count()).toBe(0);
    await both('waiting-claim-details', details.getByText(line));
  });
});

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

/** A small but real PDF: the server checks uploads by their bytes. */
function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

describe.skipIf(!browser.available)(`claims and documents in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let policyNumber: string;
  const deceasedId = saId('600101', '5088');

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    const { token } = await registerAndSignIn(page, server, '401');
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Funeral 30k',
      coverageAmount: '30000',
      monthlyPremium: '180',
      waitingPeriod: 0,
    });
    const member = await api<{ policyNumber: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Jabulani',
      lastName: 'Ngcobo',
      saId: deceasedId,
      phone: '0845551234',
      address: '7 Umgeni Road',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    policyNumber = member.policyNumber;
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('submits a claim with its four documents uploaded through the form', async () => {
    await page.getByRole('link', { name: 'Claims' }).click();
    await page.getByRole('button', { name: 'New Claim' }).click();
    const form = page.getByRole('form', { name: 'New claim' });
    await form.getByLabel('Policy number', { exact: true }).fill(policyNumber);
    const today = southAfricanDate(new Date());
    const fields: [string, string][] = [
      ['Deceased first name', 'Jabulani'],
      ['Deceased last name', 'Ngcobo'],
      ['Deceased SA ID number', deceasedId],
      ['Date of birth', '1960-01-01'],
      ['Date of death', today],
      ['Cause of death', 'Heart failure'],
      ['Death certificate number', 'DHA-778899'],
      ['Claimant first name', 'Nandi'],
      ['Claimant last name', 'Ngcobo'],
      ['Claimant SA ID number', saId('880808', '0456')],
      ['Relationship to deceased', 'Daughter'],
      ['Claimant phone number', '0715551234'],
      ['Claimant email', 'nandi@example.co.za'],
      ['Claimant address', '7 Umgeni Road, Durban'],
      ['Claim amount (R)', '30000'],
      ['Account holder name', 'N Ngcobo'],
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
    await screenshot(page, 'claims-form-filled');
    await form.getByRole('button', { name: 'Submit Claim' }).click();
    await expect.poll(() => page.getByText('Claim submitted successfully').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^View claim CLM-\d{4}-\d{6}$/ }).isVisible()).toBe(true);
  });

  const move = async (claimNumber: string, action: string) => {
    await page.getByRole('button', { name: `Update status of claim ${claimNumber}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: action }).click();
  };
  const moved = async (claimNumber: string, action: string) => {
    await move(claimNumber, action);
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
  };
  let claimNumber: string;

  it('approves the claim; Mark as Paid is refused with the reason while its documents are not verified', async () => {
    claimNumber = (await page.getByRole('button', { name: /^View claim CLM-/ }).textContent())!.match(/CLM-\d{4}-\d{6}/)![0];
    await moved(claimNumber, 'Review');
    await moved(claimNumber, 'Approve');
    await move(claimNumber, 'Mark as Paid');
    const reason =
      'A claim can only be marked as paid once all four documents are verified; not verified: deceased ID document, claimant ID document, death certificate, bank letter.';
    await expect.poll(() => page.getByText(reason).first().isVisible()).toBe(true);
    await screenshot(page, 'claims-paid-refused');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('lists the four documents and verifies them', async () => {
    await page.getByRole('link', { name: 'Documents' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    for (const name of ['Deceased ID document', 'Claimant ID document', 'Death certificate', 'Bank letter']) {
      await page.getByRole('button', { name: `Verify ${name}.pdf` }).click();
      await expect
        .poll(async () =>
          (
            await page
              .getByRole('article')
              .filter({ hasText: `${name}.pdf` })
              .textContent()
          )
            ?.toLowerCase()
            .includes('verified'),
        )
        .toBe(true);
    }
    await screenshot(page, 'documents-verified');
  });

  it('then marks the claim as paid', async () => {
    await page.getByRole('link', { name: 'Claims' }).click();
    await moved(claimNumber, 'Mark as Paid');
    await expect.poll(() => page.getByText('No actions available').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: `View claim ${claimNumber}` }).click();
    const details = page.getByRole('dialog', { name: `Claim ${claimNumber}` });
    await expect.poll(() => details.getByRole('link', { name: /^View Death certificate/ }).isVisible()).toBe(true);
    await screenshot(page, 'claims-details-paid');
  });
});

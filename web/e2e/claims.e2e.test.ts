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
  const notOnPolicyId = saId('610202', '5088');

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
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    await page.getByRole('button', { name: 'New Claim' }).click();
    const form = page.getByRole('form', { name: 'New claim' });
    await form.getByLabel('Policy number', { exact: true }).fill(policyNumber);
    const today = southAfricanDate(new Date());
    const fields: [string, string][] = [
      ['Deceased first name', 'Jabulani'],
      ['Deceased last name', 'Ngcobo'],
      // Someone not on the policy, and more than its cover: the approval overrides and is capped (issue #23).
      ['Deceased SA ID number', notOnPolicyId],
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
      ['Claim amount (R)', '32000'],
      ['Account holder name', 'N Ngcobo'],
      ['Bank name', 'FNB'],
      ['Account number', '62123456789'],
      ['Branch code', '250655'],
    ];
    for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
    // Issue #22: the manner of death picks the waiting period the claim is checked against.
    await form.getByRole('button', { name: /Manner of death/ }).click();
    await page.getByRole('option', { name: 'Natural' }).click();
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

  const dialog = () => page.getByRole('alertdialog');
  const open = async (claimNumber: string, action: string) => {
    await page.getByRole('button', { name: `Update status of claim ${claimNumber}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await expect.poll(() => dialog().isVisible()).toBe(true);
  };
  const closed = () => expect.poll(() => dialog().count()).toBe(0);
  /** The dialog at a phone's width too, then back. */
  const both = async (name: string) => {
    await screenshot(page, name, { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${name}-390`, { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });
  };
  let claimNumber: string;

  it('asks Reject for a reason and Approve for the capped amount and the override reason, then approves', async () => {
    claimNumber = (await page.getByRole('button', { name: /^View claim CLM-/ }).textContent())!.match(/CLM-\d{4}-\d{6}/)![0];
    await open(claimNumber, 'Review');
    await dialog().getByRole('button', { name: 'Review', exact: true }).click();
    await closed();

    await open(claimNumber, 'Reject');
    await dialog().getByRole('button', { name: 'Reject', exact: true }).click();
    await expect.poll(() => dialog().getByText('Choose the reason for rejecting the claim').first().isVisible()).toBe(true);
    await dialog()
      .getByRole('button', { name: /Reason for rejecting/ })
      .click();
    await page.getByRole('option', { name: 'Other' }).click();
    await expect
      .poll(() =>
        dialog()
          .getByLabel(/^Describe the reason/)
          .isVisible(),
      )
      .toBe(true);
    await both('claims-reject-dialog');
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    await closed();

    await open(claimNumber, 'Approve');
    expect(
      await dialog()
        .getByLabel(/^Approved amount/)
        .inputValue(),
    ).toBe('30000.00');
    await expect
      .poll(() =>
        dialog()
          .getByText(/at most the cover can be approved/)
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => dialog().getByText('deceased not on the policy').isVisible()).toBe(true);
    await dialog().getByRole('button', { name: 'Approve', exact: true }).click();
    await expect
      .poll(() =>
        dialog()
          .getByText(/approving it needs a reason for the override of at least 10 characters\.$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await both('claims-approve-dialog');
    await dialog()
      .getByLabel(/^Reason for the override/)
      .fill('Stepchild raised by the member, confirmed by affidavit');
    await dialog().getByRole('button', { name: 'Approve', exact: true }).click();
    await closed();
  });

  it('Mark as Paid is refused with the reason while the documents are not verified', async () => {
    await open(claimNumber, 'Mark as Paid');
    expect(
      await dialog()
        .getByLabel(/^Amount paid/)
        .inputValue(),
    ).toBe('30000.00');
    expect(
      await dialog()
        .getByLabel(/^Payment date/)
        .inputValue(),
    ).toBe(southAfricanDate(new Date()));
    await expect.poll(() => dialog().getByText('N Ngcobo · account ending 6789').isVisible()).toBe(true);
    await dialog()
      .getByLabel(/^Payment reference/)
      .fill('EFT-778899');
    await both('claims-pay-dialog');
    await dialog().getByRole('button', { name: 'Mark as Paid', exact: true }).click();
    const reason =
      'A claim can only be marked as paid once all four documents are verified; not verified: deceased ID document, claimant ID document, death certificate, bank letter.';
    await expect.poll(() => page.getByText(reason).first().isVisible()).toBe(true);
    await screenshot(page, 'claims-paid-refused');
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
  });
  it('lists the four documents and verifies them', async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
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
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    await open(claimNumber, 'Mark as Paid');
    await dialog()
      .getByLabel(/^Payment reference/)
      .fill('EFT-778899');
    await dialog().getByRole('button', { name: 'Mark as Paid', exact: true }).click();
    await closed();
    await expect.poll(() => page.getByText('No actions available').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: `View claim ${claimNumber}` }).click();
    const details = page.getByRole('dialog', { name: `Claim ${claimNumber}` });
    await expect.poll(() => details.getByRole('link', { name: /^View Death certificate/ }).isVisible()).toBe(true);
    const decision = details.getByRole('region', { name: 'Decision', exact: true });
    await expect.poll(() => decision.getByText('Stepchild raised by the member, confirmed by affidavit').isVisible()).toBe(true);
    expect(await decision.textContent()).toContain('EFT-778899');
    expect(await decision.textContent()).toContain('N Ngcobo · account ending 6789');
    await screenshot(page, 'claims-details-paid');
    // The deceased life's own waiting period, for the manner of death (issue #22).
    expect(await details.textContent()).toContain('Waiting period for this life (natural death) ends on');
    await expect.poll(() => details.getByText('Natural', { exact: true }).isVisible()).toBe(true);
  });
});

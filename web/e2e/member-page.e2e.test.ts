import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { southAfricanDate } from '@fpa/write-model/validation';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
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

const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** Issue #22 in Chromium: from a claim to the member's page, and on to a family member's, at desktop and phone width. */
describe.skipIf(!browser.available)(`the member's page in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let policyNumber: string;
  let token: string;
  let claimId: string;

  async function upload(token: string): Promise<string> {
    const { uploadURL } = await api<{ uploadURL: string }>(server, token, 'POST', '/api/objects/upload');
    const put = await fetch(uploadURL.startsWith('http') ? uploadURL : `${server.url}${uploadURL}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-file-name': 'doc.pdf' },
      body: new Uint8Array(pdf()),
    });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    return ((await put.json()) as { objectPath: string }).objectPath;
  }

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    ({ token } = await registerAndSignIn(page, server, '422'));
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Family 30k',
      coverageAmount: '30000',
      monthlyPremium: '180',
      waitingPeriod: 6,
    });
    const main = await api<{ id: string; policyId: string; policyNumber: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Jabulani',
      lastName: 'Ngcobo',
      saId: saId('600101', '5088'),
      phone: '0845551234',
      email: 'jabu@example.co.za',
      address: '7 Umgeni Road',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    policyNumber = main.policyNumber;
    await api(server, token, 'POST', '/api/members', {
      firstName: 'Thandeka',
      lastName: 'Ngcobo',
      saId: saId('650505', '0123'),
      isMainMember: false,
      mainMemberId: main.id,
      relationship: 'spouse',
    });
    const today = southAfricanDate(new Date());
    await api(server, token, 'POST', '/api/payments', {
      policyId: main.policyId,
      amount: '180',
      paymentDate: today,
      paymentMethod: 'cash',
      reference: 'FIRST',
    });
    ({ id: claimId } = await api<{ id: string }>(server, token, 'POST', '/api/claims', {
      policyId: main.policyId,
      deceasedFirstName: 'Thandeka',
      deceasedLastName: 'Ngcobo',
      deceasedSaId: saId('650505', '0123'),
      deceasedDateOfBirth: '1965-05-05',
      deceasedDateOfDeath: today,
      causeOfDeath: 'Heart failure',
      deathCertificateNumber: 'DHA-1',
      claimantFirstName: 'Jabulani',
      claimantLastName: 'Ngcobo',
      claimantSaId: saId('600101', '5088'),
      claimantPhone: '0845551234',
      claimantEmail: 'jabu@example.co.za',
      claimantAddress: '7 Umgeni Road, Durban',
      relationshipToDeceased: 'Husband',
      claimAmount: '30000',
      bankAccountNumber: '62123456789',
      bankName: 'FNB',
      bankBranchCode: '250655',
      accountHolderName: 'J Ngcobo',
      deceasedIdDocument: await upload(token),
      claimantIdDocument: await upload(token),
      deathCertificateDocument: await upload(token),
      bankLetterDocument: await upload(token),
    }));
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('finds a member by ID number from the dashboard search and opens their page', async () => {
    await page.goto(`${server.url}/`);
    // The bell (issue #25): the claim waits for a decision.
    await page.getByRole('button', { name: 'Notifications (1)' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: '1 claim waiting for a decision' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-bell', { fullPage: false });
    await page.keyboard.press('Escape');
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill(saId('650505', '0123'));
    const hit = page.getByRole('option', { name: /Thandeka Ngcobo/ });
    await expect.poll(() => hit.isVisible()).toBe(true);
    await screenshot(page, 'dashboard-search');
    await hit.click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Thandeka Ngcobo' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/members\/[0-9a-f-]{36}$/);
  });

  it('opens the member’s page from a claim, with the policy, lives, payment and claim, and goes on to the spouse', async () => {
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    await page
      .getByRole('table', { name: /Claims/ })
      .getByRole('link', { name: 'Jabulani Ngcobo' })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Jabulani Ngcobo' }).isVisible()).toBe(true);
    const policy = page.getByRole('article', { name: `Policy ${policyNumber}` });
    await expect.poll(() => policy.getByText('Paid up to').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Payments' }).getByText('FIRST').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Claims' }).getByText('Thandeka Ngcobo').isVisible()).toBe(true);
    // The policy schedule (issue #23), printed from the member's page: a PDF naming the policy and the lives.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      policy.getByRole('button', { name: `Schedule of policy ${policyNumber} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`schedule-${policyNumber}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync(await download.path()))), {
      mergePages: true,
    });
    expect(text).toContain(policyNumber);
    expect(text).toContain('Thandeka Ngcobo');
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('table', { name: 'Payments' })
        .getByRole('button', { name: /^Receipt of the payment of / })
        .click(),
    ]);
    const receiptText = (
      await extractText(await getDocumentProxy(new Uint8Array(readFileSync(await receipt.path()))), { mergePages: true })
    ).text;
    expect(receiptText).toContain('Premium receipt');
    expect(receiptText).toContain('R 180,00');
    await page.getByRole('button', { name: 'Show history' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'History of Jabulani Ngcobo' })
          .getByText(/Member registered/)
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'member-page');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'member-page-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });

    await page.getByRole('table', { name: 'Lives covered' }).getByRole('link', { name: 'Thandeka Ngcobo' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Thandeka Ngcobo' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Covered by' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Jabulani Ngcobo' }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Jabulani Ngcobo' }).isVisible()).toBe(true);
  });

  it('starts the claim’s decision clock when its four documents are verified: time left on the list and the dashboard (issue #23)', async () => {
    const claim = await api<{ claimNumber: string; documents: { id: string }[] }>(server, token, 'GET', `/api/claims/${claimId}`);
    for (const d of claim.documents) await api(server, token, 'PATCH', `/api/documents/${d.id}`, { status: 'verified' });
    // Verified through the API: a fresh load, not the page's cache.
    await page.goto(`${server.url}/claims`);
    const row = page.getByRole('row').filter({ hasText: claim.claimNumber });
    await expect.poll(() => row.getByText(/^Decide within /).isVisible()).toBe(true);
    await screenshot(page, 'claims-decision-clock');
    await page.getByRole('button', { name: `View claim ${claim.claimNumber}` }).click();
    const deadline = page.getByRole('dialog').getByRole('region', { name: 'Decision deadline' });
    await expect.poll(() => deadline.getByText(/^Decision due by /).isVisible()).toBe(true);
    await screenshot(page, 'claim-decision-deadline', { fullPage: false });
    // Disputed: a reason, and the deadline moves 14 business days once (the button then goes).
    await deadline.getByRole('button', { name: 'Mark as Disputed' }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: /^Mark as Disputed/ }));
    await confirm.getByLabel(/^Why is the claim disputed/).fill('Two spouses both claim the benefit');
    await confirm.getByRole('button', { name: 'Mark as Disputed', exact: true }).click();
    await expect.poll(() => deadline.getByText('Disputed: “Two spouses both claim the benefit”').isVisible()).toBe(true);
    await expect.poll(() => deadline.getByText(/14 more business days: disputed/).isVisible()).toBe(true);
    expect(await deadline.getByRole('button', { name: 'Mark as Disputed' }).count()).toBe(0);
    await screenshot(page, 'claim-disputed', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Claim decisions due' });
    await expect.poll(() => panel.getByText(claim.claimNumber).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-claim-deadlines');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-claim-deadlines-phone');
    await page.setViewportSize({ width: 1440, height: 1000 });
  });
});

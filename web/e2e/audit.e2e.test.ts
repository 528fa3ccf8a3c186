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

/** Uploads one document as the claims form does (a signed single-use URL, then the bytes) and answers its object path. */
async function upload(server: RunningServer, token: string, name: string): Promise<string> {
  const { uploadURL } = await api<{ uploadURL: string }>(server, token, 'POST', '/api/objects/upload');
  const response = await fetch(uploadURL, {
    method: 'PUT',
    body: new Uint8Array(pdf(name)),
    headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(`${name}.pdf`) },
  });
  if (!response.ok) throw new Error(`upload of ${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { objectPath: string }).objectPath;
}

/**
 * Issue 10 end to end: an administrator's claim is submitted and moved twice through the API; in
 * the browser its History (claim details) shows those events, and on the Audit page the time slider
 * moved one event back shows the claim as it stood then (under review, not yet approved).
 */
describe.skipIf(!browser.available)(`audit history and time travel in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let claim: { id: string; claimNumber: string };
  const deceasedId = saId('620505', '5081');

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    const { token } = await registerAndSignIn(page, server, '1001');
    const type = await api<{ id: string }>(server, token, 'POST', '/api/policy-types', {
      name: 'Funeral 20k',
      coverageAmount: '20000',
      monthlyPremium: '150',
      waitingPeriod: 0,
    });
    const member = await api<{ policyNumber: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Sibusiso',
      lastName: 'Khoza',
      saId: deceasedId,
      phone: '0835557788',
      address: '12 Voortrekker Road',
      city: 'Polokwane',
      province: 'LP',
      postalCode: '0699',
      isMainMember: true,
      policyTypeId: type.id,
    });
    const today = southAfricanDate(new Date());
    claim = await api<{ id: string; claimNumber: string }>(server, token, 'POST', '/api/claims/by-policy-number', {
      policyNumber: member.policyNumber,
      deceasedFirstName: 'Sibusiso',
      deceasedLastName: 'Khoza',
      deceasedSaId: deceasedId,
      deceasedDateOfBirth: '1962-05-05',
      deceasedDateOfDeath: today,
      causeOfDeath: 'Natural causes',
      deathCertificateNumber: 'DHA-445566',
      claimantFirstName: 'Palesa',
      claimantLastName: 'Khoza',
      claimantSaId: saId('900909', '0456'),
      claimantPhone: '0725551234',
      claimantEmail: 'palesa@example.co.za',
      claimantAddress: '12 Voortrekker Road, Polokwane',
      relationshipToDeceased: 'Daughter',
      claimAmount: '20000',
      bankAccountNumber: '1234567890',
      bankName: 'Capitec',
      bankBranchCode: '470010',
      accountHolderName: 'P Khoza',
      deceasedIdDocument: await upload(server, token, 'deceased-id'),
      claimantIdDocument: await upload(server, token, 'claimant-id'),
      deathCertificateDocument: await upload(server, token, 'death-certificate'),
      bankLetterDocument: await upload(server, token, 'bank-letter'),
    });
    await api(server, token, 'PATCH', `/api/claims/${claim.id}`, { status: 'under_review', note: 'Documents are complete' });
    await api(server, token, 'PATCH', `/api/claims/${claim.id}`, { status: 'approved', note: 'Cover confirmed' });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it("shows the claim's history from its details: submitted, then each status change with its note", async () => {
    await page.getByRole('link', { name: 'Claims', exact: true }).click();
    await page.getByRole('button', { name: `View claim ${claim.claimNumber}` }).click();
    const details = page.getByRole('dialog', { name: `Claim ${claim.claimNumber}` });
    await details.getByRole('button', { name: `Show history of claim ${claim.claimNumber}` }).click();
    const timeline = details.getByRole('list', { name: /^History of Claim / });
    await expect.poll(() => timeline.getByRole('listitem').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const items = await timeline.getByRole('listitem').allTextContents();
    // Oldest first: the submission, then the two status changes with their notes and what they changed.
    expect(items[0]).toMatch(/submitted/i);
    const review = items.findIndex((text) => text.includes('Documents are complete'));
    const approval = items.findIndex((text) => text.includes('Cover confirmed'));
    expect(review).toBeGreaterThan(0);
    expect(approval).toBeGreaterThan(review);
    expect(items[review]).toContain('under_review');
    expect(items[approval]).toContain('approved');
    expect(items[approval]).toContain('Precious Mahlangu (administrator)');
    await screenshot(page, 'audit-claim-history');
  });

  it('moves the time slider back one event on the Audit page and sees the claim as it was: under review', async () => {
    await page
      .getByRole('dialog', { name: `Claim ${claim.claimNumber}` })
      .getByRole('link', { name: 'Open in Audit' })
      .click();
    await page.waitForURL(/\/audit\?entity=claim&id=/);
    const slider = page.getByRole('slider', { name: 'Point in time' });
    await expect.poll(() => slider.count(), { timeout: 15_000 }).toBe(1);
    const state = page.getByLabel('State at the chosen moment');
    const status = state
      .locator('dt', { hasText: /^Status/ })
      .first()
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('approved');
    const newest = (await slider.getAttribute('aria-valuetext'))!;
    const [, index, total] = newest.match(/^Event (\d+) of (\d+)/)!;
    expect(index).toBe(total);

    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(new RegExp(`^Event ${Number(total) - 1} of ${total}:`));
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('under_review');
    await expect.poll(() => page.locator('li[aria-current="step"]').textContent()).toContain('Documents are complete');
    await screenshot(page, 'audit-time-travel');

    await page.keyboard.press('Home');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('submitted');
  });
});

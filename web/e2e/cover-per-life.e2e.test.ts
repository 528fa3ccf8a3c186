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

/**
 * Issue #22 in Chromium: a clerk builds a family plan's benefit table on /policy-types (an overlap is
 * refused under the table), then the member's page shows each life's own cover and premium, at desktop
 * and phone width.
 */
describe.skipIf(!browser.available)(`cover per life in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    ({ token } = await registerAndSignIn(page, server, '2201'));
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('builds a benefit table in the policy type dialog', async () => {
    await page.goto(`${server.url}/policy-types`);
    await page.getByRole('button', { name: 'Add Policy Type' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Policy Type' });
    await dialog.getByLabel('Policy name').fill('Family Plan');
    await dialog.getByRole('button', { name: 'Start from a family plan' }).click();
    const row4 = dialog.getByRole('group', { name: 'Benefit row 4' });
    await row4.getByLabel('Age from').fill('3');
    await dialog.getByRole('button', { name: 'Create Policy Type' }).click();
    await expect(dialog.getByText('Child age bands 0–5 and 3–21 overlap').isVisible()).resolves.toBe(true);
    await screenshot(page, 'cover-per-life-dialog-refused');
    await row4.getByLabel('Age from').fill('6');
    // Issue #22: what the main member's death does to the other lives.
    await dialog.getByRole('button', { name: /On the main member's death/ }).click();
    await page.getByRole('option', { name: 'Continue with the spouse as policyholder' }).click();
    await dialog.getByRole('button', { name: 'Create Policy Type' }).click();
    await page.getByRole('heading', { name: 'Family Plan' }).waitFor();
    const card = page.locator('article', { has: page.getByRole('heading', { name: 'Family Plan' }) });
    await expect(card.getByRole('table', { name: 'Cover per life' }).getByRole('row').count()).resolves.toBe(6);
    await expect(card.getByText('Spouse continues').isVisible()).resolves.toBe(true);
    await screenshot(page, 'cover-per-life-card');
  });

  it("shows each life's own cover and premium on the member's page, at 1440 and 390 px", async () => {
    const types = await api<{ id: string; name: string }[]>(server, token, 'GET', '/api/policy-types');
    const type = types.find((t) => t.name === 'Family Plan')!;
    const main = await api<{ id: string }>(server, token, 'POST', '/api/members', {
      firstName: 'Sizwe',
      lastName: 'Khumalo',
      saId: saId('800101', '5088'),
      phone: '0845551234',
      address: '7 Umgeni Road',
      city: 'Durban',
      province: 'KZN',
      postalCode: '4001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    const kin = (firstName: string, born: string, seq: string, relationship: string) =>
      api(server, token, 'POST', '/api/members', {
        firstName,
        lastName: 'Khumalo',
        saId: saId(born, seq),
        isMainMember: false,
        mainMemberId: main.id,
        relationship,
      });
    await kin('Ayanda', '820202', '0123', 'spouse');
    await kin('Lindo', '230303', '5124', 'child');
    await page.goto(`${server.url}/members/${main.id}`);
    const lives = page.getByRole('table', { name: 'Lives covered' });
    await lives.waitFor();
    const text = (await lives.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/ PREMIUM /i);
    expect(text).toMatch(/Lindo Khumalo.*R 10 000,00.*R 15,00/);
    expect(text).toMatch(/Ayanda Khumalo.*R 30 000,00.*R 90,00/);
    await screenshot(page, 'cover-per-life-member-page');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await lives.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'cover-per-life-member-page-390');
  });

  it("shows a life whose death claim was approved as deceased, cover and premium 0, and the member's documents, at 1440 and 390 px", async () => {
    const members = await api<{ id: string; firstName: string; policyId: string | null }[]>(server, token, 'GET', '/api/members');
    const main = members.find((m) => m.firstName === 'Sizwe')!;
    const upload = async () => {
      const { uploadURL } = await api<{ uploadURL: string }>(server, token, 'POST', '/api/objects/upload');
      const put = await fetch(uploadURL.startsWith('http') ? uploadURL : `${server.url}${uploadURL}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'x-file-name': 'doc.pdf' },
        body: new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')),
      });
      return ((await put.json()) as { objectPath: string }).objectPath;
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    const claim = await api<{ id: string; claimNumber: string }>(server, token, 'POST', '/api/claims', {
      policyId: main.policyId,
      deceasedFirstName: 'Ayanda',
      deceasedLastName: 'Khumalo',
      deceasedSaId: saId('820202', '0123'),
      deceasedDateOfBirth: '1982-02-02',
      deceasedDateOfDeath: today,
      causeOfDeath: 'Car accident',
      deathType: 'accidental',
      deathCertificateNumber: 'DHA-7',
      claimantFirstName: 'Sizwe',
      claimantLastName: 'Khumalo',
      claimantSaId: saId('800101', '5088'),
      claimantPhone: '0845551234',
      claimantEmail: 'sizwe@example.co.za',
      claimantAddress: '7 Umgeni Road, Durban',
      relationshipToDeceased: 'Husband',
      claimAmount: '30000',
      bankAccountNumber: '62123456789',
      bankName: 'FNB',
      bankBranchCode: '250655',
      accountHolderName: 'S Khumalo',
      deceasedIdDocument: await upload(),
      claimantIdDocument: await upload(),
      deathCertificateDocument: await upload(),
      bankLetterDocument: await upload(),
    });
    await api(server, token, 'PATCH', `/api/claims/${claim.id}`, { status: 'under_review' });
    await api(server, token, 'PATCH', `/api/claims/${claim.id}`, { status: 'approved' });

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${server.url}/members/${main.id}`);
    const lives = page.getByRole('table', { name: 'Lives covered' });
    await lives.waitFor();
    const ayanda = lives.getByRole('row').filter({ hasText: 'Ayanda Khumalo' });
    await expect.poll(async () => (await ayanda.innerText()).replace(/\s+/g, ' ')).toMatch(/R 0,00.*R 0,00.*deceased/);
    expect((await lives.innerText()).replace(/\s+/g, ' ')).toMatch(/Lindo Khumalo.*R 10 000,00.*R 15,00/);
    const policy = page.getByRole('article', { name: /^Policy POL-/ });
    expect((await policy.innerText()).replace(/\s+/g, ' ')).toMatch(/R 165,00/);
    const documents = page.getByRole('table', { name: 'Documents' });
    await expect.poll(() => documents.getByText(`Decision letter of claim ${claim.claimNumber}`).isVisible()).toBe(true);
    const [letter] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: `Decision letter of claim ${claim.claimNumber} (download)` }).click(),
    ]);
    expect(letter.suggestedFilename()).toBe(`decision-${claim.claimNumber}.pdf`);
    await screenshot(page, 'cover-per-life-deceased-documents');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await documents.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'cover-per-life-deceased-documents-390');
  });

  it("changes the policy's type from the member's page", async () => {
    await api(server, token, 'POST', '/api/policy-types', {
      name: 'Basic 10k',
      coverageAmount: '10000',
      monthlyPremium: '100',
      waitingPeriod: 3,
    });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.reload();
    await page.getByRole('button', { name: /^Change Type of POL-/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Change the type of POL-/ });
    await dialog.getByRole('button', { name: /New policy type/ }).click();
    await page.getByRole('option', { name: /^Basic 10k/ }).click();
    await screenshot(page, 'cover-per-life-change-type');
    await dialog.getByRole('button', { name: 'Change Type' }).click();
    await page.getByText(/is now Basic 10k: R\s100,00 a month from the next debit\./).waitFor();
    // The page reads the member again after the change: the lives now have the type's one cover, no premium each.
    const lives = async () => (await page.getByRole('table', { name: 'Lives covered' }).innerText()).replace(/\s+/g, ' ');
    await expect.poll(lives, { timeout: 10_000 }).not.toMatch(/ PREMIUM /i);
    expect(await lives()).toMatch(/Lindo Khumalo.*R 10 000,00/);
  });
});

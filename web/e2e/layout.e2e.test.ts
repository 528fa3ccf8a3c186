import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserAvailability, launchBrowser, saId, screenshot, startServer, type RunningServer } from './harness.ts';
import { seedBook, type Book } from './seed.ts';

const browser = browserAvailability();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 1000 };

/** The list pages of the company administrator (the member's page is added with its id). */
const LIST_PAGES = [
  '/',
  '/members',
  '/policy-types',
  '/policies',
  '/claims',
  '/payments',
  '/arrears',
  '/collections',
  '/agents',
  '/group-schemes',
  '/reports',
  '/audit',
  '/documents',
  '/new-sales',
  '/role-management',
  '/settings',
  '/subscription',
];

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await expect.poll(() => page.locator('[role=progressbar]:not([aria-valuenow])').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

/**
 * Issue #25, the layout items: nothing scrolls sideways on a phone, the assistant's round button never
 * sits on a control that cannot be scrolled out from under it, the policies table shows its last column
 * at 1440 px, and a toast does not cover the page's top-right actions.
 */
describe.skipIf(!browser.available)(`layout on a phone and a desktop in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let desktop: Page;
  let phone: Page;
  let book: Book;

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    desktop = await (await chromium.newContext({ viewport: DESKTOP })).newPage();
    book = await seedBook(desktop, server, '926');
    // Long names, as real books have them: the columns they widen must not push the actions out of sight.
    const type = await api<{ id: string }>(server, book.token, 'POST', '/api/policy-types', {
      name: 'Extended Family Funeral Cover Plus Repatriation',
      coverageAmount: '100000',
      monthlyPremium: '1250.75',
      waitingPeriod: 6,
    });
    await api(server, book.token, 'POST', '/api/members', {
      firstName: 'Nomvula-Thandiwe Nokuthula',
      lastName: 'Mahlangu-Dlamini',
      saId: saId('700707', '0456'),
      phone: '0831234567',
      address: '12 Long Street',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
      isMainMember: true,
      policyTypeId: type.id,
    });
    // The same session on a phone: a browser of its own with the desktop's cookie and stored token.
    phone = await (await chromium.newContext({ viewport: PHONE, storageState: await desktop.context().storageState() })).newPage();
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('no page scrolls sideways at 390 px, the member page included', async () => {
    const widths: string[] = [];
    for (const path of [...LIST_PAGES, `/members/${book.memberId}`]) {
      await phone.goto(`${server.url}${path}`);
      await settle(phone);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      if (path === '/audit') await screenshot(phone, 'layout-phone-audit-tabs', { fullPage: false });
      if (width > PHONE.width) {
        widths.push(`${path}: ${width}px`);
        await screenshot(phone, `layout-phone-wide${path.replaceAll('/', '-')}`);
      }
    }
    await screenshot(phone, 'layout-phone-member-page');
    expect(widths).toEqual([]);
  });

  it("at 390 px the assistant's button covers no control: the page scrolls clear of it, focus stops above it", async () => {
    const covered: string[] = [];
    const launcher = phone.getByRole('button', { name: /assistant/i });
    const under = (box: Box) =>
      phone.evaluate((b) => {
        const overlaps = (r: DOMRect) => r.width > 0 && r.x < b.x + b.width && b.x < r.right && r.y < b.y + b.height && b.y < r.bottom;
        const controls = Array.from(document.querySelectorAll('main :is(input, button, select, textarea, a[href])'));
        return controls
          .filter((el) => overlaps(el.getBoundingClientRect()))
          .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim());
      }, box);
    for (const path of ['/members', '/policies', '/payments', `/members/${book.memberId}`, '/settings']) {
      await phone.goto(`${server.url}${path}`);
      await settle(phone);
      // Scrolled to the end, a control still under the button could never be pressed without moving it.
      await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const atEnd = await under((await launcher.boundingBox())!);
      if (atEnd.length) covered.push(`${path} at the end: ${atEnd.join(', ')}`);
      // Every control reached by Tab stops above the button (scroll-padding), never under it.
      await phone.evaluate(() => window.scrollTo(0, 0));
      for (let i = 0; i < 50; i++) {
        await phone.keyboard.press('Tab');
        const hit = await phone.evaluate(() => {
          const el = document.activeElement;
          const button = Array.from(document.querySelectorAll('button')).find((b) => /assistant/i.test(b.getAttribute('aria-label') ?? ''));
          if (!el?.closest('main') || !button) return null;
          const [r, b] = [el.getBoundingClientRect(), button.getBoundingClientRect()];
          // A hidden button (width 0: it steps aside while a field has focus) covers nothing.
          const overlaps = b.width > 0 && r.x < b.right && b.x < r.right && r.y < b.bottom && b.y < r.bottom;
          return overlaps ? (el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName) : null;
        });
        if (hit) covered.push(`${path} focused: ${hit}`);
      }
      if (path.startsWith('/members/')) await screenshot(phone, 'layout-phone-member-page-end', { fullPage: false });
    }
    expect(covered).toEqual([]);
  });

  it('at 390 px the button steps aside while a field is typed in', async () => {
    await phone.goto(`${server.url}/members`);
    await settle(phone);
    const launcher = phone.getByRole('button', { name: /assistant/i });
    expect(await launcher.isVisible()).toBe(true);
    await phone.getByRole('searchbox', { name: 'Search members' }).focus();
    await expect.poll(() => launcher.isVisible()).toBe(false);
    await screenshot(phone, 'layout-phone-typing', { fullPage: false });
    await phone.getByRole('searchbox', { name: 'Search members' }).blur();
    await expect.poll(() => launcher.isVisible()).toBe(true);
  });

  it('at 1440 px the policies table shows its last column', async () => {
    await desktop.goto(`${server.url}/policies`);
    await settle(desktop);
    const table = desktop.getByRole('table').first();
    const frame = await table.evaluate((t) => {
      const box = t.parentElement!;
      return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
    });
    const lastHeader = await table.locator('thead th').last().boundingBox();
    const frameBox = await table.locator('xpath=..').boundingBox();
    await screenshot(desktop, 'layout-desktop-policies');
    expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(frameBox!.x + frameBox!.width);
  });

  it('at 1440 px a table that scrolls sideways inside its frame is reached by Tab (the reports table does)', async () => {
    const frames: { scrolls: boolean; focusable: boolean; name: string | null }[] = [];
    for (const path of ['/reports', '/policies', '/members', '/payments']) {
      await desktop.goto(`${server.url}${path}`);
      await settle(desktop);
      frames.push(
        ...(await desktop.evaluate(() =>
          Array.from(document.querySelectorAll('main table')).map((table) => {
            const frame = table.parentElement!;
            return {
              scrolls: frame.scrollWidth > frame.clientWidth + 1,
              focusable: frame.tabIndex === 0,
              name: frame.getAttribute('aria-label'),
            };
          }),
        )),
      );
    }
    expect(frames.some((f) => f.scrolls)).toBe(true);
    for (const frame of frames) expect(frame.focusable, JSON.stringify(frame)).toBe(frame.scrolls);
  });

  it("a toast does not cover the page's top-right actions", async () => {
    for (const page of [desktop, phone]) {
      await page.goto(`${server.url}/members`);
      await settle(page);
      await page.getByRole('button', { name: 'Edit Jabulani Ngcobo' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Member updated successfully' });
      await expect.poll(() => toast.isVisible(), { timeout: 15_000 }).toBe(true);
      // Where it comes to rest (it slides in).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const toastBox = (await toast.boundingBox())!;
      for (const name of ['Bulk Upload', 'Add Member']) {
        const action = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(intersects(toastBox, action), `the toast covers ${name}`).toBe(false);
      }
      await screenshot(page, `layout-toast-${page === phone ? 'phone' : 'desktop'}`, { fullPage: false });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, screenshot, startServer, type RunningServer } from './harness.ts';

const browser = browserAvailability();

/** GET /api/docs under the real server's headers (its Content-Security-Policy allows scripts from our own origin only). */
describe.skipIf(!browser.available)(`the REST API reference page in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let page: Page;
  const problems: string[] = [];
  const elsewhere: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    chromium = await launchBrowser();
    page = await chromium.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      // A CSP refusal is reported on the console only.
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) elsewhere.push(request.url());
    });
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('renders every route of the document from files of our own origin, under the gateway’s CSP, asking nothing of another site', async () => {
    const answer = await page.goto(`${server.url}/api/docs`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(90);
    await expect.poll(() => page.getByText('Funeral policy administration: REST API').count()).toBeGreaterThan(0);
    await page
      .locator('.opblock-summary-path', { hasText: /^\/api\/payments$/ })
      .nth(1)
      .click();
    await expect.poll(() => page.getByText('Needs the permission').count()).toBeGreaterThan(0);
    await screenshot(page, 'api-docs');
    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});

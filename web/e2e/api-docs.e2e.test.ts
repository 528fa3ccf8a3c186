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
    // Every operation of the document is on the page, in its tag's section: Swagger UI (5.33 on) would
    // render only the rows in the viewport once the list has 150 tags and operations (docs.routes.ts).
    const served = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const byTag = new Map<string, number>();
    for (const operation of Object.values(served.paths).flatMap((item) => Object.values(item))) {
      for (const tag of operation.tags) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
    }
    const operations = [...byTag.values()].reduce((sum, n) => sum + n, 0);
    expect(operations).toBeGreaterThan(90);
    await expect.poll(() => page.locator('.opblock').count()).toBe(operations);
    const sections = await page
      .locator('.opblock-tag-section')
      .evaluateAll((found) =>
        found.map((section) => [section.querySelector('h3')?.dataset.tag, section.querySelectorAll('.opblock').length]),
      );
    expect(Object.fromEntries(sections)).toEqual(Object.fromEntries(byTag));
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

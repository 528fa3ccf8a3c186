import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailability, launchBrowser, saId, screenshot, startServer, type RunningServer } from './harness.ts';
import { AGENT, OPERATOR, operatorEnv, seedBook, signIn, type Book } from './seed.ts';

const browser = browserAvailability();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every path the router knows, read from its table, so that a new page cannot be left out of the scan. */
const ROUTER_PATHS = [...readFileSync(new URL('../src/app/routes.tsx', import.meta.url), 'utf8').matchAll(/path: '([^']+)'/g)]
  .map((m) => m[1]!)
  .filter((path) => path !== '/auth' && path !== '*');

type Violation = { id: string; impact: string | null; help: string; targets: string[] };

/** Runs axe-core (WCAG 2.1 A and AA) on what the page shows now; the serious and critical findings. */
async function scan(page: Page): Promise<Violation[]> {
  // Colours are measured at rest: a dialog or drawer fading in would blend into its backdrop.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated, not added as a script tag: the page's Content Security Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: AxeResult[] }> } }).axe;
    type AxeResult = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] }[];
    };
    const describeNode = (n: AxeResult['nodes'][number]) => {
      const colours = n.any.find((check) => check.data?.contrastRatio)?.data;
      const contrast = colours ? ` ${colours.fgColor} on ${colours.bgColor} = ${colours.contrastRatio}:1` : '';
      return `${n.target.join(' ')}  ${n.html.slice(0, 140)}${contrast}`;
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(describeNode) }));
  }, TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits for the page's heading and for its data (no spinner left, the network quiet). */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  // A spinner is an indeterminate progress bar (the usage meter has a value and stays).
  await expect.poll(() => page.locator('[role=progressbar]:not([aria-valuenow])').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForLoadState('networkidle');
}

/** Header buttons that open a form in a dialog (and change nothing by being pressed). */
const OPENS_FORM = /^(Add|Create|Record|New|Bulk|Upload|Import|Invite)\b/;

const report = (where: string, violations: Violation[]) =>
  violations.map((v) => `${where}: [${v.impact}] ${v.id} (${v.help})\n    ${v.targets.join('\n    ')}`).join('\n');

/**
 * Issue #25: axe-core over the shell, every route and the super admin's page, for the administrator,
 * an agent and the super admin; 0 serious and 0 critical violations on each.
 */
describe.skipIf(!browser.available)(`accessibility of every page in Chromium ${browser.reason}`, () => {
  let server: RunningServer;
  let chromium: Browser;
  let admin: Page;
  let book: Book;
  const findings: string[] = [];
  const scanned = new Set<string>();
  const dialogs: string[] = [];

  async function visit(page: Page, who: string, path: string, open?: (page: Page) => Promise<void>) {
    await page.goto(`${server.url}${path}`);
    await settle(page);
    if (open) await open(page);
    const violations = await scan(page);
    if (violations.length > 0) findings.push(report(`${who} ${path}${open ? ' (opened)' : ''}`, violations));
    scanned.add(path.replace(book.memberId, ':id').replace(book.schemeId, ':id'));
    return violations;
  }

  /** The page header's buttons that open a form (Add, Create, Record, ...): each dialog scanned, then closed. */
  async function visitDialogs(page: Page, who: string, path: string) {
    const header = page.locator('main h1').first().locator('xpath=../..');
    const names = (await header.getByRole('button').allTextContents()).map((n) => n.trim()).filter((n) => OPENS_FORM.test(n));
    for (const name of names) {
      await header.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog');
      // Some open their form in the page instead (New Claim, Record Payment): scanned all the same.
      const inDialog = await dialog
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 })
        .then(
          () => true,
          () => false,
        );
      await page.waitForLoadState('networkidle');
      const violations = await scan(page);
      if (violations.length > 0) findings.push(report(`${who} ${path} "${name}"`, violations));
      dialogs.push(`${path}: ${name}`);
      if (!inDialog) {
        await page.goto(`${server.url}${path}`);
        await settle(page);
        continue;
      }
      await page.keyboard.press('Escape');
      await dialog.first().waitFor({ state: 'hidden' });
    }
  }

  beforeAll(async () => {
    server = await startServer(operatorEnv);
    chromium = await launchBrowser();
    admin = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    book = await seedBook(admin, server, '925');
  });
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  it('the sign-in page and the not-found page', async () => {
    const visitor = await chromium.newPage({ viewport: { width: 1440, height: 1000 } });
    await visitor.goto(`${server.url}/auth`);
    await visitor.getByRole('form', { name: 'Sign in' }).waitFor();
    const violations = await scan(visitor);
    if (violations.length) findings.push(report('visitor /auth', violations));
    await visit(admin, 'administrator', '/no-such-page');
    await visitor.close();
  });

  it("every company page for the administrator, the member's and the scheme's pages with seeded data", async () => {
    const paths = ROUTER_PATHS.filter((p) => !['/super-admin', '/onboarding'].includes(p)).map((p) =>
      p === '/members/:id' ? `/members/${book.memberId}` : p === '/group-schemes/:id' ? `/group-schemes/${book.schemeId}` : p,
    );
    for (const path of paths) {
      await visit(admin, 'administrator', path);
      await visitDialogs(admin, 'administrator', path);
    }
    await visit(admin, 'administrator', `/members/${book.familyMemberId}`);
    // The shell's own pop-ups: the user menu and the assistant's panel.
    await visit(admin, 'administrator', '/', async (page) => {
      await page.getByRole('button', { name: /user menu/ }).click();
      await page.getByRole('menu').waitFor();
    });
    await admin.keyboard.press('Escape');
    await visit(admin, 'administrator', '/', async (page) => {
      await page.getByRole('button', { name: 'Open Policy Assistant' }).click();
      await page.getByRole('button', { name: 'Close Policy Assistant' }).waitFor();
    });
    console.log(`dialogs scanned: ${dialogs.join('; ')}`);
    expect(dialogs.length).toBeGreaterThan(5);
  });

  it('at 390 px: the cards of a list, the member page and the navigation drawer', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await visit(admin, 'administrator (phone)', '/members');
    await visit(admin, 'administrator (phone)', `/members/${book.memberId}`);
    await visit(admin, 'administrator (phone)', '/policies', async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor();
    });
    await screenshot(admin, 'a11y-phone-drawer', { fullPage: false });
    await admin.setViewportSize({ width: 1440, height: 1000 });
  });

  it("the agent's onboarding wizard", async () => {
    const agent = await (await chromium.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(agent, server, AGENT.username, AGENT.password);
    await visit(agent, 'agent', '/onboarding');
    // On to step 3, the policy with its coverage hint, at desktop and phone width.
    const form = agent.getByRole('form', { name: 'Client onboarding' });
    await form.getByLabel('First name').fill('Nomsa');
    await form.getByLabel('Last name').fill('Khumalo');
    await form.getByLabel('Phone number').fill('0825551234');
    await form.getByLabel('SA ID number').fill(saId('850101', '5009'));
    await form.getByRole('button', { name: 'Next' }).click();
    await agent.getByText('Step 2 of 3').waitFor();
    await form.getByLabel('Street number').fill('14');
    await form.getByLabel('Street name').fill('Jacaranda Avenue');
    await form.getByLabel('City').fill('Polokwane');
    await form.getByRole('button', { name: /Province/ }).click();
    await agent.getByRole('option', { name: 'Limpopo', exact: true }).click();
    await form.getByLabel('Postal code').fill('0699');
    await form.getByRole('button', { name: 'Next' }).click();
    await agent.getByText('Step 3 of 3').waitFor();
    await form.getByRole('button', { name: /Policy type/ }).click();
    await agent.getByRole('option', { name: /^Family 30k/ }).click();
    await form.getByText('The Family 30k policy type offers this coverage.').waitFor();
    for (const [viewport, name] of [
      [{ width: 1440, height: 1000 }, 'a11y-onboarding-step3-desktop'],
      [{ width: 390, height: 844 }, 'a11y-onboarding-step3-phone'],
    ] as const) {
      await agent.setViewportSize(viewport);
      const violations = await scan(agent);
      if (violations.length > 0) findings.push(report(`agent /onboarding step 3 ${viewport.width} px`, violations));
      await screenshot(agent, name);
    }
    await visit(agent, 'agent', '/');
    await agent.context().close();
  });

  it("the super admin's page, each of its tabs", async () => {
    const operator = await (await chromium.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await signIn(operator, server, OPERATOR.username, OPERATOR.password);
    await visit(operator, 'super admin', '/super-admin');
    for (const tab of await operator.getByRole('tab').allTextContents()) {
      await visit(operator, 'super admin', '/super-admin', async (page) => {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
      });
    }
    await screenshot(operator, 'a11y-super-admin');
    for (const path of ['/documents', '/audit']) await visit(operator, 'super admin', path);
    await operator.context().close();
  });

  it('found 0 serious and 0 critical violations on every route', () => {
    expect(findings.join('\n')).toBe('');
    for (const path of ROUTER_PATHS) expect(scanned, `${path} was not scanned`).toContain(path);
  });
});

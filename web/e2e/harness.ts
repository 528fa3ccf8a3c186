import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = new URL('../../', import.meta.url).pathname;
export const SCREENSHOTS = join(ROOT, 'test-results');

/**
 * Browser tests need Debian's Chromium. Without it they are skipped (and say so), unless
 * REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
 */
export function browserAvailability(): { available: boolean; reason: string } {
  if (existsSync(CHROMIUM)) return { available: true, reason: '' };
  if (process.env.REQUIRE_BROWSER === '1') throw new Error(`REQUIRE_BROWSER=1 but ${CHROMIUM} is missing (apt-get install chromium)`);
  return { available: false, reason: `skipped: ${CHROMIUM} not installed (apt-get install chromium)` };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type RunningServer = { url: string; logs: string[]; stop(): Promise<void> };

/**
 * The browser project's server template (e2e-template.ts): a data folder that a server has already
 * migrated and started on, made once per run, with the data key it was made under. A server copies
 * it instead of creating and migrating a new PGlite cluster (most of a server's start).
 */
export const TEMPLATE_DIR_VARIABLE = 'E2E_SERVER_TEMPLATE';
export const TEMPLATE_KEY_VARIABLE = 'E2E_SERVER_TEMPLATE_KEY';
/** Written beside the template's folder once the template is complete, or once making it failed. */
export const templateReadyFile = (templateDir: string) => `${templateDir}.ready`;
export const templateFailedFile = (templateDir: string) => `${templateDir}.failed`;

type Gateway = { child: ChildProcess; url: string; logs: string[] };

/** npm start's entry point on a data folder and a free port, once it answers /healthz. */
export async function spawnGateway(dataDir: string, dataKey: string, env: Record<string, string> = {}): Promise<Gateway> {
  const port = await freePort();
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api-gateway/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Reset links are built from PUBLIC_URL only (never the Host header).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATA_KEY: dataKey,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      VITEST: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 120 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, logs };
}

/** Stops a gateway the way an operator does (SIGTERM: it closes its database) and waits for it to exit. */
export async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A copy of this run's server template, with its key; null outside a run or when it could not be
 * made. A server starting while it is being made waits for it: a second new cluster migrating beside
 * it would only slow both down.
 */
async function copyOfTemplate(dataDir: string): Promise<{ dataKey: string } | null> {
  const templateDir = process.env[TEMPLATE_DIR_VARIABLE];
  const dataKey = process.env[TEMPLATE_KEY_VARIABLE];
  if (!templateDir || !dataKey) return null;
  const deadline = Date.now() + 120_000;
  while (!existsSync(templateReadyFile(templateDir))) {
    if (existsSync(templateFailedFile(templateDir)) || Date.now() > deadline) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
  cpSync(templateDir, dataDir, { recursive: true });
  return { dataKey };
}

/**
 * The real server process (npm start's entry point) on a fresh PGlite data folder of its own and a
 * free port: a copy of the run's template when it is ready, else a new one.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'fpa-e2e-'));
  const dataKey = (await copyOfTemplate(dataDir))?.dataKey ?? randomBytes(32).toString('base64');
  const gateway = await spawnGateway(dataDir, dataKey, env).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { child, url, logs } = gateway;
  return {
    url,
    logs,
    async stop() {
      await stopGateway(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright's launch() gives every browser a fresh temporary profile (user-data-dir) of its own. Its pages report
 * on stderr what a failing test's assertion cannot say: an error the page's code threw and did not catch, and a
 * request that got no answer at all (a lazy page's script, a call to the gateway), so the log of a test that timed
 * out waiting for something tells why it never came.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newPage = browser.newPage.bind(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newPage = async (options) => reportTrouble(await newPage(options));
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', reportTrouble);
    return context;
  };
  return browser;
}

function reportTrouble(page: Page): Page {
  page.on('pageerror', (error) => console.error(`[browser] ${page.url()}: uncaught ${error.name}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // A request the page itself gave up (a navigation away, an aborted fetch) is not trouble.
    if (!reason.includes('ERR_ABORTED')) console.error(`[browser] ${request.method()} ${request.url()}: ${reason}`);
  });
  return page;
}

/** The whole page by default; `fullPage: false` for an open modal, which covers the viewport only. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** A valid SA ID with a real date of birth; the Luhn check digit is computed. */
export function saId(dateOfBirth: string, sequence: string): string {
  const first12 = `${dateOfBirth}${sequence}08`;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    let digit = Number(first12[11 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** Registers a company through the API and signs its administrator in through the page. */
export async function registerAndSignIn(
  page: Page,
  server: RunningServer,
  suffix: string,
): Promise<{ username: string; password: string; token: string }> {
  const username = `admin${suffix}`;
  const password = 'secret12';
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      email: `${username}@example.co.za`,
      firstName: 'Precious',
      lastName: 'Mahlangu',
      companyName: `Mahlangu Funeral Parlour ${suffix}`,
      cipNumber: `2018/${String(100000 + Number(suffix.replace(/\D/g, '') || 1)).slice(0, 6)}/07`,
      adminSaId: saId('850101', '5009'),
      companyEmail: `office${suffix}@example.co.za`,
      companyPhone: '0123456789',
    }),
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  await page.goto(`${server.url}/auth`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${server.url}/`);
  return { username, password, token };
}

/** A JSON call to the server's REST API as a signed-in user (test set-up that the page need not repeat). */
export async function api<T>(server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

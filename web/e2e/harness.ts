import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

/** The real server process (npm start's entry point) on a fresh PGlite data folder and a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fpa-e2e-'));
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api-gateway/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATA_KEY: randomBytes(32).toString('base64'),
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Playwright's launch() gives every browser a fresh temporary profile (user-data-dir) of its own. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

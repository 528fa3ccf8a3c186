import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Figure } from '../report.ts';
import { percentiles, round } from '../stats.ts';
import type { SuiteContext } from '../suite.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kb = (bytes: number) => round(bytes / 1024, 1);

/**
 * Issue #11 §6: the production build's JavaScript (gzip, via node:zlib, as served) with what the
 * first page load needs (index.html's module script and its modulepreloads), whether every route in
 * web/src/app/routes.tsx is lazily loaded, and the dashboard's time to first render in headless
 * Chromium from the Performance API. Builds web/dist when it is missing (not in smoke mode).
 */
export async function webSuite({ options, log, tenant, server }: SuiteContext): Promise<Figure[]> {
  if (!existsSync(join(DIST, 'index.html'))) {
    if (options.smoke)
      return [
        { suite: 'web', metric: 'build', value: NaN, unit: '', note: 'web/dist missing: run `npm run build` (smoke mode does not build)' },
      ];
    log('building web/dist');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!),
  );
  const assets = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const chunks = assets.map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join(DIST, 'assets', file)), { level: 9 }).length,
    initial: initial.has(`assets/${file}`),
  }));
  chunks.sort((a, b) => b.gzip - a.gzip);
  const initialBytes = chunks.filter((c) => c.initial).reduce((sum, c) => sum + c.gzip, 0);
  const routes = readFileSync(join(ROOT, 'web/src/app/routes.tsx'), 'utf8');
  const pages = (routes.match(/\bPage: (?!ComponentType)/g) ?? []).length; // route entries, not the type's field
  const lazy = (routes.match(/\bPage: lazyPage\(/g) ?? []).length;
  log(`web: initial JS ${kb(initialBytes)} KB gzip in ${initial.size} files; ${chunks.length} chunks; ${lazy}/${pages} routes lazy`);
  const figures: Figure[] = [
    {
      suite: 'web',
      metric: `initial JavaScript (${initial.size} files, gzip)`,
      value: kb(initialBytes),
      unit: 'KB',
      target: '≤ 250 KB',
      met: initialBytes <= 250 * 1024,
    },
    { suite: 'web', metric: `routes lazily loaded (of ${pages})`, value: lazy, unit: '', target: 'all', met: pages > 0 && lazy === pages },
    ...chunks
      .slice(0, options.smoke ? 3 : 12)
      .map(
        (c): Figure => ({ suite: 'web', metric: `chunk ${c.file}${c.initial ? ' (initial)' : ''}`, value: kb(c.gzip), unit: 'KB gzip' }),
      ),
  ];
  if (chunks.length > 12)
    figures.push({
      suite: 'web',
      metric: `${chunks.length - 12} smaller chunks`,
      value: kb(chunks.slice(12).reduce((s, c) => s + c.gzip, 0)),
      unit: 'KB gzip',
    });
  if (!existsSync(CHROMIUM))
    return [
      ...figures,
      { suite: 'web', metric: 'dashboard first render', value: NaN, unit: '', note: `${CHROMIUM} missing (apt-get install chromium)` },
    ];

  const company = await tenant();
  const { baseUrl } = await server();
  const token = await company.token();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const paints: number[] = [];
    const ready: number[] = [];
    for (let i = 0; i < (options.smoke ? 1 : 5); i++) {
      // A fresh context each time: a cold cache, as a first visit; the session as the login page leaves it.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.waitForFunction(
        () => {
          const label = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Total Members');
          const value = label?.nextElementSibling?.textContent ?? '';
          return value !== '' && value !== '0';
        },
        undefined,
        { timeout: 60_000 },
      );
      const now = await page.evaluate(() => performance.now());
      // The paint entry is queued once the frame is presented, which can be just after the figures
      // are in the DOM: wait for it rather than read too early (NaN in 5 of 5 runs once).
      const fcp = await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 5_000 })
        .then(
          (handle) => handle.jsonValue() as Promise<number>,
          () => NaN,
        );
      const timing = { fcp, now };
      paints.push(timing.fcp);
      ready.push(timing.now);
      await context.close();
    }
    const fcp = percentiles(paints);
    const data = percentiles(ready);
    log(`web: first contentful paint p50 ${fcp.p50} ms; dashboard figures shown p50 ${data.p50} ms`);
    figures.push({
      suite: 'web',
      metric: `dashboard first contentful paint, cold (median of ${paints.length})`,
      value: fcp.p50,
      unit: 'ms',
    });
    figures.push({ suite: 'web', metric: `dashboard figures shown, cold (median of ${ready.length})`, value: data.p50, unit: 'ms' });
  } finally {
    await browser.close();
  }
  return figures;
}

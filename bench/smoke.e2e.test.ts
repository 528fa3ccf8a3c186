import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '@fpa/write-model/testing';
import { parseOptions } from './options.ts';
import { runBench } from './run.ts';

/**
 * Keeps `npm run bench` runnable: every suite at tiny sizes (--smoke) on PGlite, and on the
 * PostgreSQL server when TEST_DATABASE_URL is set. It checks that each suite measured something and
 * that the results were written; it asserts no speed (shared machines), only that the work was done.
 */
const out = mkdtempSync(join(tmpdir(), 'fpa-bench-smoke-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const drivers: [string, string | undefined][] = [['pglite', undefined]];
if (testDatabaseUrl()) drivers.push(['postgres', testDatabaseUrl()!]);

describe.each(drivers)('npm run bench --smoke on %s', (driver, url) => {
  it('runs every suite and writes the table as JSON and SVG', { timeout: 240_000 }, async () => {
    const options = parseOptions(['--smoke', `--out=${join(out, driver)}`], url ? { BENCH_DATABASE_URL: url } : {});
    const { figures, failures, paths } = await runBench(options, () => {});
    expect(failures).toEqual([]);
    const measured = (suite: string) => figures.filter((f) => f.suite === suite && Number.isFinite(f.value));
    for (const suite of [
      'append',
      'batch',
      'rebuild',
      'queries',
      'papers',
      'daily',
      'read-your-writes',
      'http',
      'import',
      'collection-files',
      'statement-matching',
      'collections',
      'notifications',
    ]) {
      expect(measured(suite).length, suite).toBeGreaterThan(0);
    }
    // Every command of the steady run reached its list, the load had no errors, the import took every row.
    // (Each shape the suite ran: embedded, and on the server the gateway and worker as processes of their own.)
    const notVisible = figures.filter((f) => f.metric.endsWith('rows not visible right after the answer'));
    expect(notVisible.map((f) => f.value)).toEqual(driver === 'postgres' ? [0, 0] : [0]);
    expect(figures.find((f) => f.suite === 'http' && f.metric.startsWith('errors'))?.value).toBe(0);
    expect(figures.find((f) => f.suite === 'import' && f.metric.includes('-row CSV'))?.metric).toContain('120-row');
    // The daily run's notice day: every one of the tenant's 61 policies (the generator's 60 and the member's page's
    // subject the queries suite made) missed a premium and was told.
    expect(figures.find((f) => f.suite === 'daily' && f.metric.startsWith('daily run'))?.metric).toContain('61 policies, 61 notices');
    // The statement bench parsed and matched every line it wrote.
    expect(figures.find((f) => f.suite === 'statement-matching' && f.metric.startsWith('parse, index'))?.metric).toBe(
      'parse, index and match: 120 lines against 60 policies',
    );
    // The rebuild's floor copied the rows the rebuild wrote, and dropped its copies.
    const floor = figures.find((f) => f.suite === 'rebuild' && f.metric.includes('rows written alone'));
    expect(floor?.value).toBeGreaterThan(0);
    expect(floor?.metric).not.toMatch(/ 0 rows/);
    if (driver === 'postgres') expect(figures.some((f) => f.metric.startsWith('Emmett') && f.value > 0)).toBe(true);
    const json = JSON.parse(readFileSync(paths.find((p) => p.endsWith('.json'))!, 'utf8'));
    expect(json.driver).toBe(driver);
    expect(json.figures).toHaveLength(figures.length);
    expect(readFileSync(paths.find((p) => p.endsWith('.svg'))!, 'utf8')).toContain('<svg');
  });
});

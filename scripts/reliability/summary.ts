import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELIABILITY_RESULTS_DIR, type ReliabilityRecord } from '../../write-model/src/testing/reliability.ts';

/**
 * Global setup of the `reliability` vitest project: remembers when the run began, and at the end
 * prints the figures every test of this run reported as one table (and writes them to summary.json).
 */
export default function setup() {
  const startedAt = new Date().toISOString();
  return () => {
    const records = readRecords().filter((r) => r.finishedAt >= startedAt);
    records.sort((a, b) => a.area.localeCompare(b.area) || a.test.localeCompare(b.test));
    if (records.length === 0) {
      console.log('\nReliability: no figures reported in this run.');
      return;
    }
    writeFileSync(join(RELIABILITY_RESULTS_DIR, 'summary.json'), `${JSON.stringify({ startedAt, records }, null, 2)}\n`);
    console.log(`\nReliability figures (${RELIABILITY_RESULTS_DIR}/summary.json)\n${table(records)}\n`);
  };
}

function readRecords(): ReliabilityRecord[] {
  if (!existsSync(RELIABILITY_RESULTS_DIR)) return [];
  return readdirSync(RELIABILITY_RESULTS_DIR)
    .filter((file) => file.endsWith('.json') && file !== 'summary.json')
    .map((file) => JSON.parse(readFileSync(join(RELIABILITY_RESULTS_DIR, file), 'utf8')) as ReliabilityRecord);
}

function table(records: ReliabilityRecord[]): string {
  const header = ['area', 'test', 'driver', 'runs', 'checked', 'differences', 'seconds', 'details'];
  const rows = records.map((r) => {
    if (r.skipped) return [r.area, r.test, r.driver, '-', '-', '-', '-', `SKIPPED: ${r.skipped}`];
    const details = Object.entries(r.details ?? {}).map(([k, v]) => `${k}=${v}`);
    return [
      r.area,
      r.test,
      r.driver,
      String(r.runs),
      `${r.checked} ${r.checkedWhat}`,
      String(r.differences),
      (r.durationMs / 1000).toFixed(1),
      details.join(' '),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

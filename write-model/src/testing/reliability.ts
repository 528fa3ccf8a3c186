import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The reliability suite's shared frame: how many runs an area makes, and where it reports what it
 * measured. Each test writes one JSON file into reliability-results/ (git-ignored); the suite's
 * global teardown (scripts/reliability/summary.ts) prints them as one table.
 */
export const RELIABILITY_RESULTS_DIR = fileURLToPath(new URL('../../../reliability-results', import.meta.url));

/**
 * Runs for an area: RELIABILITY_RUNS_<AREA> (e.g. RELIABILITY_RUNS_EVENTS=5), else RELIABILITY_RUNS
 * for every area (CI's reduced run), else the figure.
 */
export function reliabilityRuns(area: string, fallback: number): number {
  const specific = process.env[`RELIABILITY_RUNS_${area.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`];
  const raw = specific?.trim() || process.env.RELIABILITY_RUNS?.trim();
  if (!raw) return fallback;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`reliability runs for ${area}: "${raw}" is not a positive whole number`);
  return runs;
}

export type ReliabilityFigures = {
  /** The area, e.g. "1 no lost events". */
  area: string;
  test: string;
  runs: number;
  /** How many things were checked (events, rows, requests) and what they were. */
  checked: number;
  checkedWhat: string;
  /** Differences or violations found: the test fails when this is not 0. */
  differences: number;
  /** Other figures worth reporting (rollbacks, conflicts, kills, ...). */
  details?: Record<string, number | string>;
  driver: string;
};

export type ReliabilityRecord = ReliabilityFigures & { durationMs: number; finishedAt: string; skipped?: string };

/** Records one test's figures; call it before the test's final assertions so a failure still reports. */
export function reportFigures(figures: ReliabilityFigures, startedAt: number): ReliabilityRecord {
  return write({ ...figures, durationMs: Date.now() - startedAt, finishedAt: new Date().toISOString() });
}

/**
 * Records that a test was skipped and why (e.g. it needs the PostgreSQL server), so the table says
 * so instead of silently leaving the area out. Call it where the test is declared.
 */
export function reportSkipped(area: string, test: string, driver: string, reason: string): void {
  write({
    area,
    test,
    driver,
    runs: 0,
    checked: 0,
    checkedWhat: '',
    differences: 0,
    durationMs: 0,
    finishedAt: new Date().toISOString(),
    skipped: reason,
  });
}

function write(record: ReliabilityRecord): ReliabilityRecord {
  mkdirSync(RELIABILITY_RESULTS_DIR, { recursive: true });
  const slug = `${record.area}-${record.test}-${record.driver}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 120);
  writeFileSync(join(RELIABILITY_RESULTS_DIR, `${slug}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

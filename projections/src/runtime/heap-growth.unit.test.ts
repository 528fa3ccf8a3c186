import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../worker/worker.config.ts';
import { DEFAULT_HEAP_GROWING_PERCENT, heapGrowingFlag, parseHeapGrowingPercent } from './heap-growth.ts';

describe('HEAP_GROWING_PERCENT', () => {
  it('defaults to 100 and takes 0 to 400', () => {
    expect(parseHeapGrowingPercent(undefined)).toBe(DEFAULT_HEAP_GROWING_PERCENT);
    expect(parseHeapGrowingPercent(' ')).toBe(100);
    expect(parseHeapGrowingPercent('0')).toBe(0);
    expect(parseHeapGrowingPercent(' 250 ')).toBe(250);
    expect(heapGrowingFlag(0)).toBeNull();
  });

  it.each(['-1', '401', '1.5', 'lots'])('refuses %s with a message naming the variable', (value) => {
    expect(() => parseHeapGrowingPercent(value)).toThrow(
      `HEAP_GROWING_PERCENT must be a whole number from 0 (V8 decides) to 400, not "${value}"`,
    );
  });

  // setFlagsFromString ignores a flag V8 does not know; on the command line an unknown one is an error,
  // so this fails if a Node upgrade drops or renames it (and the setting would silently do nothing).
  it("is a flag this Node's V8 knows", () => {
    const flag = heapGrowingFlag(DEFAULT_HEAP_GROWING_PERCENT)!;
    expect(() => execFileSync(process.execPath, [flag, '-e', '0'], { stdio: 'pipe' })).not.toThrow();
    expect(() => execFileSync(process.execPath, ['--heap-growing-percentage=100', '-e', '0'], { stdio: 'pipe' })).toThrow(/bad option/);
  });
});

describe("the projection worker's configuration", () => {
  it('reads HEAP_GROWING_PERCENT and stops the start on a bad one', () => {
    const env = { DATABASE_URL: 'postgres://localhost/x' };
    expect(loadWorkerConfig(env).heapGrowingPercent).toBe(100);
    expect(loadWorkerConfig({ ...env, HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadWorkerConfig({ ...env, HEAP_GROWING_PERCENT: 'twice' })).toThrow(/HEAP_GROWING_PERCENT/);
  });
});

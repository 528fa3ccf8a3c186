import { setFlagsFromString } from 'node:v8';

/**
 * HEAP_GROWING_PERCENT: how far V8 lets the heap grow past what a full collection left live before the
 * next one, as a percentage (100: up to twice the live set). V8's own choice, between 1.1 and 4 times
 * by how fast it collects, let a 50,000-row import that holds about 100 MB live peak at 560–600 MB
 * resident; 100 peaks near 390 MB for a few percent more CPU (docs/performance.md). Unlike a heap limit
 * (`--max-old-space-size`) it never ends the process: a larger live set simply gets a larger heap.
 * `0` leaves the choice to V8.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 100;

export function parseHeapGrowingPercent(value: string | undefined): number {
  const raw = value?.trim();
  if (!raw) return DEFAULT_HEAP_GROWING_PERCENT;
  const percent = Number(raw);
  if (!Number.isInteger(percent) || percent < 0 || percent > 400)
    throw new Error(`HEAP_GROWING_PERCENT must be a whole number from 0 (V8 decides) to 400, not "${raw}"`);
  return percent;
}

/** The node option that sets it (also what the process applies to itself at start). */
export function heapGrowingFlag(percent: number): string | null {
  return percent === 0 ? null : `--heap-growing-percent=${percent}`;
}

/** Applied by the gateway and the projection worker as they start; V8 reads it at every full collection. */
export function applyHeapGrowth(percent: number): void {
  const flag = heapGrowingFlag(percent);
  if (flag) setFlagsFromString(flag);
}

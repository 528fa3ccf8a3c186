/**
 * A sliding-window limit per key, kept in this process's memory. Old timestamps are dropped on
 * every call, and keys with none left are forgotten, so memory follows the active users only.
 */
export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  return {
    allow(key: string): boolean {
      const t = now();
      const recent = (hits.get(key) ?? []).filter((at) => t - at < windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return false;
      }
      recent.push(t);
      hits.set(key, recent);
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((at) => t - at >= windowMs)) hits.delete(k);
      return true;
    },
  };
}

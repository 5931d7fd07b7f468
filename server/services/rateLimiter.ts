/**
 * A sliding-window counter per key (an IP address), in memory: enough for one process; limits that must
 * hold across processes (sends per address) are counted in the database instead.
 */
export interface WindowLimiter {
  /** Counts one hit; false when the key is over its limit (the hit is not counted then). */
  hit(key: string): boolean;
  /** Seconds until the key's oldest hit leaves the window. */
  retryAfterS(key: string): number;
}

export function createWindowLimiter(limit: number, windowMs: number, clock: () => number): WindowLimiter {
  const hits = new Map<string, number[]>();

  function recent(key: string, now: number): number[] {
    const list = (hits.get(key) ?? []).filter((at) => now - at < windowMs);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  }

  return {
    hit(key) {
      const now = clock();
      const list = recent(key, now);
      if (list.length >= limit) return false;
      hits.set(key, [...list, now]);
      // Forget idle keys now and then so the map cannot grow without bound.
      if (hits.size > 10_000) for (const k of hits.keys()) recent(k, now);
      return true;
    },
    retryAfterS(key) {
      const now = clock();
      const oldest = recent(key, now)[0];
      return oldest === undefined ? 0 : Math.ceil((oldest + windowMs - now) / 1000);
    },
  };
}

type Bucket = { tokens: number; at: number };

/**
 * Token buckets by key (an address, a hwid): `capacity` attempts, refilled evenly over `perMs`.
 * Capacity 0 turns the limit off. Kept small: full buckets are forgotten when the map grows.
 */
export function createRateLimiter(options: { capacity: number; perMs: number; maxKeys?: number }) {
  const { capacity, perMs } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const buckets = new Map<string, Bucket>();

  function current(key: string, now: number): Bucket {
    const bucket = buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) * capacity) / perMs);
    bucket.at = now;
    return bucket;
  }

  function prune(now: number): void {
    for (const [key, bucket] of buckets) {
      if (bucket.tokens + ((now - bucket.at) * capacity) / perMs >= capacity) buckets.delete(key);
    }
    if (buckets.size >= maxKeys) buckets.clear();
  }

  return {
    /** Whether an attempt is left, without using it. */
    allows(key: string, now = Date.now()): boolean {
      return capacity === 0 || (buckets.get(key) === undefined ? true : current(key, now).tokens >= 1);
    },
    /** Uses one attempt; false when none was left. */
    take(key: string, now = Date.now()): boolean {
      if (capacity === 0) return true;
      const bucket = current(key, now);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      if (!buckets.has(key) && buckets.size >= maxKeys) prune(now);
      buckets.set(key, bucket);
      return true;
    },
  };
}

/**
 * Paces work to `perSecond` (0: no pacing): each call gets the next free turn, 1/perSecond after
 * the previous one. A turn at most `maxWaitMs` away is given as the milliseconds to wait for it;
 * a later one is refused (null) without taking a turn.
 */
export function createPacer(options: { perSecond: number; maxWaitMs: number }) {
  const { perSecond, maxWaitMs } = options;
  const gapMs = perSecond > 0 ? 1_000 / perSecond : 0;
  let nextTurn = 0;
  return {
    turn(now = Date.now()): number | null {
      if (perSecond <= 0) return 0;
      const at = Math.max(now, nextTurn);
      if (at - now > maxWaitMs) return null;
      nextTurn = at + gapMs;
      return at - now;
    },
  };
}

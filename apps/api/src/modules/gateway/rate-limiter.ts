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
  const { maxWaitMs } = options;
  let perSecond = options.perSecond;
  let gapMs = perSecond > 0 ? 1_000 / perSecond : 0;
  let nextTurn = 0;
  return {
    /**
     * The wait for the next free turn, or null (no turn taken) when it is more than `maxWaitMs` away, or
     * (for a caller late already) more than `budgetMs`; a turn free at once is always given.
     */
    turn(now = Date.now(), budgetMs = maxWaitMs): number | null {
      if (perSecond <= 0) return 0;
      const at = Math.max(now, nextTurn);
      if (at > now && at - now > Math.min(maxWaitMs, budgetMs)) return null;
      nextTurn = at + gapMs;
      return at - now;
    },
    /** Turns from now on are `perSecond` apart (the turns already given keep their time). */
    setRate(next: number): void {
      perSecond = next;
      gapMs = next > 0 ? 1_000 / next : 0;
    },
    rate: () => perSecond,
  };
}

/** Admission's pace follows what the process can serve: the settings of `createAdmissionPace`. */
type PaceOptions = {
  /** The highest pace (CONNECTs a second), and the start. 0: no pacing at all. */
  maxPerSecond: number;
  /** The lowest pace it falls to. */
  minPerSecond: number;
  /** The longest a CONNECT waits for its turn. */
  maxWaitMs: number;
  /** Past this much delay in serving (event loop or a CONNECT's check), the pace is cut back... */
  slowMs: number;
  /** ...and below this it grows again, by a tenth of the highest pace a window. */
  fastMs: number;
};

/**
 * Paces CONNECTs at a rate that follows the process's own delay, observed once a window (the event
 * loop's delay, or how long checking a CONNECT took): past `slowMs` the pace is cut by 30 %, under
 * `fastMs` it grows back by a tenth of `maxPerSecond`, never outside [minPerSecond, maxPerSecond]
 * (additive increase, multiplicative decrease). A fixed pace that suits a quiet machine lets in more
 * than a busy one serves: then every CONNACK comes too late for its device, which gives up, backs off
 * for longer and longer, and nobody gets in for a while however many wait.
 */
export function createAdmissionPace(options: PaceOptions) {
  const pacer = createPacer({ perSecond: options.maxPerSecond, maxWaitMs: options.maxWaitMs });
  return {
    turn: pacer.turn,
    rate: pacer.rate,
    /** The delay seen in the last window, in milliseconds; adjusts the pace. */
    observe(delayMs: number): void {
      const { maxPerSecond, minPerSecond, slowMs, fastMs } = options;
      if (maxPerSecond <= 0) return;
      const rate = pacer.rate();
      if (delayMs > slowMs) pacer.setRate(Math.max(minPerSecond, Math.floor(rate * 0.7)));
      else if (delayMs < fastMs) pacer.setRate(Math.min(maxPerSecond, rate + Math.ceil(maxPerSecond / 10)));
    },
  };
}

/**
 * Counters for a whole fleet, cheap enough for thousands of devices: PUBACK latency goes into
 * fixed log-scale buckets rather than a list of samples.
 */
export type FleetStats = {
  devices: number;
  connected: number;
  connects: number;
  /** Connection attempts that ended before CONNACK 0: refused as busy (CONNACK 3), or failed otherwise (timeout, reset, refused). */
  refusedBusy: number;
  failedConnects: number;
  /** Of the failed ones, those with no CONNACK within the connect timeout. */
  connectTimeouts: number;
  published: number;
  acknowledged: number;
  failed: number;
  events: number;
  droppedEvents: number;
  commands: number;
  /** Card payments approved (0000), refused (any other result), unanswered within the time limit, and voided. */
  cardApproved: number;
  cardRefused: number;
  cardTimeouts: number;
  cardVoids: number;
  recordAckLatency(ms: number): void;
  /** Latency percentile in milliseconds over everything recorded since `resetLatency`. */
  ackLatency(percentile: number): number | null;
  resetLatency(): void;
};

const bucketBounds = Array.from({ length: 40 }, (_, i) => Math.round(0.5 * 1.35 ** i * 100) / 100);

export const createStats = (devices: number): FleetStats => {
  let buckets = new Array<number>(bucketBounds.length + 1).fill(0);
  let samples = 0;
  return {
    devices,
    connected: 0,
    connects: 0,
    refusedBusy: 0,
    failedConnects: 0,
    connectTimeouts: 0,
    published: 0,
    acknowledged: 0,
    failed: 0,
    events: 0,
    droppedEvents: 0,
    commands: 0,
    cardApproved: 0,
    cardRefused: 0,
    cardTimeouts: 0,
    cardVoids: 0,
    recordAckLatency(ms) {
      const index = bucketBounds.findIndex((bound) => ms <= bound);
      buckets[index === -1 ? bucketBounds.length : index]! += 1;
      samples += 1;
    },
    ackLatency(percentile) {
      if (samples === 0) return null;
      let seen = 0;
      for (let i = 0; i < buckets.length; i++) {
        seen += buckets[i]!;
        if (seen >= (percentile / 100) * samples) return bucketBounds[i] ?? Infinity;
      }
      return null;
    },
    resetLatency() {
      buckets = new Array<number>(bucketBounds.length + 1).fill(0);
      samples = 0;
    },
  };
};

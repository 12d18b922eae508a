import type pg from 'pg';
import type { DeviceLiveUpdate } from '@sbo/contracts';
import { listen, type PgListener } from '../lib/pg-listener';
import { liveChannel } from '../lib/channels';

type LiveSubscriber = {
  merchantId: number;
  /** Device ids the member may see; null for all of the merchant's. */
  visible: ReadonlySet<number> | null;
  send(event: 'device', data: DeviceLiveUpdate): void;
  /** Ends the subscriber's stream (the server is shutting down). */
  end(): void;
};

import type { Log } from '../lib/log';
type Notified = DeviceLiveUpdate & { merchantId: number };

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * Fans device changes out to this instance's Server-Sent Event subscribers. Whichever instance
 * ingested a report NOTIFYs PostgreSQL; every instance LISTENs (from its first subscriber on)
 * and forwards to its own subscribers of that merchant.
 */
export function createLiveHub(pool: pg.Pool, log?: Log) {
  const byMerchant = new Map<number, Set<LiveSubscriber>>();
  let listener: PgListener | null = null;

  const deliver = (_channel: string, payload: string) => {
    let update: Notified;
    try {
      update = JSON.parse(payload) as Notified;
    } catch {
      return;
    }
    const subscribers = byMerchant.get(update.merchantId);
    if (!subscribers) return;
    const { merchantId: _merchantId, ...rest } = update;
    const data = { ...rest, lastSeenAt: iso(rest.lastSeenAt), reportedAt: iso(rest.reportedAt) };
    for (const subscriber of subscribers) {
      if (!subscriber.visible || subscriber.visible.has(update.deviceId)) subscriber.send('device', data);
    }
  };

  return {
    /** Resolves once notifications flow, with the function that ends the subscription. */
    async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
      listener ??= listen(pool, [liveChannel], deliver, log);
      await listener.ready;
      const set = byMerchant.get(subscriber.merchantId) ?? new Set();
      set.add(subscriber);
      byMerchant.set(subscriber.merchantId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) byMerchant.delete(subscriber.merchantId);
      };
    },

    subscriberCount: () => [...byMerchant.values()].reduce((n, set) => n + set.size, 0),

    /** Ends every open stream, so a shutting-down server is not held open by them. */
    endAll(): void {
      for (const set of byMerchant.values()) for (const subscriber of set) subscriber.end();
    },

    async close(): Promise<void> {
      byMerchant.clear();
      await listener?.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

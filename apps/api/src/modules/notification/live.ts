import type pg from 'pg';
import type { NotificationItem } from '@sbo/contracts';
import { notificationChannel } from '../../lib/channels';
import { listen, type PgListener } from '../../lib/pg-listener';
import type { StreamWriter } from '../../lib/event-stream';
import type { Log } from '../../lib/log';

type Load = (
  eventId: number,
  userIds: number[],
  merchantId: number,
) => Promise<{ userId: number; item: NotificationItem }[]>;

/**
 * Sends new notifications to the open streams of this instance. Whichever instance raised one
 * NOTIFYs the members it reached; each instance reads the event only when one of them is listening here.
 */
export function createNotificationHub(pool: pg.Pool, load: Load, log?: Log) {
  const streams = new Map<string, Set<StreamWriter>>();
  const key = (merchantId: number, userId: number) => `${merchantId}:${userId}`;
  let listener: PgListener | null = null;

  const deliver = (_channel: string, payload: string) => {
    let note: { merchantId: number; eventId: number; userIds: number[] };
    try {
      note = JSON.parse(payload) as typeof note;
    } catch {
      return;
    }
    const here = note.userIds.filter((userId) => streams.has(key(note.merchantId, userId)));
    if (here.length === 0) return;
    load(note.eventId, here, note.merchantId)
      .then((items) => {
        for (const { userId, item } of items)
          for (const writer of streams.get(key(note.merchantId, userId)) ?? []) writer.send('notification', item);
      })
      .catch((error: unknown) => log?.warn({ err: error, eventId: note.eventId }, 'notification stream read failed'));
  };

  return {
    async subscribe(merchantId: number, userId: number, writer: StreamWriter): Promise<() => void> {
      listener ??= listen(pool, [notificationChannel], deliver, log);
      await listener.ready;
      const set = streams.get(key(merchantId, userId)) ?? new Set();
      set.add(writer);
      streams.set(key(merchantId, userId), set);
      return () => {
        set.delete(writer);
        if (set.size === 0) streams.delete(key(merchantId, userId));
      };
    },
    endAll() {
      for (const set of streams.values()) for (const writer of set) writer.end();
    },
    async close() {
      streams.clear();
      await listener?.close();
    },
  };
}

export type NotificationHub = ReturnType<typeof createNotificationHub>;

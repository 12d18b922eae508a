import { defaultChannelsByKind, defaultCriticalKinds, inQuietHours, type NotificationKind } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { minuteOfDayIn } from '../../lib/time-zone';
import { insertEvent, insertInbox, notifyStreams, queueJob, recipientsOf } from './event-repository';

export type RaisedEvent = {
  merchantId: number;
  kind: NotificationKind;
  deviceId: number | null;
  placeId?: number | null;
  code?: number | null;
  params?: Record<string, string | number | boolean | null>;
  /** The same fact raised twice (several instances, a retried job) lands once. */
  dedupeKey: string;
  occurredAt: Date;
};

export type DeliveryChannel = 'push' | 'line' | 'email';
export const deliveryQueue = (channel: DeliveryChannel) => `notify.${channel}`;

type Recipient = Pick<Awaited<ReturnType<typeof recipientsOf>>[number], 'quiet_from' | 'quiet_to' | 'timezone'>;

/** When a normal event may reach a phone: now, or when the member's quiet hours end. */
export function deliverAt(now: Date, recipient: Recipient, critical: boolean): Date {
  if (critical || recipient.quiet_from === null || recipient.quiet_to === null) return now;
  const quiet = { from: recipient.quiet_from, to: recipient.quiet_to };
  const minute = minuteOfDayIn(now, recipient.timezone);
  if (!inQuietHours(minute, quiet)) return now;
  const wait = (quiet.to - minute + 1440) % 1440;
  return new Date(now.getTime() + wait * 60_000 - (now.getTime() % 60_000));
}

/**
 * Records an event once, puts it in the inbox of each member who may see it and wants it, queues its
 * deliveries to phones and mailboxes (held back during quiet hours unless critical for the member),
 * and tells every instance's open notification streams (NOTIFY, sent when the transaction commits).
 * Answers the event id, or null when it was already raised.
 */
export async function raiseNotification(db: Database, event: RaisedEvent, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const eventId = await insertEvent(tx, {
      merchantId: event.merchantId,
      deviceId: event.deviceId,
      placeId: event.placeId ?? null,
      kind: event.kind,
      code: event.code ?? null,
      params: event.params ?? {},
      dedupeKey: event.dedupeKey,
      occurredAt: event.occurredAt,
    });
    if (eventId === null) return null;
    const members = await recipientsOf(tx, event.merchantId, event.deviceId);
    const inbox: { userId: number; critical: boolean; inApp: boolean }[] = [];
    for (const member of members) {
      const channels = member.kinds?.[event.kind] ?? defaultChannelsByKind[event.kind];
      if (!channels.inApp && !channels.push && !channels.line && !channels.email) continue;
      const critical = (member.critical_kinds ?? defaultCriticalKinds).includes(event.kind);
      inbox.push({ userId: member.user_id, critical, inApp: channels.inApp });
      const runAt = deliverAt(now, member, critical);
      for (const channel of ['push', 'line', 'email'] as const) {
        if (!channels[channel]) continue;
        await queueJob(
          tx,
          deliveryQueue(channel),
          { eventId, userId: member.user_id, critical },
          { runAt, dedupeKey: `${eventId}:${member.user_id}` },
        );
      }
    }
    if (inbox.length > 0) {
      await insertInbox(tx, eventId, event.merchantId, inbox);
      const shown = inbox.filter((r) => r.inApp).map((r) => r.userId);
      if (shown.length > 0) await notifyStreams(tx, { merchantId: event.merchantId, eventId, userIds: shown });
    }
    return eventId;
  });
}

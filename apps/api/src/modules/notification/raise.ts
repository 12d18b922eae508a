import type pg from 'pg';
import {
  defaultChannelsByKind,
  defaultCriticalKinds,
  inQuietHours,
  type ChannelChoice,
  type NotificationKind,
} from '@sbo/contracts';
import { notificationChannel } from '../../lib/channels';
import { enqueueJob } from '../../lib/job-queue';
import { minuteOfDayIn } from '../../lib/time-zone';

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

type Recipient = {
  user_id: number;
  kinds: Record<string, ChannelChoice> | null;
  critical_kinds: string[] | null;
  quiet_from: number | null;
  quiet_to: number | null;
  timezone: string;
};

// Members who may see the event: not suspended, holding the notification group (owners always do),
// and, with a whitelist, only for machines on it (an event of no machine reaches everyone).
const recipients = `
select m.user_id, s.kinds, s.critical_kinds, s.quiet_from, s.quiet_to, mr.timezone
  from merchant_members m
  join merchants mr on mr.id = m.merchant_id
  left join notification_settings s on s.user_id = m.user_id and s.merchant_id = m.merchant_id
 where m.merchant_id = $1 and not m.suspended
   and (m.role = 'merchant' or 'notification' = any(m.permission_groups))
   and (not m.device_whitelist_enabled or $2::int is null
        or exists (select 1 from member_device_whitelist w where w.member_id = m.id and w.device_id = $2))`;

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
export async function raiseNotification(pool: pg.Pool, event: RaisedEvent, now: Date): Promise<number | null> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const inserted = await client.query<{ id: string }>(
      `insert into notification_events (merchant_id, device_id, place_id, kind, code, params, dedupe_key, occurred_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (merchant_id, dedupe_key) do nothing returning id`,
      [
        event.merchantId,
        event.deviceId,
        event.placeId ?? null,
        event.kind,
        event.code ?? null,
        event.params ?? {},
        event.dedupeKey,
        event.occurredAt,
      ],
    );
    const eventId = inserted.rows[0] ? Number(inserted.rows[0].id) : null;
    if (eventId === null) {
      await client.query('rollback');
      return null;
    }
    const members = (await client.query<Recipient>(recipients, [event.merchantId, event.deviceId])).rows;
    const inbox: { userId: number; critical: boolean; inApp: boolean }[] = [];
    for (const member of members) {
      const channels = member.kinds?.[event.kind] ?? defaultChannelsByKind[event.kind];
      if (!channels.inApp && !channels.push && !channels.line && !channels.email) continue;
      const critical = (member.critical_kinds ?? defaultCriticalKinds).includes(event.kind);
      inbox.push({ userId: member.user_id, critical, inApp: channels.inApp });
      const runAt = deliverAt(now, member, critical);
      for (const channel of ['push', 'line', 'email'] as const) {
        if (!channels[channel]) continue;
        await enqueueJob(
          client,
          deliveryQueue(channel),
          { eventId, userId: member.user_id, critical },
          { runAt, dedupeKey: `${eventId}:${member.user_id}` },
        );
      }
    }
    if (inbox.length > 0) {
      await client.query(
        `insert into notification_inbox (event_id, user_id, merchant_id, critical, in_app)
         select $1, u, $2, c, a from unnest($3::int[], $4::bool[], $5::bool[]) as t(u, c, a)`,
        [
          eventId,
          event.merchantId,
          inbox.map((r) => r.userId),
          inbox.map((r) => r.critical),
          inbox.map((r) => r.inApp),
        ],
      );
      const shown = inbox.filter((r) => r.inApp).map((r) => r.userId);
      if (shown.length > 0) {
        await client.query('select pg_notify($1, $2)', [
          notificationChannel,
          JSON.stringify({ merchantId: event.merchantId, eventId, userIds: shown }),
        ]);
      }
    }
    await client.query('commit');
    return eventId;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

import {
  defaultChannelsByKind,
  defaultCriticalKinds,
  defaultThresholds,
  ErrorCode,
  groupOfKind,
  minutesOfDay,
  notificationKinds,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationThresholds,
  type PushSubscriptionInput,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError, InvalidFields } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { linkOf } from './link';
import type { Deliveries } from './delivery';
import * as channelRepo from './channel-repository';
import { badSignature, createLinkCode, handleLineEvents, type LineChannel } from './line';
import * as repo from './repository';
import * as settingsRepo from './settings-repository';
import { isAllowedPushEndpoint, type WebPushSender } from './web-push';

export { raiseNotification, type RaisedEvent } from './raise';
export { linkOf } from './link';

const isKind = (kind: string): kind is NotificationKind => (notificationKinds as readonly string[]).includes(kind);
const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

function toItem(row: repo.InboxRow, timeZone: string): NotificationItem {
  const kind = isKind(row.kind) ? row.kind : 'deviceError';
  return {
    id: Number(row.id),
    kind,
    group: groupOfKind[kind],
    critical: row.critical,
    read: row.read_at !== null,
    occurredAt: row.occurred_at.toISOString(),
    deviceId: row.device_id,
    deviceName: row.device_name,
    hwid: row.hwid,
    placeId: row.place_id,
    placeName: row.place_name,
    code: row.code,
    params: row.params,
    link: linkOf(row, timeZone),
  };
}

type Member = repo.InboxOwner;

const maxPushSubscriptions = 20;
const isKeyOfLength = (value: string, bytes: number) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64url').length === bytes;

export function createNotificationService(deps: {
  db: Database;
  clock: Clock;
  channels: { lineAvailable: boolean; emailAvailable: boolean };
  /** The delivery channels; absent: settings and inbox only (tests of the core). */
  delivery?: { push: WebPushSender; line: LineChannel | null; deliveries: Deliveries; allowedPushOrigins: string[] };
}) {
  const { clock, db } = deps;
  const merchantZone = (merchantId: number) => settingsRepo.merchantTimeZone(db, merchantId);

  async function settings(member: Member): Promise<NotificationSettings> {
    const [stored, status] = await Promise.all([
      settingsRepo.findSettings(db, member.userId, member.merchantId),
      settingsRepo.channelStatus(db, member.userId),
    ]);
    const kinds = Object.fromEntries(
      notificationKinds.map((kind) => [kind, stored?.kinds[kind] ?? defaultChannelsByKind[kind]]),
    ) as NotificationSettings['kinds'];
    const quiet =
      stored && stored.quietFrom !== null && stored.quietTo !== null
        ? { from: clockText(stored.quietFrom), to: clockText(stored.quietTo) }
        : null;
    return {
      kinds,
      criticalKinds: (stored?.criticalKinds ?? defaultCriticalKinds).filter(isKind),
      quietHours: quiet,
      report: stored?.report ?? 'off',
      channels: {
        email: status.email,
        lineLinked: status.lineLinked,
        lineProblem: status.lineProblem,
        lineAvailable: deps.channels.lineAvailable,
        pushSubscriptions: status.pushSubscriptions,
        emailAvailable: deps.channels.emailAvailable,
      },
      failedDeliveries: status.failed.map((job) => ({
        id: Number(job.id),
        channel: job.queue.replace('notify.', '') as 'push' | 'line' | 'email',
        kind: job.kind ?? '',
        attempts: job.attempts,
        lastError: job.last_error,
        failedAt: job.finished_at?.toISOString() ?? null,
      })),
    };
  }

  function channels() {
    if (!deps.delivery) throw new Error('notification channels are not started');
    return deps.delivery;
  }

  const subscriptionCount = async (userId: number) => ({
    subscriptions: await settingsRepo.countPushSubscriptions(db, userId),
  });

  /** Web Push subscriptions, LINE linking and the test message (docs/notifications.md). */
  function channelOperations() {
    return {
      pushKey: () => ({ publicKey: channels().push.publicKey }),

      async subscribePush(member: Member, input: PushSubscriptionInput, userAgent: string | undefined) {
        if (!isAllowedPushEndpoint(input.endpoint, channels().allowedPushOrigins))
          throw new InvalidFields([
            { path: 'body.endpoint', message: 'not the https address of a known push service' },
          ]);
        if (
          !isKeyOfLength(input.keys.p256dh, 65) ||
          !Buffer.from(input.keys.p256dh, 'base64url')
            .subarray(0, 1)
            .equals(Buffer.from([4]))
        )
          throw new InvalidFields([{ path: 'body.keys.p256dh', message: 'not an uncompressed P-256 public key' }]);
        if (!isKeyOfLength(input.keys.auth, 16))
          throw new InvalidFields([{ path: 'body.keys.auth', message: 'not a 16-byte authentication secret' }]);
        await channelRepo.savePushSubscription(db, member.userId, {
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent?.slice(0, 300) ?? null,
        });
        // A member keeps their newest browsers only.
        await channelRepo.keepNewestPushSubscriptions(db, member.userId, maxPushSubscriptions);
        return subscriptionCount(member.userId);
      },

      async unsubscribePush(member: Member, endpoint: string) {
        await channelRepo.deletePushSubscription(db, member.userId, endpoint);
        return subscriptionCount(member.userId);
      },

      async lineLinkCode(member: Member) {
        const line = channels().line;
        if (!line) throw new AppError(ErrorCode.LINE_NOT_SET_UP);
        const { code, expiresAt } = await createLinkCode(db, member.userId, clock.now());
        return { code, expiresAt: expiresAt.toISOString(), addFriendUrl: line.addFriendUrl };
      },

      async lineUnlink(member: Member) {
        await channelRepo.deleteLineLink(db, member.userId);
        await settingsRepo.turnOffLine(db, member.userId);
        return settings(member);
      },

      /** LINE's webhook: checked against the raw body's signature before anything is read. */
      async lineWebhook(rawBody: string | undefined, signature: string | undefined, events: Record<string, unknown>[]) {
        const line = channels().line;
        if (!line || rawBody === undefined || !line.signatureValid(rawBody, signature)) throw badSignature();
        return { linked: await handleLineEvents(db, events, clock.now()) };
      },

      async test(member: Member, channel: 'push' | 'line' | 'email') {
        return channels().deliveries.sendTest(member.userId, member.merchantId, channel);
      },
    };
  }

  /**
   * Without a mail server (`SMTP_URL` unset) e-mail cannot be turned on, for an event or for the
   * report: it would only fill the failed deliveries. What a member chose before the server lost its
   * mail settings can still be saved as it is (the screen greys e-mail out and sends it back unchanged).
   */
  async function refuseNewEmail(member: Member, input: NotificationSettingsInput) {
    const before = await settings(member);
    const fields = Object.entries(input.kinds)
      .filter(([kind, choice]) => choice.email && !before.kinds[kind as keyof typeof before.kinds]?.email)
      .map(([kind]) => ({ path: `body.kinds.${kind}.email`, message: 'e-mail is not set up on this server' }));
    if (input.report !== 'off' && input.report !== before.report)
      fields.push({ path: 'body.report', message: 'e-mail is not set up on this server' });
    if (fields.length > 0) throw new InvalidFields(fields);
  }

  return {
    async list(member: Member, query: NotificationListQuery) {
      const [{ rows, total, unread }, zone] = await Promise.all([
        repo.listInbox(db, member, query),
        merchantZone(member.merchantId),
      ]);
      return { items: rows.map((row) => toItem(row, zone)), total, page: query.page, pageSize: query.pageSize, unread };
    },

    async unread(member: Member) {
      return { unread: await repo.unreadCount(db, member) };
    },

    async read(member: Member, eventId: number) {
      await repo.markRead(db, member, eventId, clock.now());
      const row = await repo.inboxItem(db, member, eventId);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return toItem(row, await merchantZone(member.merchantId));
    },

    async readAll(member: Member) {
      return { updated: await repo.markRead(db, member, null, clock.now()) };
    },

    settings,

    async updateSettings(member: Member, input: NotificationSettingsInput) {
      const status = await settingsRepo.channelStatus(db, member.userId);
      if (!status.lineLinked && Object.values(input.kinds).some((choice) => choice.line))
        // Without LINE on this server, no link could help: say so rather than blame the member's account.
        throw new AppError(
          deps.channels.lineAvailable ? ErrorCode.LINE_ACCOUNT_UNREGISTERED : ErrorCode.LINE_NOT_SET_UP,
        );
      if (!deps.channels.emailAvailable) await refuseNewEmail(member, input);
      await settingsRepo.saveSettings(
        db,
        member.userId,
        member.merchantId,
        {
          kinds: input.kinds,
          criticalKinds: [...new Set(input.criticalKinds)],
          quietFrom: input.quietHours ? minutesOfDay(input.quietHours.from) : null,
          quietTo: input.quietHours ? minutesOfDay(input.quietHours.to) : null,
          report: input.report,
        },
        clock.now(),
      );
      return settings(member);
    },

    async thresholds(merchantId: number): Promise<NotificationThresholds> {
      return { ...defaultThresholds, ...(await settingsRepo.findThresholds(db, merchantId)) };
    },

    async updateThresholds(merchantId: number, values: NotificationThresholds) {
      await settingsRepo.saveThresholds(db, merchantId, values, clock.now());
      return values;
    },

    ...channelOperations(),

    /** The event as each listed member sees it, for their open streams. */
    async streamItems(eventId: number, userIds: number[], merchantId: number) {
      const [rows, zone] = await Promise.all([repo.streamItems(db, eventId, userIds), merchantZone(merchantId)]);
      return rows.map((row) => ({ userId: row.user_id, item: toItem(row, zone) }));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

import type pg from 'pg';
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
} from '@sbo/contracts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { dayIn } from '../../lib/time-zone';
import * as repo from './repository';
import * as settingsRepo from './settings-repository';

export { raiseNotification, type RaisedEvent } from './raise';

const isKind = (kind: string): kind is NotificationKind => (notificationKinds as readonly string[]).includes(kind);
const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** The screen that explains an event: the machine's log of that day, its info, or the sale. */
export function linkOf(row: repo.InboxRow, timeZone: string): string {
  const saleId = row.params.saleId;
  if (typeof saleId === 'number' && (row.kind === 'paymentRefunded' || row.kind === 'unverifiedPayment'))
    return `/dashboard/transaction-record?detail=${saleId}`;
  if (row.device_id === null) return '/user/notification';
  if (['idleMachine', 'cashBoxFull', 'coinDispenserLow', 'billAcceptorFull'].includes(row.kind))
    return `/device/info?id=${row.device_id}`;
  const day = dayIn(row.occurred_at, timeZone);
  const date = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
  const logType = row.kind === 'deviceOffline' || row.kind === 'deviceOnline' ? 'connection' : 'error';
  return `/device-log?deviceId=${row.device_id}&logType=${logType}&range=custom&from=${date}&to=${date}`;
}

export function toItem(row: repo.InboxRow, timeZone: string): NotificationItem {
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

export function createNotificationService(deps: {
  pool: pg.Pool;
  clock: Clock;
  channels: { lineAvailable: boolean; emailAvailable: boolean };
}) {
  const { pool, clock } = deps;
  const merchantZone = async (merchantId: number) =>
    (await pool.query<{ timezone: string }>('select timezone from merchants where id = $1', [merchantId])).rows[0]
      ?.timezone ?? 'UTC';

  async function settings(member: Member): Promise<NotificationSettings> {
    const [stored, status] = await Promise.all([
      settingsRepo.findSettings(pool, member.userId, member.merchantId),
      settingsRepo.channelStatus(pool, member.userId),
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

  return {
    async list(member: Member, query: NotificationListQuery) {
      const [{ rows, total, unread }, zone] = await Promise.all([
        repo.listInbox(pool, member, query),
        merchantZone(member.merchantId),
      ]);
      return { items: rows.map((row) => toItem(row, zone)), total, page: query.page, pageSize: query.pageSize, unread };
    },

    async unread(member: Member) {
      return { unread: await repo.unreadCount(pool, member) };
    },

    async read(member: Member, eventId: number) {
      await repo.markRead(pool, member, eventId, clock.now());
      const row = await repo.inboxItem(pool, member, eventId);
      if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
      return toItem(row, await merchantZone(member.merchantId));
    },

    async readAll(member: Member) {
      return { updated: await repo.markRead(pool, member, null, clock.now()) };
    },

    settings,

    async updateSettings(member: Member, input: NotificationSettingsInput) {
      const status = await settingsRepo.channelStatus(pool, member.userId);
      if (!status.lineLinked && Object.values(input.kinds).some((choice) => choice.line))
        throw new AppError(ErrorCode.LINE_ACCOUNT_UNREGISTERED);
      await settingsRepo.saveSettings(
        pool,
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
      return { ...defaultThresholds, ...(await settingsRepo.findThresholds(pool, merchantId)) };
    },

    async updateThresholds(merchantId: number, values: NotificationThresholds) {
      await settingsRepo.saveThresholds(pool, merchantId, values, clock.now());
      return values;
    },

    /** The event as each listed member sees it, for their open streams. */
    async streamItems(eventId: number, userIds: number[], merchantId: number) {
      const [rows, zone] = await Promise.all([repo.streamItems(pool, eventId, userIds), merchantZone(merchantId)]);
      return rows.map((row) => ({ userId: row.user_id, item: toItem(row, zone) }));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

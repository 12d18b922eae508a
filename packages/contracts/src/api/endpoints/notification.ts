import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  markRead,
  notificationItem,
  notificationListQuery,
  notificationPage,
  notificationSettings,
  notificationSettingsInput,
  notificationStreamQuery,
  notificationThresholds,
  unreadCount,
} from '../../schemas/notification';
import { endpoint } from '../endpoint';
import { apiRoutes } from '../routes';

const tags = ['notification'];
const eventId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const notificationEndpoints = {
  notificationList: endpoint(apiRoutes.notificationList, {
    tags,
    summary: "The member's notifications, newest first: only machines they may see, only with the notification group",
    query: notificationListQuery,
    result: notificationPage,
    refusals: [],
  }),
  notificationUnread: endpoint(apiRoutes.notificationUnread, {
    tags,
    summary: 'How many notifications the member has not read (the badge)',
    result: unreadCount,
    refusals: [],
  }),
  notificationRead: endpoint(apiRoutes.notificationRead, {
    tags,
    summary: 'Mark one notification read',
    params: eventId,
    result: notificationItem,
    refusals: [ErrorCode.DATA_NOT_FOUND],
  }),
  notificationReadAll: endpoint(apiRoutes.notificationReadAll, {
    tags,
    summary: "Mark all the member's notifications read",
    result: markRead,
    refusals: [],
  }),
  notificationEvents: endpoint(apiRoutes.notificationEvents, {
    tags,
    summary: 'Server-Sent Events: `notification` (a notificationItem) as each arrives for the member',
    description:
      'For EventSource the merchant token may be passed as `?token=`. Streams end after a while; EventSource reconnects.',
    query: notificationStreamQuery,
    produces: ['text/event-stream'],
    refusals: [],
  }),
  notificationSettingsGet: endpoint(apiRoutes.notificationSettingsGet, {
    tags,
    summary: "The member's choices (events, channels, quiet hours, critical events, report) and channel status",
    result: notificationSettings,
    refusals: [],
  }),
  notificationSettingsUpdate: endpoint(apiRoutes.notificationSettingsUpdate, {
    tags,
    summary: "Change the member's choices",
    description: '10004 when LINE is chosen for an event while no LINE account is linked.',
    body: notificationSettingsInput,
    result: notificationSettings,
    refusals: [ErrorCode.LINE_ACCOUNT_UNREGISTERED],
  }),
  notificationThresholdsGet: endpoint(apiRoutes.notificationThresholdsGet, {
    tags,
    summary: "The merchant's alert thresholds (offline grace, idle machines, cash box, coins, bills)",
    result: notificationThresholds,
    refusals: [],
  }),
  notificationThresholdsUpdate: endpoint(apiRoutes.notificationThresholdsUpdate, {
    tags,
    summary: "Change the merchant's alert thresholds",
    body: notificationThresholds,
    result: notificationThresholds,
    refusals: [],
  }),
};

import { z } from 'zod';
import { ErrorCode } from '../../errors';
import {
  lineLinkCode,
  lineWebhookBody,
  lineWebhookResult,
  markRead,
  notificationItem,
  notificationListQuery,
  notificationPage,
  notificationSettings,
  notificationSettingsInput,
  notificationStreamQuery,
  notificationTestInput,
  notificationTestResult,
  notificationThresholds,
  pushKey,
  pushSubscriptionCount,
  pushSubscriptionInput,
  pushUnsubscribeInput,
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
    description:
      '10004 when LINE is chosen for an event while no LINE account is linked; 10015 when this server has no LINE set up.',
    body: notificationSettingsInput,
    result: notificationSettings,
    refusals: [ErrorCode.LINE_ACCOUNT_UNREGISTERED, ErrorCode.LINE_NOT_SET_UP],
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
  notificationTest: endpoint(apiRoutes.notificationTest, {
    tags,
    summary: 'Send a test notification to the caller on one channel, now',
    description:
      '10004 for LINE when no LINE account is linked, 10015 when this server has no LINE set up, 10006 when LINE refused (403), 10007 when the member blocked the official account. Other failures are answered in `error`. Five tests per channel and minute, then 429.',
    body: notificationTestInput,
    result: notificationTestResult,
    refusals: [
      ErrorCode.LINE_ACCOUNT_UNREGISTERED,
      ErrorCode.LINE_NOT_SET_UP,
      ErrorCode.LINE_PERMISSION_NOT_GRANTED,
      ErrorCode.LINE_PERMISSION_DENIED,
    ],
  }),
  notificationPushKey: endpoint(apiRoutes.notificationPushKey, {
    tags,
    summary: "The VAPID public key a browser subscribes with (PushManager's applicationServerKey)",
    result: pushKey,
    refusals: [],
  }),
  notificationPushSubscribe: endpoint(apiRoutes.notificationPushSubscribe, {
    tags,
    summary: "Store this browser's push subscription for the caller (replaces the one with the same endpoint)",
    description:
      'Only https endpoints of the known push services (and WEB_PUSH_ALLOWED_ORIGINS) are accepted: 400 otherwise.',
    body: pushSubscriptionInput,
    result: pushSubscriptionCount,
    refusals: [],
  }),
  notificationPushUnsubscribe: endpoint(apiRoutes.notificationPushUnsubscribe, {
    tags,
    summary: "Forget one of the caller's push subscriptions by its endpoint",
    body: pushUnsubscribeInput,
    result: pushSubscriptionCount,
    refusals: [],
  }),
  notificationLineLinkCode: endpoint(apiRoutes.notificationLineLinkCode, {
    tags,
    summary: 'A code (valid 10 minutes) the caller sends to the official LINE account to link their LINE account',
    description: '10015 when this server has no LINE official account set up.',
    result: lineLinkCode,
    refusals: [ErrorCode.LINE_NOT_SET_UP],
  }),
  notificationLineUnlink: endpoint(apiRoutes.notificationLineUnlink, {
    tags,
    summary: "Unlink the caller's LINE account (LINE stops being chosen for every event)",
    result: notificationSettings,
    refusals: [],
  }),
  notificationLineWebhook: endpoint(apiRoutes.notificationLineWebhook, {
    tags,
    summary: "LINE's webhook: a message with a link code links that LINE user; unfollow and follow mark blocking",
    description:
      'Verified by `x-line-signature` (base64 HMAC-SHA256 of the raw body with the channel secret): 400 when missing or wrong, nothing read.',
    body: lineWebhookBody,
    headers: z.object({ 'x-line-signature': z.string().max(200).optional() }),
    result: lineWebhookResult,
    refusals: [],
  }),
};

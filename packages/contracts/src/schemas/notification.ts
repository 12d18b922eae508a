import { z } from 'zod';
import { deviceReference } from './common';
import { page, pageQuery } from './pagination';
import {
  notificationChannels,
  notificationGroups,
  notificationKinds,
  thresholdLimits,
  type ThresholdName,
} from '../notifications';

export const notificationListQuery = z.object({
  ...pageQuery.shape,
  kind: z.enum(notificationKinds).optional(),
  deviceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .describe('only unread (true) or only read (false)'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

const notificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  group: z.enum(notificationGroups),
  critical: z.boolean(),
  read: z.boolean(),
  occurredAt: z.string(),
  ...deviceReference,
  placeId: z.number().int().nullable(),
  placeName: z.string().nullable(),
  code: z.number().int().nullable().describe('catalogue code of a fault or a failure'),
  params: notificationParams.describe('values the text of the kind is filled with'),
  link: z.string().describe('the screen of the back office that explains it'),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationPage = page(notificationItem).extend({
  unread: z.number().int().describe('unread notifications of the member, whatever the filters'),
});

export const unreadCount = z.object({ unread: z.number().int() });

export const markRead = z.object({ updated: z.number().int() });

const channelChoice = z.object(
  Object.fromEntries(notificationChannels.map((channel) => [channel, z.boolean()])) as Record<
    (typeof notificationChannels)[number],
    z.ZodBoolean
  >,
);

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:mm');

export const notificationSettingsInput = z.object({
  kinds: z.object(
    Object.fromEntries(notificationKinds.map((kind) => [kind, channelChoice])) as Record<
      (typeof notificationKinds)[number],
      typeof channelChoice
    >,
  ),
  criticalKinds: z.array(z.enum(notificationKinds)).max(notificationKinds.length),
  quietHours: z
    .object({ from: clock, to: clock })
    .nullable()
    .describe("the merchant's wall clock, [from, to); across midnight when from is later than to"),
  report: z.enum(['off', 'daily', 'weekly']).describe('an e-mailed summary with the records export attached'),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

const failedDelivery = z.object({
  id: z.number().int(),
  channel: z.enum(['push', 'line', 'email']),
  kind: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
});

export const notificationSettings = notificationSettingsInput.extend({
  channels: z.object({
    email: z.string().describe('where e-mails go: the account e-mail'),
    lineLinked: z.boolean(),
    lineAvailable: z.boolean().describe('the product has a LINE account configured'),
    lineProblem: z
      .enum(['forbidden', 'blocked'])
      .nullable()
      .describe('why LINE pushes fail until the member links again: 403 from LINE (10006), account blocked (10007)'),
    pushSubscriptions: z.number().int(),
    emailAvailable: z.boolean().describe('an SMTP server is configured'),
  }),
  failedDeliveries: z.array(failedDelivery).describe('the last deliveries that failed for good'),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationThresholds = z.object(
  Object.fromEntries(
    Object.entries(thresholdLimits).map(([name, limit]) => [name, z.number().min(limit.min).max(limit.max)]),
  ) as Record<ThresholdName, z.ZodNumber>,
);

export const notificationStreamQuery = z.object({ token: z.string().max(4096).optional() });

export const pushKey = z.object({ publicKey: z.string().describe('the VAPID public key, base64url') });

export const pushSubscriptionInput = z.object({
  endpoint: z
    .string()
    .url()
    .max(2048)
    .describe("the browser's push service address; only the known push services are accepted (docs/notifications.md)"),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const lineLinkCode = z.object({
  code: z.string(),
  expiresAt: z.string(),
  addFriendUrl: z.string().nullable(),
});

export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(2048) });

export const pushSubscriptionCount = z.object({
  subscriptions: z.number().int().describe("the member's browsers that receive pushes"),
});

const deliveryChannel = z.enum(['push', 'line', 'email']);

export const notificationTestInput = z.object({ channel: deliveryChannel });

export const notificationTestResult = z.object({
  channel: deliveryChannel,
  delivered: z.number().int().describe('browsers that took the push; 1 for a LINE message or an e-mail sent'),
  error: z.string().nullable().describe('why it could not be delivered (no mail server, push service answer...)'),
});

/** What LINE's platform posts to the webhook (https://developers.line.biz/en/reference/messaging-api/#webhooks). */
export const lineWebhookBody = z.object({
  destination: z.string().max(100).optional(),
  events: z.array(z.record(z.string(), z.unknown())).max(500),
});

export const lineWebhookResult = z.object({ linked: z.number().int() });

import type pg from 'pg';
import {
  ErrorCode,
  notificationKinds,
  notificationLanguage,
  notificationText,
  notificationTime,
  type NotificationTextKind,
} from '@sbo/contracts';
import { AppError } from '../../lib/app-error';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createQueueRunner, type Job, PermanentJobFailure } from '../../lib/job-queue';
import { type EmailChannel, notificationEmail } from './email';
import { deliveryContext, testContext } from './event-repository';
import { type LineChannel, LineRefused } from './line';
import { linkOf } from './link';
import { type DeliveryChannel, deliveryQueue } from './raise';
import { queueRunnerGroup } from './runner-group';
import { pushJobResult, type WebPushSender } from './web-push';
import type { Log } from '../../lib/log';

type DeliveryPayload = { eventId: number; userId: number; critical: boolean };

type Channels = { push: WebPushSender; line: LineChannel | null; email: EmailChannel | null };

type Context = NonNullable<Awaited<ReturnType<typeof deliveryContext>>>;

type Message = {
  title: string;
  body: string;
  /** The absolute address of the screen that explains it. */
  url: string;
  open: string;
  footer: string;
  language: string;
  email: string;
  critical: boolean;
  tag: string;
};

function compose(
  kind: NotificationTextKind,
  context: Omit<Context, 'kind'>,
  critical: boolean,
  publicUrl: string,
  path: string,
  tag: string,
): Message {
  const language = notificationLanguage(context.locale);
  const text = notificationText(
    kind,
    language,
    {
      device: context.device_name,
      place: context.place_name,
      code: context.code,
      time: notificationTime(context.occurred_at, language, context.timezone),
    },
    critical,
  );
  return { ...text, url: `${publicUrl}${path}`, language, email: context.email, critical, tag };
}

async function send(db: Executor, channels: Channels, channel: DeliveryChannel, userId: number, message: Message) {
  if (channel === 'push') {
    return channels.push.sendToUser(db, userId, {
      title: message.title,
      body: message.body,
      link: message.url,
      critical: message.critical,
      tag: message.tag,
    });
  }
  if (channel === 'line') {
    if (!channels.line) throw new PermanentJobFailure('LINE: the product has no LINE official account configured');
    await channels.line.push(db, userId, `${message.title}\n${message.body}\n${message.url}`, message.tag);
    return null;
  }
  if (!channels.email) throw new PermanentJobFailure('E-mail: no mail server (SMTP_URL) is configured');
  await channels.email.send(
    notificationEmail({
      to: message.email,
      language: message.language,
      title: message.title,
      body: message.body,
      link: message.url,
      open: message.open,
      footer: message.footer,
      critical: message.critical,
    }),
  );
  return null;
}

/** Test messages a member may send per channel and minute (LINE pushes and e-mails cost the operator). */
const testsPerMinute = 5;

/**
 * Refuses (429) a member's sixth test on one channel within a minute, on this instance: the
 * instance's own memory, made with it (a second app in the same process, as in the tests, keeps
 * its own).
 */
function createTestThrottle() {
  const recentTests = new Map<string, number[]>();
  return (key: string, now: number) => {
    const recent = (recentTests.get(key) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= testsPerMinute) {
      throw Object.assign(new Error('Too many test notifications'), { statusCode: 429 });
    }
    recent.push(now);
    recentTests.set(key, recent);
    if (recentTests.size > 10_000) recentTests.delete(recentTests.keys().next().value!);
  };
}

/**
 * The three delivery queues (`notify.push`, `notify.line`, `notify.email`) as runners: each job sends one
 * event to one member on one channel in the member's language; PostgreSQL's skip-locked claim makes each
 * delivery run on one instance; failures are retried with backoff, then shown in the member's settings.
 */
export function createDeliveries(deps: {
  pool: pg.Pool;
  db: Database;
  clock: Clock;
  channels: Channels;
  publicUrl: string;
  log?: Log;
}) {
  const { pool, db, channels, publicUrl } = deps;
  const throttleTest = createTestThrottle();

  async function deliver(channel: DeliveryChannel, job: Job<DeliveryPayload>) {
    const { eventId, userId, critical } = job.payload;
    const context = await deliveryContext(db, eventId, userId);
    if (!context) return;
    const kind = (notificationKinds as readonly string[]).includes(context.kind)
      ? (context.kind as NotificationTextKind)
      : 'deviceError';
    const message = compose(
      kind,
      context,
      critical,
      publicUrl,
      linkOf({ ...context, kind: context.kind }, context.timezone),
      `event-${eventId}:${userId}`,
    );
    const outcome = await send(db, channels, channel, userId, message);
    if (outcome) pushJobResult(outcome);
  }

  const runners = queueRunnerGroup(
    (['push', 'line', 'email'] as const).map((channel) =>
      createQueueRunner<DeliveryPayload>({
        pool,
        clock: deps.clock,
        queue: deliveryQueue(channel),
        handle: (job) => deliver(channel, job),
        ...(deps.log ? { log: deps.log } : {}),
      }),
    ),
  );

  return {
    /** Runs every due delivery now (tests; the timers otherwise). */
    ...runners,

    /**
     * A test notification to the caller on one channel, sent now: answers how many browsers took a push
     * (0: none subscribed); LINE answers 10004/10006/10007 when the member must link again.
     */
    async sendTest(userId: number, merchantId: number, channel: DeliveryChannel) {
      throttleTest(`${userId}:${channel}`, deps.clock.now().getTime());
      const row = await testContext(db, userId, merchantId);
      if (!row) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
      const context = {
        ...row,
        code: null,
        params: {},
        occurred_at: deps.clock.now(),
        device_id: null,
        device_name: null,
        place_name: null,
      };
      const message = compose('test', context, false, publicUrl, '/user/notification', `test:${userId}:${Date.now()}`);
      if (channel === 'line' && !channels.line) throw new AppError(ErrorCode.LINE_NOT_SET_UP);
      try {
        const outcome = await send(db, channels, channel, userId, message);
        if (outcome) {
          const expired = outcome.removed > 0 ? 'Web Push: the browser subscription expired (subscribe again)' : null;
          return { channel, delivered: outcome.sent, error: outcome.failed[0] ?? (outcome.sent ? null : expired) };
        }
        return { channel, delivered: 1, error: null };
      } catch (error) {
        if (error instanceof LineRefused) throw new AppError(error.code, error.message);
        return { channel, delivered: 0, error: (error as Error).message };
      }
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** The delivery runners: tests run due deliveries with `runDue()` instead of waiting for the timers. */
    notificationDeliveries: Deliveries;
  }
}

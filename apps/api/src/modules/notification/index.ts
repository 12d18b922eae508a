import { defineModule } from '../../lib/module';
import type { ScheduledJob } from '../../lib/scheduler';
import { storedSecret } from '../../lib/secrets';
import { startAnomalyWatch } from './anomaly-watch';
import { createDeliveries } from './delivery';
import { startDeviceWatch } from './device-watch';
import { createEmailChannel } from './email';
import { createLineChannel } from './line';
import { createNotificationHub } from './live';
import { startReportDelivery } from './report-delivery';
import { notificationRoutes } from './routes';
import { startSalesWatch } from './sales-watch';
import { createNotificationService } from './service';
import { createWebPushSender, generateVapidSecret, parseVapidSecret, type WebPushSender } from './web-push';

declare module '../../lib/module' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface ModuleServices {
    /** The product's Web Push sender (its VAPID keys), for pushes to browsers no member owns. */
    webPush: WebPushSender;
  }
}

/**
 * Notifications: events raised from device logs, sales and anomalies, delivered by Web Push, LINE and
 * e-mail, shown live; and the scheduled reports, which attach the records the transaction module exports.
 */
export const notificationModule = defineModule({
  name: 'notification',
  async setup({ app, config, pool, db, clock, log, webPushAgent, need }) {
    const moduleLog = log.child({ module: 'notification' });
    const line =
      config.LINE_CHANNEL_ACCESS_TOKEN && config.LINE_CHANNEL_SECRET
        ? createLineChannel({
            accessToken: config.LINE_CHANNEL_ACCESS_TOKEN,
            secret: config.LINE_CHANNEL_SECRET,
            baseUrl: config.LINE_API_URL,
            addFriendUrl: config.LINE_ADD_FRIEND_URL ?? null,
          })
        : null;
    const email = config.SMTP_URL ? createEmailChannel({ url: config.SMTP_URL, from: config.SMTP_FROM }) : null;
    const push = createWebPushSender({
      vapid: parseVapidSecret(await storedSecret(db, 'web-push-vapid-keys', generateVapidSecret)),
      subject:
        config.WEB_PUSH_SUBJECT ??
        (config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:admin@localhost'),
      allowedOrigins: config.WEB_PUSH_ALLOWED_ORIGINS ?? [],
      ...(webPushAgent ? { agent: webPushAgent } : {}),
    });
    const deliveries = createDeliveries({
      pool,
      db,
      clock,
      channels: { push, line, email },
      publicUrl: config.publicUrl,
      log: moduleLog,
    });
    app.decorate('notificationDeliveries', deliveries);
    const notifications = createNotificationService({
      db,
      clock,
      channels: { lineAvailable: line !== null, emailAvailable: email !== null },
      delivery: { push, line, deliveries, allowedPushOrigins: config.WEB_PUSH_ALLOWED_ORIGINS ?? [] },
    });
    const hub = createNotificationHub(pool, notifications.streamItems, log);
    const deviceWatch = startDeviceWatch({ pool, db, clock, log: moduleLog });
    const salesWatch = startSalesWatch({ pool, db, clock, log: moduleLog });
    const anomalyWatch = startAnomalyWatch({ pool, db, clock, log: moduleLog });
    // Scheduled reports attach the member's records as the records screen exports them.
    const recordsExport = need('recordsExport');
    const reports = startReportDelivery({
      pool,
      db,
      clock,
      email,
      log: moduleLog,
      exportRecords: (scope, window, language) =>
        recordsExport(scope, { from: window.firstDay, to: window.lastDay }, language),
    });
    const every = config.NOTIFICATION_JOB_SECONDS;
    const queueJob = (name: string, run: () => Promise<unknown>): ScheduledJob => ({
      name,
      everySeconds: every,
      run,
      log: moduleLog,
    });
    return {
      provides: { webPush: push },
      routes: async (v1) =>
        void (await v1.register(notificationRoutes, {
          notifications,
          hub,
          stream: { maxSeconds: config.SSE_STREAM_MAX_SECONDS, heartbeatSeconds: config.SSE_HEARTBEAT_SECONDS },
        })),
      jobs: [
        queueJob('notification delivery', deliveries.runDue),
        queueJob('device watch', deviceWatch.runDue),
        queueJob('sales watch', salesWatch.runDue),
        { ...anomalyWatch.job(config.NOTIFICATION_ANOMALY_SECONDS), log: moduleLog },
        { ...reports.job(every), log: moduleLog },
      ],
      // Open event streams would keep the server from closing; they end first (clients reconnect).
      preClose: () => hub.endAll(),
      async onClose() {
        await hub.close();
        await email?.close();
      },
    };
  },
});

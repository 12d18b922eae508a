import { buffer } from 'node:stream/consumers';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type https from 'node:https';
import type pg from 'pg';
import type { Config } from './config';
import { createDatabase } from './db/client';
import { sharedSecret, storedSecret } from './lib/secrets';
import { type Clock, systemClock } from './lib/clock';
import { createSessionCache } from './auth/session-cache';
import { createTokenService } from './auth/token-service';
import { createCommandRunner } from './machines/command-runner';
import { checkoutRoutes } from './modules/checkout/routes';
import { createCheckoutService } from './modules/checkout/service';
import { remoteRoutes } from './modules/device/remote-routes';
import { batchRoutes } from './modules/device/batch-routes';
import { createBatchService } from './modules/device/batch-service';
import { createRemoteService } from './modules/device/remote-service';
import { deviceRoutes } from './modules/device/routes';
import { startAnomalyWatch } from './modules/notification/anomaly-watch';
import { createDeliveries } from './modules/notification/delivery';
import { startDeviceWatch } from './modules/notification/device-watch';
import { createEmailChannel } from './modules/notification/email';
import { createLineChannel } from './modules/notification/line';
import { createWebPushSender, generateVapidSecret, parseVapidSecret } from './modules/notification/web-push';
import { createNotificationHub } from './modules/notification/live';
import { startReportDelivery } from './modules/notification/report-delivery';
import { startSalesWatch } from './modules/notification/sales-watch';
import { notificationRoutes } from './modules/notification/routes';
import { createNotificationService } from './modules/notification/service';
import { createDeviceService } from './modules/device/service';
import { deviceLogRoutes } from './modules/device-log/routes';
import { createDeviceLogService } from './modules/device-log/service';
import type { DeviceGateway } from './modules/gateway/gateway';
import { hardwareAdminRoutes } from './modules/hardware/admin-routes';
import { createHardwareAdminService } from './modules/hardware/admin-service';
import { bindingRoutes } from './modules/hardware/routes';
import { createBindingService } from './modules/hardware/service';
import { registerFirstRun } from './modules/first-run/gate';
import { healthRoutes } from './modules/health/routes';
import { auditRoutes } from './modules/audit/routes';
import { invitationRoutes } from './modules/invitation/routes';
import { createInvitationService } from './modules/invitation/service';
import { memberRoutes } from './modules/member/routes';
import { createMemberService } from './modules/member/service';
import { paymentGatewayRoutes } from './modules/payment-gateway/routes';
import { createPaymentGatewayService } from './modules/payment-gateway/service';
import { paymentOptionRoutes } from './modules/payment-option/routes';
import { createPaymentOptionService } from './modules/payment-option/service';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { createMerchantService } from './modules/merchant/service';
import { merchantRoutes } from './modules/merchant/routes';
import { placeRoutes } from './modules/place/routes';
import { createPlaceService } from './modules/place/service';
import { productRoutes } from './modules/product/routes';
import { bankAccountRoutes } from './modules/bank-account/routes';
import { cashboxRoutes } from './modules/cashbox/routes';
import { startPromotionPricing } from './modules/promotion/pricing';
import { promotionRoutes } from './modules/promotion/routes';
import { createPromotionService } from './modules/promotion/service';
import { createPromotionTemplateService } from './modules/promotion/template-service';
import { createPromotionEffectService } from './modules/promotion/effect-service';
import { cardConsumerRoutes } from './modules/cards/consumer-routes';
import { cardRoutes } from './modules/cards/routes';
import { createCardConsumerService, createCardsService } from './modules/cards/service';
import type { SmsProvider } from './sms/sms-provider';
import { configuredSmsProvider } from './sms/configured-provider';
import { checkoutLinksRoutes } from './modules/checkout-links/routes';
import { createCheckoutLinksService } from './modules/checkout-links/service';
import { createCashboxService } from './modules/cashbox/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { createBankAccountService } from './modules/bank-account/service';
import { transactionRoutes } from './modules/transaction/routes';
import { startMoneyJobs } from './modules/wallet/jobs';
import { sandboxPayoutProvider } from './modules/wallet/payout-provider';
import { walletRoutes } from './modules/wallet/routes';
import { createWalletService } from './modules/wallet/service';
import { createTransactionService } from './modules/transaction/service';
import { exportTransactions } from './modules/transaction/export';
import { createStatisticsService } from './modules/transaction/statistics';
import { createProductService } from './modules/product/service';
import { createBrowserBinding } from './modules/sso/browser-binding';
import { createOidcClient } from './modules/sso/oidc-client';
import { ssoRoutes } from './modules/sso/routes';
import { createSsoService } from './modules/sso/service';
import { userRoutes } from './modules/user/routes';
import { createCredentialStore } from './payments/credentials';
import { createPaymentGateways } from './payments/gateways';
import { registerAccessControl, type RouteAccess } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { createLiveHub } from './plugins/live-updates';
import { registerEmbeddedSignIn } from './plugins/embedded-sign-in';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestContext } from './plugins/request-context';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';
import { createAnswerCache } from './lib/answer-cache';

export type AppOptions = {
  config: Config;
  pool: pg.Pool;
  /** The device link (server.ts starts it); without one, commands answer "connection timed out". */
  gateway?: DeviceGateway;
  clock?: Clock;
  /** Structured request logs (pino); none when absent. */
  logger?: FastifyBaseLogger;
  /** Where one-time codes are sent; when absent, the configured provider (Twilio, the sandbox, or none). */
  sms?: SmsProvider;
  /** The TLS agent Web Push uses (a push service with its own certificate authority: the tests'). */
  webPushAgent?: https.Agent;
  /**
   * How long one plugin may take to start before the app gives up (Fastify's default, 10 s,
   * when absent). The tests allow more: a machine busy with other work starts the app slowly.
   */
  pluginTimeoutMs?: number;
};

/** Builds the whole api as a Fastify instance; never listens (server.ts does). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, pool } = options;
  const clock = options.clock ?? systemClock;
  const db = createDatabase(pool);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Only the configured proxies may name the client address (rate limits are keyed by it).
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerMalformedAddress,
    ...(options.pluginTimeoutMs === undefined ? {} : { pluginTimeout: options.pluginTimeoutMs }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const accessRegistry: RouteAccess[] = [];
  app.decorate('accessRegistry', accessRegistry);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The service worker that shows Web Push notifications (apps/web/public/sw.js).
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: null,
        upgradeInsecureRequests: null,
      },
    },
  });

  if (config.MODE === 'production') {
    // Before every route: until the first root account exists, only its set-up page answers.
    await registerFirstRun(app, {
      pool,
      clock,
      publicUrl: config.publicUrl,
      localPassword: !config.OIDC_ISSUER,
      attemptsPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    });
  } else {
    app.decorate('setupLink', null);
  }

  // Hot answers kept in memory, told of changes over the session cache's LISTEN connection.
  const answers = createAnswerCache();
  app.decorate('answerCache', answers);
  const sessions = createSessionCache(pool, db, app.log, { shared: answers });
  app.decorate('sessionCache', sessions);
  app.addHook('onClose', async () => sessions.close());
  const tokens = createTokenService(
    db,
    config.JWT_SECRET ?? (await sharedSecret(db, 'jwt-signing-key', 48)),
    clock,
    sessions.settled,
  );
  const oidcSettings = config.OIDC_ISSUER
    ? { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID!, clientSecret: config.OIDC_CLIENT_SECRET! }
    : {
        issuer: `${config.publicUrl}/sso`,
        clientId: 'back-office',
        clientSecret: config.SSO_CLIENT_SECRET ?? (await sharedSecret(db, 'sso-client-secret')),
      };
  const redirectUri = `${config.publicUrl}/api/v1/sso/callback`;
  if (!config.OIDC_ISSUER) {
    await registerEmbeddedSignIn(app, {
      pool,
      issuer: oidcSettings.issuer,
      client: { ...oidcSettings, redirectUri },
      attemptsPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    });
  }
  const oidc = createOidcClient({ ...oidcSettings, redirectUri });

  const runCommand = createCommandRunner({ db, gateway: options.gateway });
  const live = createLiveHub(pool, app.log);
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
  if (email) app.addHook('onClose', async () => email.close());
  const push = createWebPushSender({
    vapid: parseVapidSecret(await storedSecret(db, 'web-push-vapid-keys', generateVapidSecret)),
    subject:
      config.WEB_PUSH_SUBJECT ??
      (config.publicUrl.startsWith('https://') ? config.publicUrl : 'mailto:admin@localhost'),
    allowedOrigins: config.WEB_PUSH_ALLOWED_ORIGINS ?? [],
    ...(options.webPushAgent ? { agent: options.webPushAgent } : {}),
  });
  const deliveries = createDeliveries({
    pool,
    clock,
    channels: { push, line, email },
    publicUrl: config.publicUrl,
    log: app.log.child({ module: 'notification' }),
  });
  deliveries.start(config.NOTIFICATION_JOB_SECONDS);
  app.addHook('onClose', async () => deliveries.stop());
  app.decorate('notificationDeliveries', deliveries);
  const notifications = createNotificationService({
    pool,
    clock,
    channels: { lineAvailable: line !== null, emailAvailable: email !== null },
    delivery: { push, line, deliveries, allowedPushOrigins: config.WEB_PUSH_ALLOWED_ORIGINS ?? [] },
  });
  const notificationHub = createNotificationHub(pool, notifications.streamItems, app.log);
  const deviceWatch = startDeviceWatch({ pool, clock, log: app.log.child({ module: 'notification' }) });
  const salesWatch = startSalesWatch({ pool, clock, log: app.log.child({ module: 'notification' }) });
  for (const watch of [deviceWatch, salesWatch]) {
    watch.start(config.NOTIFICATION_JOB_SECONDS);
    app.addHook('onClose', async () => watch.stop());
  }
  const anomalyWatch = startAnomalyWatch({ pool, clock, log: app.log.child({ module: 'notification' }) });
  anomalyWatch.start(config.NOTIFICATION_ANOMALY_SECONDS);
  app.addHook('onClose', async () => anomalyWatch.stop());
  const moneyJobs = startMoneyJobs({
    db,
    clock,
    everySeconds: config.SETTLEMENT_JOB_SECONDS,
    // Only the sandbox provider's payouts complete here, and only while it is on.
    sandboxDelaySeconds: config.PAYOUT_SANDBOX ? config.PAYOUT_SANDBOX_DELAY_SECONDS : null,
    log: app.log.child({ module: 'settlement' }),
  });
  app.addHook('onClose', async () => moneyJobs.stop());
  if (options.gateway) {
    const pricing = startPromotionPricing({
      db,
      clock,
      send: options.gateway.sendCommand,
      everySeconds: config.PROMOTION_PRICING_SECONDS,
      log: app.log.child({ module: 'promotion' }),
    });
    app.addHook('onClose', async () => pricing.stop());
  }
  // Open event streams would keep the server from closing; they end first (clients reconnect).
  app.addHook('preClose', (done) => {
    live.endAll();
    notificationHub.endAll();
    done();
  });
  app.addHook('onClose', async () => live.close());
  app.addHook('onClose', async () => notificationHub.close());

  await app.register(
    async (api) => {
      await registerOpenApi(api, { publicUrl: config.publicUrl });
      await api.register(healthRoutes, { pool });
      await api.register(
        async (v1) => {
          registerRequestContext(v1);
          registerTextGuard(v1);
          registerAccessControl(v1, { sessions, tokens, clock, registry: accessRegistry });
          // A merchant's write through this instance: its kept answers go before the write's answer
          // leaves, so the writer's next read sees it without waiting for the notification.
          v1.addHook('onSend', (request, _reply, payload, done) => {
            if (request.method !== 'GET' && request.method !== 'HEAD' && request.merchant)
              answers.forget(request.merchant.merchantId);
            done(null, payload);
          });
          await v1.register(rateLimit, { global: false });
          await v1.register(ssoRoutes, {
            oidc,
            sso: createSsoService({ db, oidc, tokens, clock }),
            binding: createBrowserBinding({
              secret: await sharedSecret(db, 'sso-browser-binding-key'),
              secure: config.publicUrl.startsWith('https:'),
            }),
            rateLimitPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
          });
          await v1.register(userRoutes, { db, tokens });
          await v1.register(merchantRoutes, {
            merchants: createMerchantService({ db, tokens, clock, settled: sessions.settled }),
          });
          await v1.register(placeRoutes, { places: createPlaceService({ db, clock }) });
          await v1.register(deviceRoutes, {
            devices: createDeviceService({ db, runCommand }),
            answers,
            live,
            stream: { maxSeconds: config.SSE_STREAM_MAX_SECONDS, heartbeatSeconds: config.SSE_HEARTBEAT_SECONDS },
          });
          await v1.register(remoteRoutes, { remote: createRemoteService({ db, runCommand }) });
          const commandBatches = createBatchService({
            db,
            runCommand,
            clock,
            log: app.log.child({ module: 'batch' }),
            ackTimeoutMs: config.DEVICE_ACK_TIMEOUT_MS,
          });
          // Machines still being commanded get their answers recorded before the database goes away.
          app.addHook('onClose', async () => commandBatches.idle());
          await v1.register(batchRoutes, {
            batches: commandBatches,
            perMinute: config.RATE_LIMIT_DEVICE_COMMANDS_PER_MINUTE,
          });
          await v1.register(bindingRoutes, { binding: createBindingService({ db }) });
          await v1.register(hardwareAdminRoutes, { admin: createHardwareAdminService({ db }) });
          await v1.register(notificationRoutes, {
            notifications,
            hub: notificationHub,
            stream: { maxSeconds: config.SSE_STREAM_MAX_SECONDS, heartbeatSeconds: config.SSE_HEARTBEAT_SECONDS },
          });
          await v1.register(deviceLogRoutes, { logs: createDeviceLogService({ db, clock }) });
          await v1.register(productRoutes, { products: createProductService({ db, runCommand, log: app.log }) });
          await v1.register(memberRoutes, { members: createMemberService({ db, settled: sessions.settled }) });
          await v1.register(invitationRoutes, { invitations: createInvitationService({ db, clock }) });
          await v1.register(paymentOptionRoutes, { payments: createPaymentOptionService({ db, clock }) });
          const credentials = createCredentialStore(
            config.PAYMENT_CREDENTIALS_KEY ?? (await sharedSecret(db, 'payment-credentials-key')),
          );
          // The sandbox gateway exists only when PAYMENT_SANDBOX turns it on, never as a fallback.
          const sandbox = config.PAYMENT_SANDBOX
            ? {
                db,
                clock,
                signingKey: await sharedSecret(db, 'sandbox-payment-signing-key'),
                publicUrl: config.publicUrl,
              }
            : null;
          const gateways = createPaymentGateways({ db, sandbox, credentials, linePayBaseUrl: config.LINE_PAY_API_URL });
          await v1.register(paymentGatewayRoutes, {
            payments: createPaymentGatewayService({ db, clock, credentials, sandbox }),
          });
          const checkout = createCheckoutService({
            db,
            clock,
            gateways,
            publicUrl: config.publicUrl,
            sendCommand: options.gateway?.sendCommand,
            ackTimeoutMs: config.DEVICE_ACK_TIMEOUT_MS,
            log: app.log.child({ module: 'checkout' }),
          });
          // A machine being credited is finished (or refunded) before the database goes away.
          app.addHook('onClose', async () => checkout.idle());
          await v1.register(checkoutRoutes, { checkout, ordersPerMinute: config.RATE_LIMIT_CHECKOUT_PER_MINUTE });
          await v1.register(profileRoutes, { profiles: createProfileService({ db }) });
          await v1.register(auditRoutes, { db });
          const transactions = createTransactionService({ db, clock, gateways });
          // Scheduled reports attach the member's records as the records screen exports them.
          const reports = startReportDelivery({
            pool,
            db,
            clock,
            email,
            log: app.log.child({ module: 'notification' }),
            exportRecords: async (scope, window, language) => {
              const query = { from: window.firstDay, to: window.lastDay, format: 'xlsx' as const, lang: language };
              const file = await exportTransactions({ db, transactions }, scope, query, null);
              return { fileName: file.fileName, contentType: file.contentType, content: await buffer(file.stream) };
            },
          });
          reports.start(config.NOTIFICATION_JOB_SECONDS);
          app.addHook('onClose', async () => reports.stop());
          await v1.register(transactionRoutes, {
            db,
            answers,
            clock,
            transactions,
            statistics: createStatisticsService({ db, transactions }),
          });
          await v1.register(dashboardRoutes, { dashboard: createDashboardService({ db, clock, transactions }) });
          await v1.register(cashboxRoutes, { cashbox: createCashboxService({ db, clock, runCommand }) });
          await v1.register(promotionRoutes, {
            promotions: createPromotionService({ db, clock }),
            templates: createPromotionTemplateService({ db, clock }),
            effect: createPromotionEffectService({ db, clock }),
          });
          await v1.register(checkoutLinksRoutes, { links: createCheckoutLinksService(config) });
          await v1.register(cardRoutes, { cards: createCardsService({ db, clock }) });
          await v1.register(cardConsumerRoutes, {
            consumer: createCardConsumerService({
              db,
              clock,
              gateways,
              sms: options.sms ?? configuredSmsProvider(config, app.log.child({ module: 'sms' })),
              publicUrl: config.publicUrl,
              log: app.log.child({ module: 'cards' }),
            }),
            ordersPerMinute: config.RATE_LIMIT_CHECKOUT_PER_MINUTE,
          });
          await v1.register(bankAccountRoutes, { accounts: createBankAccountService({ db }) });
          await v1.register(walletRoutes, {
            wallet: createWalletService({
              db,
              clock,
              // No payout provider but the sandbox exists yet: without PAYOUT_SANDBOX, payouts are not set up.
              payouts: config.PAYOUT_SANDBOX ? sandboxPayoutProvider(config.PAYOUT_SANDBOX_DELAY_SECONDS) : null,
            }),
            transactions,
          });
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { webDist: config.WEB_DIST, publicUrl: config.publicUrl });
  return app;
}

/** Malformed addresses get the same envelope as any other bad request. */
function answerMalformedAddress(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  reply.status(400).send({
    code: 400,
    message: 'The entered information is wrong.',
    details: [{ path: 'url', message: error.message }],
  });
}

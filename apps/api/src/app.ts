import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type https from 'node:https';
import type pg from 'pg';
import type { Config } from './config';
import { createDatabase } from './db/client';
import { sharedSecret } from './lib/secrets';
import { type Clock, systemClock } from './lib/clock';
import { setUpModules, type ModuleDefinition } from './lib/module';
import { createSessionCache } from './auth/session-cache';
import { createTokenService } from './auth/token-service';
import { createCommandRunner } from './machines/command-runner';
import { auditModule } from './modules/audit';
import { bankAccountModule } from './modules/bank-account';
import { cardsModule } from './modules/cards';
import { cashboxModule } from './modules/cashbox';
import { checkoutModule } from './modules/checkout';
import { checkoutLinksModule } from './modules/checkout-links';
import { dashboardModule } from './modules/dashboard';
import { deviceModule } from './modules/device';
import { deviceLogModule } from './modules/device-log';
import { firstRunModule } from './modules/first-run';
import type { DeviceGateway } from './modules/gateway/gateway';
import { hardwareModule } from './modules/hardware';
import { healthModule } from './modules/health';
import { memberModule } from './modules/member';
import { merchantModule } from './modules/merchant';
import { notificationModule } from './modules/notification';
import { paymentModule } from './modules/payment';
import { placeModule } from './modules/place';
import { placePageModule } from './modules/place-page';
import { productModule } from './modules/product';
import { profileModule } from './modules/profile';
import { promotionModule } from './modules/promotion';
import { signInModule } from './modules/sign-in';
import { transactionModule } from './modules/transaction';
import { walletModule } from './modules/wallet';
import type { SmsProvider } from './sms/sms-provider';
import { registerAccessControl, type RouteAccess } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { createLiveHub } from './plugins/live-updates';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestContext } from './plugins/request-context';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';
import { httpRequestSeconds, routeLabel } from './lib/metrics';
import { createAnswerCache } from './lib/answer-cache';
import { createBackgroundLane, trackForeground } from './lib/foreground';

/**
 * The api's modules, in order: each is set up after the ones before it (whose services it may `need`),
 * and their routes are registered in this order. The first-run gate comes first: it must precede
 * every route. A new module is one line here (its index.ts says what it adds).
 */
export const modules: readonly ModuleDefinition[] = [
  firstRunModule,
  healthModule,
  signInModule,
  merchantModule,
  placeModule,
  deviceModule,
  hardwareModule,
  paymentModule,
  transactionModule,
  notificationModule,
  placePageModule,
  deviceLogModule,
  productModule,
  memberModule,
  checkoutModule,
  profileModule,
  auditModule,
  dashboardModule,
  cashboxModule,
  promotionModule,
  checkoutLinksModule,
  cardsModule,
  bankAccountModule,
  walletModule,
];

type AppOptions = {
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
  // Every answer timed by its route's template (never the address asked for: bounded labels) for /metrics.
  app.addHook('onResponse', async (request, reply) => {
    httpRequestSeconds.observe(
      { method: request.method, route: routeLabel(request.routeOptions.url), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  // Requests in flight, counted from their arrival; long work (exports) gives way to them.
  const foreground = trackForeground(app);
  const background = createBackgroundLane(foreground);
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
  const live = createLiveHub(pool, app.log);
  // Open event streams would keep the server from closing; they end first (clients reconnect).
  app.addHook('preClose', (done) => {
    live.endAll();
    done();
  });
  app.addHook('onClose', async () => live.close());

  const registered = await setUpModules(
    {
      app,
      config,
      pool,
      db,
      clock,
      log: app.log,
      sessions,
      tokens,
      answers,
      background,
      live,
      runCommand: createCommandRunner({ db, gateway: options.gateway }),
      ...(options.gateway ? { gateway: options.gateway } : {}),
      ...(options.sms ? { sms: options.sms } : {}),
      ...(options.webPushAgent ? { webPushAgent: options.webPushAgent } : {}),
    },
    modules,
  );

  await app.register(
    async (api) => {
      await registerOpenApi(api, { publicUrl: config.publicUrl });
      await registered.apiRoutes(api);
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
          await registered.routes(v1);
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

import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config';
import { createDatabase } from './db/client';
import { sharedSecret } from './lib/secrets';
import { type Clock, systemClock } from './lib/clock';
import { createTokenService } from './modules/auth/token-service';
import { healthRoutes } from './modules/health/routes';
import { createMerchantService } from './modules/merchant/service';
import { merchantRoutes } from './modules/merchant/routes';
import { placeRoutes } from './modules/place/routes';
import { createPlaceService } from './modules/place/service';
import { createOidcClient } from './modules/sso/oidc-client';
import { ssoRoutes } from './modules/sso/routes';
import { createSsoService } from './modules/sso/service';
import { userRoutes } from './modules/user/routes';
import { registerAccessControl, type RouteAccess } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { registerEmbeddedSignIn } from './plugins/embedded-sign-in';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestContext } from './plugins/request-context';
import { registerWebApp } from './plugins/web-app';

export type AppOptions = {
  config: Config;
  pool: pg.Pool;
  clock?: Clock;
  /** Structured request logs (pino); none when absent. */
  logger?: FastifyBaseLogger;
};

/** Builds the whole api as a Fastify instance; never listens (server.ts does). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, pool } = options;
  const clock = options.clock ?? systemClock;
  const db = createDatabase(pool);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerMalformedAddress,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const accessRegistry: RouteAccess[] = [];
  app.decorate('accessRegistry', accessRegistry);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: null,
        upgradeInsecureRequests: null,
      },
    },
  });

  const tokens = createTokenService(db, config.JWT_SECRET ?? (await sharedSecret(db, 'jwt-signing-key', 48)), clock);
  const oidcSettings = config.OIDC_ISSUER
    ? { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID!, clientSecret: config.OIDC_CLIENT_SECRET! }
    : {
        issuer: `${config.publicUrl}/sso`,
        clientId: 'back-office',
        clientSecret: config.SSO_CLIENT_SECRET ?? (await sharedSecret(db, 'sso-client-secret')),
      };
  const redirectUri = `${config.publicUrl}/api/v1/sso/callback`;
  if (!config.OIDC_ISSUER) {
    await registerEmbeddedSignIn(app, { pool, issuer: oidcSettings.issuer, client: { ...oidcSettings, redirectUri } });
  }
  const oidc = createOidcClient({ ...oidcSettings, redirectUri });

  await app.register(
    async (api) => {
      await registerOpenApi(api, { publicUrl: config.publicUrl });
      await api.register(healthRoutes, { pool });
      await api.register(
        async (v1) => {
          registerRequestContext(v1);
          registerAccessControl(v1, { db, tokens, clock, registry: accessRegistry });
          await v1.register(rateLimit, { global: false });
          await v1.register(ssoRoutes, {
            oidc,
            sso: createSsoService({ db, oidc, tokens, clock }),
            rateLimitPerMinute: config.RATE_LIMIT_SIGN_IN_PER_MINUTE,
          });
          await v1.register(userRoutes, { db, tokens });
          await v1.register(merchantRoutes, { merchants: createMerchantService({ db, tokens, clock }) });
          await v1.register(placeRoutes, { places: createPlaceService({ db, clock }) });
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.WEB_DIST);
  return app;
}

/** Malformed addresses get the same envelope as any other bad request. */
function answerMalformedAddress(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  reply
    .status(400)
    .send({
      code: 400,
      message: 'The entered information is wrong.',
      details: [{ path: 'url', message: error.message }],
    });
}

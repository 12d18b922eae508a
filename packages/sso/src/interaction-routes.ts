import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type pg from 'pg';
import { type AccountLockout, accountAttempts } from './account-attempts.js';
import { type AttemptCheck, submitSignIn, submitSignUp } from './interaction-forms.js';
import {
  grantFirstPartyConsent,
  interactionLocale,
  loadInteraction,
  sendExpiredPage,
  sendPage,
} from './interaction-support.js';
import { renderSignInPage } from './pages/sign-in-page.js';
import { renderSignUpPage } from './pages/sign-up-page.js';
import { postgresRateLimitStore } from './postgres-rate-limit-store.js';

export type InteractionRoutesOptions = {
  provider: Provider;
  pool: pg.Pool;
  basePath: string;
  rateLimit: { max: number; timeWindowMs: number };
  accountLockout: AccountLockout;
  /** The application's start, the way forward from a sign-in page that is over. */
  startUrl: string;
};

type PageRequest = FastifyRequest<{ Params: { uid: string }; Querystring: { email?: unknown } }>;

const FORM_BODY_LIMIT = 16 * 1024;

function prefilledEmail(request: PageRequest, loginHint: unknown): string {
  const fromQuery = request.query.email;
  if (typeof fromQuery === 'string') return fromQuery.slice(0, 254);
  return typeof loginHint === 'string' ? loginHint.slice(0, 254) : '';
}

/** The sign-in and sign-up pages oidc-provider sends the browser to, and their form posts. */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (app, options) => {
  const { provider, pool, basePath } = options;
  await app.register(formBody, { bodyLimit: FORM_BODY_LIMIT });
  await app.register(rateLimit, {
    global: false,
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindowMs,
    store: postgresRateLimitStore(pool, 'sso-forms'),
  });
  const limiter = app.createRateLimit();
  const checkAttempts: AttemptCheck = async (request) => {
    const result = await limiter(request);
    return result.isAllowed
      ? { exceeded: false, retryAfterSeconds: 0 }
      : { exceeded: result.isExceeded, retryAfterSeconds: result.ttlInSeconds };
  };
  const deps = {
    provider,
    pool,
    basePath,
    checkAttempts,
    accountAttempts: accountAttempts(pool, options.accountLockout),
    startUrl: options.startUrl,
  };

  app.get('/interaction/:uid', async (request: PageRequest, reply) => {
    const interaction = await loadInteraction(provider, request, reply);
    if (!interaction) return sendExpiredPage(request, reply, options.startUrl);
    if (interaction.prompt.name === 'consent') {
      return reply.redirect(await grantFirstPartyConsent(provider, interaction, request, reply), 303);
    }
    if (interaction.prompt.name !== 'login') return sendExpiredPage(request, reply, options.startUrl);
    const email = prefilledEmail(request, interaction.params.login_hint);
    const locale = interactionLocale(interaction);
    return sendPage(reply, 200, renderSignInPage({ locale, basePath, uid: interaction.uid, email }));
  });

  app.get('/interaction/:uid/signup', async (request: PageRequest, reply) => {
    const interaction = await loadInteraction(provider, request, reply);
    if (!interaction) return sendExpiredPage(request, reply, options.startUrl);
    if (interaction.prompt.name !== 'login') return reply.redirect(`${basePath}/interaction/${interaction.uid}`, 303);
    const email = prefilledEmail(request, undefined);
    const locale = interactionLocale(interaction);
    return sendPage(reply, 200, renderSignUpPage({ locale, basePath, uid: interaction.uid, email }));
  });

  app.post(
    '/interaction/:uid/login',
    { bodyLimit: FORM_BODY_LIMIT },
    (request: FastifyRequest<{ Params: { uid: string } }>, reply) => submitSignIn(deps, request, reply),
  );
  app.post(
    '/interaction/:uid/signup',
    { bodyLimit: FORM_BODY_LIMIT },
    (request: FastifyRequest<{ Params: { uid: string } }>, reply) => submitSignUp(deps, request, reply),
  );
};

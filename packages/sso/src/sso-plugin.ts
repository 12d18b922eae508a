import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { type AccountLockout, DEFAULT_ACCOUNT_LOCKOUT } from './account-attempts.js';
import { interactionRoutes } from './interaction-routes.js';
import { pinIssuerHeaders } from './issuer-headers.js';
import { migrateSso, purgeExpiredSsoRows } from './migrate.js';
import { createProvider, issuerPath, type SsoClient } from './provider.js';
import { providerRoutes } from './provider-routes.js';
import { loadProviderSecrets } from './secrets.js';

export type SsoPluginOptions = {
  /** Public issuer URL; its path must equal the prefix the plugin is registered at, e.g. http://localhost:8080/sso. */
  issuer: string;
  pool: pg.Pool;
  clients: SsoClient[];
  /** Sign-in and sign-up POSTs per client address, counted across all instances. Default 10 per minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Sign-in attempts per account (the email typed) before growing waits. Default 5, then 15 s doubling to 15 min. */
  accountLockout?: AccountLockout;
  /**
   * Where the button of an expired sign-in page leads (one reached with Back after signing out, say).
   * Default: the start (`/`) of the first client's first redirect address.
   */
  startUrl?: string;
};

function defaultStartUrl(clients: readonly SsoClient[]): string {
  const redirect = clients[0]?.redirect_uris[0];
  return redirect ? new URL('/', redirect).href : '/';
}

const DEFAULT_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * The embedded OpenID Connect provider with its sign-in pages. Register it encapsulated, with
 * `{ prefix: new URL(issuer).pathname }`.
 */
export const ssoPlugin: FastifyPluginAsync<SsoPluginOptions> = async (app, options) => {
  const mountPath = issuerPath(options.issuer);
  if (app.prefix !== mountPath) {
    throw new Error(
      `ssoPlugin is registered at prefix "${app.prefix}" but its issuer ${options.issuer} needs "${mountPath}"`,
    );
  }
  const { pool } = options;
  await migrateSso(pool);
  const secrets = await loadProviderSecrets(pool);
  const provider = createProvider({ issuer: options.issuer, pool, clients: options.clients, secrets });
  app.addHook('onRequest', pinIssuerHeaders(options.issuer));
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'sso: provider error'));

  await app.register(interactionRoutes, {
    provider,
    pool,
    basePath: mountPath,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    accountLockout: options.accountLockout ?? DEFAULT_ACCOUNT_LOCKOUT,
    startUrl: options.startUrl ?? defaultStartUrl(options.clients),
  });
  await app.register(providerRoutes, { provider, mountPath });

  const purge = setInterval(() => {
    purgeExpiredSsoRows(pool).catch((error: unknown) => app.log.warn({ err: error }, 'sso: purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
};

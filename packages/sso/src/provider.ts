import { languageCodes } from '@sbo/contracts/constants';
import Provider, { type Account, type ClientMetadata, type Configuration } from 'oidc-provider';
import type pg from 'pg';
import { findAccountById } from './accounts.js';
import { PostgresAdapter } from './postgres-adapter.js';
import { renderLogoutConfirmation, renderLogoutSuccess, renderProviderError } from './provider-pages.js';
import type { ProviderSecrets } from './secrets.js';

export type SsoClient = { client_id: string; client_secret: string; redirect_uris: string[] };

export type ProviderOptions = { issuer: string; pool: pg.Pool; clients: SsoClient[]; secrets: ProviderSecrets };

/** What first-party clients get without a consent screen. */
export const FIRST_PARTY_SCOPES = 'openid email profile';

const DAY = 24 * 60 * 60;

/** The path the provider is mounted at, taken from the issuer: `http://host/sso` gives `/sso`. */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

function toClientMetadata(client: SsoClient): ClientMetadata {
  return {
    client_id: client.client_id,
    client_secret: client.client_secret,
    redirect_uris: client.redirect_uris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    // client_secret_post is accepted too: oidc-provider treats the two secret methods as one.
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

async function loadAccount(pool: pg.Pool, sub: string): Promise<Account | undefined> {
  const account = await findAccountById(pool, sub);
  if (!account) return undefined;
  return {
    accountId: account.id,
    claims: () => ({
      sub: account.id,
      email: account.email,
      email_verified: true,
      name: account.name,
      locale: account.locale,
    }),
  };
}

export function createProvider({ issuer, pool, clients, secrets }: ProviderOptions): Provider {
  const basePath = issuerPath(issuer);
  const cookieOptions = { httpOnly: true, sameSite: 'lax', signed: true } as const;
  const configuration: Configuration = {
    adapter: (model: string) => new PostgresAdapter(pool, model),
    clients: clients.map(toClientMetadata),
    jwks: secrets.jwks,
    // The session cookie only travels to the sign-in service, not to the host app's other routes.
    cookies: { keys: secrets.cookieKeys, long: { ...cookieOptions, path: basePath || '/' }, short: cookieOptions },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    scopes: FIRST_PARTY_SCOPES.split(' '),
    responseTypes: ['code'],
    // Every client sends an S256 code challenge, so a code is worth nothing without the verifier
    // that the browser which started the sign-in holds (the back-office keeps it in a cookie).
    pkce: { required: () => true },
    // The back-office reads email and name from the id_token; it never calls userinfo.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: renderLogoutConfirmation,
        postLogoutSuccessSource: renderLogoutSuccess,
      },
    },
    interactions: { url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => loadAccount(pool, sub),
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 60 * 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * DAY,
      Session: 14 * DAY,
    },
    renderError: renderProviderError,
    discovery: { ui_locales_supported: [...languageCodes] },
  };
  const provider = new Provider(issuer, configuration);
  // The host app (or a load balancer) terminates TLS. X-Forwarded-Proto/Host are read for URLs and
  // secure cookies, but the plugin overwrites them with the issuer's own (issuer-headers.ts).
  provider.proxy = true;
  return provider;
}

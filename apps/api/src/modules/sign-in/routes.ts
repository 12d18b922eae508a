import type { FastifyPluginAsync } from 'fastify';
import { signInEndpoints as contract } from '@sbo/contracts/api/endpoints/sign-in';
import { addEndpoint } from '../../lib/endpoint-route';
import { type BrowserBinding, hashKeyring, sameSecret } from './browser-binding';
import type { OidcClient } from './oidc-client';
import type { createSsoService } from './service';

type Deps = {
  oidc: OidcClient;
  sso: ReturnType<typeof createSsoService>;
  binding: BrowserBinding;
  rateLimitPerMinute: number;
};

/** Only same-site paths may be returned to, so the sign-in cannot be turned into an open redirect. */
const safePath = (value: string | undefined) => (value && /^\/(?!\/)[^\\]*$/.test(value) ? value : '/');

const toSignInScreen = (query: Record<string, string>) => `/user-login?${new URLSearchParams(query).toString()}`;

export const ssoRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  addEndpoint(app, contract.ssoAuthorize, async (request, reply) => {
    const binding = deps.binding.start(safePath(request.query.redirect));
    const address = await deps.oidc.authorizeUrl({ ...binding, lang: request.query.lang });
    reply.header('set-cookie', await deps.binding.cookie(binding));
    return reply.redirect(address, 302);
  });

  addEndpoint(app, contract.ssoCallback, async (request, reply) => {
    const binding = await deps.binding.read(request.headers.cookie);
    const { code, state, error } = request.query;
    // A state this browser was not given is a forged or foreign callback: nothing is relayed or changed.
    if (!binding || !state || !sameSecret(state, binding.state)) {
      return reply.redirect(toSignInScreen({ redirect: '/', error: 'invalid_state' }), 302);
    }
    if (!code) {
      reply.header('set-cookie', deps.binding.clearedCookie());
      return reply.redirect(toSignInScreen({ redirect: binding.redirect, error: error ?? 'access_denied' }), 302);
    }
    reply.header('set-cookie', await deps.binding.cookie({ ...binding, keyringHash: hashKeyring(code) }));
    return reply.redirect(toSignInScreen({ redirect: binding.redirect, keyring: code }), 302);
  });

  addEndpoint(
    app,
    contract.ssoReplacement,
    async (request, reply) => {
      const binding = await deps.binding.read(request.headers.cookie);
      const result = await deps.sso.replaceKeyring(request.query.keyring, binding);
      reply.header('set-cookie', deps.binding.clearedCookie());
      return { result };
    },
    { config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } } },
  );
};

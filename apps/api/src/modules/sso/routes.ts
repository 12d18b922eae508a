import type { FastifyPluginAsync } from 'fastify';
import { signInEndpoints as contract } from '@sbo/contracts/api/endpoints/sign-in';
import { addEndpoint } from '../../lib/endpoint-route';
import type { OidcClient } from './oidc-client';
import type { createSsoService } from './service';

type Deps = { oidc: OidcClient; sso: ReturnType<typeof createSsoService>; rateLimitPerMinute: number };

/** Only same-site paths may be returned to, so the sign-in cannot be turned into an open redirect. */
const safePath = (value: string | undefined) => (value && /^\/(?!\/)[^\\]*$/.test(value) ? value : '/');

export const ssoRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  addEndpoint(app, contract.ssoAuthorize, async (request, reply) => {
    const state = Buffer.from(safePath(request.query.redirect)).toString('base64url');
    return reply.redirect(await deps.oidc.authorizeUrl({ state, lang: request.query.lang }), 302);
  });

  addEndpoint(app, contract.ssoCallback, async (request, reply) => {
    const redirect = safePath(
      request.query.state ? Buffer.from(request.query.state, 'base64url').toString() : undefined,
    );
    const target = new URLSearchParams({ redirect });
    if (request.query.code) target.set('keyring', request.query.code);
    else target.set('error', request.query.error ?? 'access_denied');
    return reply.redirect(`/user-login?${target.toString()}`, 302);
  });

  addEndpoint(
    app,
    contract.ssoReplacement,
    async (request) => ({ result: await deps.sso.replaceKeyring(request.query.keyring) }),
    { config: { rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 } } },
  );
};

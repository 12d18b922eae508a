import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ssoAuthorizeQuery, ssoReplacementQuery, ssoReplacementResult } from '@sbo/contracts';
import type { OidcClient } from './oidc-client';
import type { createSsoService } from './service';

type Deps = { oidc: OidcClient; sso: ReturnType<typeof createSsoService>; rateLimitPerMinute: number };

/** Only same-site paths may be returned to, so the sign-in cannot be turned into an open redirect. */
const safePath = (value: string | undefined) => (value && /^\/(?!\/)[^\\]*$/.test(value) ? value : '/');

export const ssoRoutes: FastifyPluginAsyncZod<Deps> = async (app, deps) => {
  app.get('/sso/authorize', {
    config: { access: { token: 'public' } },
    schema: { tags: ['sign-in'], summary: 'Send the browser to the sign-in service', querystring: ssoAuthorizeQuery },
    handler: async (request, reply) => {
      const state = Buffer.from(safePath(request.query.redirect)).toString('base64url');
      return reply.redirect(await deps.oidc.authorizeUrl({ state, lang: request.query.lang }), 302);
    },
  });

  app.get('/sso/callback', {
    config: { access: { token: 'public' } },
    schema: {
      tags: ['sign-in'],
      summary: 'Where the sign-in service returns; relays the code to the web as keyring',
      querystring: z.object({
        code: z.string().max(512).optional(),
        state: z.string().max(4096).optional(),
        error: z.string().max(200).optional(),
      }),
    },
    handler: async (request, reply) => {
      const redirect = safePath(
        request.query.state ? Buffer.from(request.query.state, 'base64url').toString() : undefined,
      );
      const target = new URLSearchParams({ redirect });
      if (request.query.code) target.set('keyring', request.query.code);
      else target.set('error', request.query.error ?? 'access_denied');
      return reply.redirect(`/user-login?${target.toString()}`, 302);
    },
  });

  app.get('/sso/replacement', {
    config: {
      access: { token: 'public' },
      rateLimit: { max: deps.rateLimitPerMinute, timeWindow: 60_000 },
    },
    schema: {
      tags: ['sign-in'],
      summary: 'Exchange a one-time keyring for the login token (7 days)',
      querystring: ssoReplacementQuery,
      response: { 200: envelope(ssoReplacementResult) },
    },
    handler: async (request) => ({ result: await deps.sso.replaceKeyring(request.query.keyring) }),
  });
};

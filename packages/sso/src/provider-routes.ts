import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

export type ProviderRoutesOptions = { provider: Provider; mountPath: string };

/**
 * Hands every other request under the mount path to oidc-provider (a Koa app). The scope has no body
 * parsers, so oidc-provider reads the request stream itself.
 */
export const providerRoutes: FastifyPluginAsync<ProviderRoutesOptions> = async (app, { provider, mountPath }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();

  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    // oidc-provider derives the mount path of the URLs it builds from originalUrl minus url.
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    const url = raw.url ?? '/';
    const rest = url.startsWith(mountPath) ? url.slice(mountPath.length) : url;
    raw.originalUrl = url;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    await callback(raw, reply.raw);
  };

  app.all('/', forward);
  app.all('/*', forward);
};

import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app when there is one, and answers everything else that
 * no route matched: pages get index.html (client-side routes), the rest a 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? defaultDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasWeb &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/sso/') &&
      request.headers.accept?.includes('text/html') === true;
    if (isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: catalogueEntry(ErrorCode.NOT_FOUND)!.en });
  });
}

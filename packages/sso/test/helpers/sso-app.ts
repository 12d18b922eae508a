import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { ssoPlugin } from '../../src/index.js';

export const TEST_CLIENT = {
  client_id: 'back-office',
  client_secret: 'back-office-secret',
  redirect_uris: ['http://127.0.0.1:9/api/v1/sso/callback'],
};

export type RunningSsoApp = { app: FastifyInstance; baseUrl: string; issuer: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A Fastify app mounting the plugin at /sso, listening on 127.0.0.1; `issuer` lets two instances share one. */
export async function startSsoApp(
  pool: pg.Pool,
  options: { issuer?: string; rateLimit?: { max: number; timeWindowMs: number } } = {},
): Promise<RunningSsoApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const issuer = options.issuer ?? `${baseUrl}/sso`;
  const app = Fastify({ trustProxy: true, logger: false });
  await app.register(ssoPlugin, { prefix: '/sso', issuer, pool, clients: [TEST_CLIENT], rateLimit: options.rateLimit });
  await app.listen({ host: '127.0.0.1', port });
  return { app, baseUrl, issuer };
}

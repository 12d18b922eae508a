import { createAccount, EmailAlreadyRegisteredError, findAccountByEmail, issuerPath, ssoPlugin } from '@sbo/sso';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { SsoServerConfig } from './config.js';

/** The sign-in service on its own: the sso plugin at the issuer's path plus a health check. Never listens. */
export async function buildApp(config: SsoServerConfig, pool: pg.Pool): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy });

  app.get('/health', async (_request, reply) => {
    try {
      await pool.query('SELECT 1');
      return { status: 'ok' };
    } catch (error) {
      app.log.warn({ err: error }, 'health: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(ssoPlugin, {
    prefix: issuerPath(config.issuer),
    issuer: config.issuer,
    pool,
    clients: config.clients,
    rateLimit: config.rateLimit,
  });
  await app.ready();
  await seedAccounts(app, pool, config.seedAccounts);
  return app;
}

async function seedAccounts(app: FastifyInstance, pool: pg.Pool, accounts: SsoServerConfig['seedAccounts']) {
  for (const account of accounts) {
    if (await findAccountByEmail(pool, account.email)) continue;
    try {
      await createAccount(pool, account);
      app.log.info({ email: account.email }, 'seeded sign-in account');
    } catch (error) {
      // Another instance seeding at the same moment got there first.
      if (!(error instanceof EmailAlreadyRegisteredError)) throw error;
    }
  }
}

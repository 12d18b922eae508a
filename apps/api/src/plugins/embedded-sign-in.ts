import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { issuerPath, migrateSso, ssoPlugin } from '@sbo/sso';

type Options = {
  pool: pg.Pool;
  issuer: string;
  client: { clientId: string; clientSecret: string; redirectUri: string };
  attemptsPerMinute: number;
};

/** Mounts the embedded sign-in service at /sso when no external issuer is configured. */
export async function registerEmbeddedSignIn(app: FastifyInstance, options: Options): Promise<void> {
  await migrateSso(options.pool);
  await app.register(ssoPlugin, {
    prefix: issuerPath(options.issuer),
    issuer: options.issuer,
    pool: options.pool,
    // Sign-in and sign-up form posts per address and minute, as the api's own sign-in limit.
    rateLimit: { max: options.attemptsPerMinute, timeWindowMs: 60_000 },
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: [options.client.redirectUri],
      },
    ],
  });
}

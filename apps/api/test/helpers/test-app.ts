import { randomBytes } from 'node:crypto';
import type https from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { SmsProvider } from '../../src/sms/sms-provider';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, createPool, type Database } from '../../src/db/client';
import { manualClock } from '../../src/lib/clock';
import { createTokenService, type TokenService } from '../../src/auth/token-service';
import { startGateway, type DeviceGateway } from '../../src/modules/gateway/gateway';
import { templateDatabase, withDatabase } from './postgres-server';

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A fresh database copied from the migrated template; one per test file. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

export type TestContext = {
  app: FastifyInstance;
  /** Present when the app was built with `{ gateway: true }`: an embedded broker on a random port. */
  gateway?: DeviceGateway;
  db: Database;
  pool: pg.Pool;
  clock: ReturnType<typeof manualClock>;
  tokens: TokenService;
  databaseUrl: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Share a database with another test app (two api instances). */
  databaseUrl?: string;
  /** Start the device gateway too (embedded broker on a random port unless MQTT_URL is set). */
  gateway?: boolean;
  /** Where the app sends SMS codes (a test reads them there). */
  sms?: SmsProvider;
  /**
   * A MODE=production app is built past its first start (a root account exists) unless this says it
   * is the first start, when only the set-up page answers (first-run.test.ts).
   */
  firstStart?: boolean;
  /** The TLS agent Web Push uses (trusting a local push service's certificate). */
  webPushAgent?: https.Agent;
  /** Where the app logs (none when absent): a test that reads what reaches the log. */
  logger?: FastifyBaseLogger;
};

/**
 * The device gateway's settings for tests. Its waits are bounds a busy machine stays well inside: a
 * device that answers is never taken for silent because the machine was slow (a 400 ms acknowledgement
 * wait, or 3 s without a message counted as offline, made tests fail under load). A test of silence
 * waits the whole acknowledgement bound; a test of a device gone quiet backdates its last message
 * (`backdateLastSeen`) rather than waiting the offline bound out. The offline check still runs often,
 * so such a test sees it at once.
 */
export const fastDeviceEnv = {
  MQTT_PORT: '0',
  MQTT_HOST: '127.0.0.1',
  DEVICE_ACK_TIMEOUT_MS: '20000',
  DEVICE_OFFLINE_AFTER_SECONDS: '120',
  DEVICE_OFFLINE_CHECK_SECONDS: '0.2',
};

/** Builds the real app on its own database with a clock the test controls. */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void,
  options: TestAppOptions = {},
): Promise<TestContext> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const pool = createPool(databaseUrl, 8);
  const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
  const config = loadConfig({
    // The demo's sandbox providers, as most tests pay through them; production tests say MODE=production.
    MODE: 'demo',
    JWT_SECRET: testJwtSecret,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'http://127.0.0.1:9',
    // Event streams end at once, so a test that opens one (the fuzz, the permission matrix) returns.
    SSE_STREAM_MAX_SECONDS: '0.05',
    // Every call of a test comes from one address, and tests poll an order's status until it changes:
    // at 20 a minute the public checkout and card calls ran out within seconds of a slow machine's wait.
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
    ...env,
  });
  if (config.MODE === 'production' && !options.firstStart) {
    await pool.query(
      `insert into users (email, nick_name, locale, is_root) values ('operator@example.test', 'Operator', 'en', true)
       on conflict do nothing`,
    );
  }
  const gateway = options.gateway ? await startGateway({ config, pool, clock }) : undefined;
  const { sms, webPushAgent, logger } = options;
  const app = await buildApp({
    config,
    pool,
    clock,
    gateway,
    sms,
    webPushAgent,
    logger,
    // Well within the hooks' 180 s: on a busy machine a plugin may take more than Fastify's 10 s.
    pluginTimeoutMs: 120_000,
  });
  prepare?.(app);
  await app.ready();
  const db = createDatabase(pool);
  return {
    app,
    gateway,
    db,
    pool,
    clock,
    tokens: createTokenService(db, config.JWT_SECRET ?? testJwtSecret, clock),
    databaseUrl,
    close: async () => {
      await app.close();
      await gateway?.close();
      await pool.end();
    },
  };
}

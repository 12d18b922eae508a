import { hostname } from 'node:os';
import pg from 'pg';
import { deviceTiming } from '@sbo/contracts/mqtt';
import type { Config } from '../../config';
import { createDatabase, type Database } from '../../db/client';
import { hardwareChannel } from '../../lib/channels';
import { systemClock, type Clock } from '../../lib/clock';
import { listen, type PgListener } from '../../lib/pg-listener';
import { deviceSecretKey } from '../../lib/device-secret';
import { sharedSecret } from '../../lib/secrets';
import { createScheduler } from '../../lib/scheduler';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker';
import { canPublish, canSubscribe } from './acl';
import { createCardDesk } from '../cards/service';
import { createCardRequests } from './card-requests';
import { cardFailureQueue, enqueueJob } from '../../lib/job-queue';
import { createCommandBus, type CommandBus } from '../../machines/command-bus';
import { connectGateway, type GatewayConnections } from './connections';
import { secretHashReader } from './credential-repository';
import { createDeviceAuthenticator } from './device-auth';
import { createIngestor, type IngestCounters } from './ingest';
import { writeMosquittoFiles } from './mosquitto-files';
import { markSilentDevicesOffline } from './presence-repository';
import { createPriceSync } from './price-sync';
import { fallbackMaxSaleAmount, maxSaleAmountByMachineType } from '../../machines/sale-limits';

/**
 * How long a card charge waits for a card another machine is charging before answering 0018 (tap
 * again): the machine's time limit less 2 s for the network both ways, so the answer still counts.
 */
const cardLockWaitMs = deviceTiming.cardAnswerMs - 2_000;

/** A device whose secret was rotated or revoked loses its live connection at once. */
async function dropIfRekeyed(db: Database, broker: EmbeddedBroker, hwid: string): Promise<void> {
  const signedInWith = broker.deviceCredential(hwid);
  if (signedInWith === undefined) return;
  if ((await secretHashReader(db)(hwid)) !== signedInWith) broker.disconnect(hwid);
}

type GatewayLog = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
};
const quiet: GatewayLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What the api needs from the device link; buildApp takes one optionally (tests run without). */
export type DeviceGateway = {
  /** Where devices connect: the embedded broker's address, or MQTT_URL. */
  readonly brokerUrl: string;
  readonly embeddedBroker: EmbeddedBroker | null;
  readonly counters: IngestCounters;
  sendCommand: CommandBus['send'];
  newCommandId: CommandBus['newCommandId'];
  /** Lets devices connect to the embedded broker (after start-up, with `admitDevices: false`). */
  admitDevices(): void;
  /** Stops taking device messages and waits for those being stored (embedded broker); then close(). */
  drain(): Promise<void>;
  close(): Promise<void>;
};

/** How far apart state batches start while machines wait to be admitted. */
const admittingBatchSpacingMs = 1_000;

/**
 * Starts the device gateway: the embedded Aedes broker (unless MQTT_URL names an external one),
 * the api's privileged MQTT client, ingestion, command acknowledgements and offline detection.
 */
export async function startGateway(options: {
  config: Config;
  pool: pg.Pool;
  log?: GatewayLog;
  /** "Now" for the card desk's ledger entries, the prices sent on reconnect and when a device message arrived; the system clock by default. */
  clock?: Clock;
  /**
   * false: the embedded broker refuses devices (CONNACK 3, they retry) until `admitDevices()`,
   * so a fleet reconnecting at once does not starve the rest of start-up. Default true.
   */
  admitDevices?: boolean;
}): Promise<DeviceGateway> {
  const { config, pool } = options;
  const log = options.log ?? quiet;
  const db = createDatabase(pool);
  const password = config.MQTT_PASSWORD ?? (await sharedSecret(db, 'mqtt-gateway-password'));
  const gatewayUser = { username: config.MQTT_USERNAME, password };

  // State and presence are superseded by the next report (and statuses are retained), so their
  // writes skip waiting for the WAL flush; events, which are money, keep the shared pool's durability.
  const telemetryPool = new pg.Pool({ ...pool.options, max: 4, options: '-c synchronous_commit=off' });
  telemetryPool.on('error', () => undefined);
  // A CONNECT's check reads the device's secret hash on a pool of its own: behind the shared pool's
  // queue (events, presence, price syncs of the machines already in) it waited past the device's timeout.
  const credentialsPool = new pg.Pool({ ...pool.options, max: 2 });
  credentialsPool.on('error', () => undefined);
  let connections: GatewayConnections | null = null;
  const commands = createCommandBus({
    publish: (topic, payload, qos) => connections!.publish(topic, payload, qos),
    defaultTimeoutMs: config.DEVICE_ACK_TIMEOUT_MS,
  });
  const syncPrices = createPriceSync({ db, commands, clock: options.clock ?? systemClock, log });
  const saleLimits = {
    byMachineType: maxSaleAmountByMachineType(config.MAX_SALE_AMOUNT),
    otherwise: config.MAX_SALE_AMOUNT ?? fallbackMaxSaleAmount,
  };
  // Card payments at machines: answered on the device's cardResult topic (docs/device-protocol.md, "Card payments").
  const cards = createCardRequests({
    desk: createCardDesk({ db, clock: options.clock ?? systemClock, lockWaitMs: cardLockWaitMs }),
    publish: (topic, payload, qos) => connections!.publish(topic, payload, qos),
    log,
    onFailure: (hwid, request) =>
      void enqueueJob(
        pool,
        cardFailureQueue,
        {
          hwid,
          requestId: request.requestId,
          kind: request.kind,
          // What a charge would have drawn (card, e-voucher or both) decides the alert's code (1001-1003).
          ...(request.kind === 'authorize' ? { card: request.card, amount: request.amount } : {}),
          at: new Date().toISOString(),
        },
        { runAt: new Date(0), dedupeKey: `${hwid}:${request.requestId}` },
      ).catch((error: unknown) => log.warn({ err: error, hwid }, 'card failure alert not queued')),
  });
  const telemetryDb = createDatabase(telemetryPool);
  const ingestor = createIngestor({
    db,
    telemetryDb,
    commands,
    saleLimits,
    clock: options.clock ?? systemClock,
    clockToleranceMs: config.DEVICE_CLOCK_TOLERANCE_SECONDS * 1000,
    log,
    onOnline: syncPrices,
    cards,
    // Admission first: while machines wait in the embedded broker's line, state batches go out at
    // most once a second (reports coalesce meanwhile); at the normal pace once the line is empty.
    stateBatchSpacingMs: () => ((broker?.admission().waiting ?? 0) > 0 ? admittingBatchSpacingMs : 0),
  });

  let broker: EmbeddedBroker | null = null;
  let hardwareListener: PgListener | null = null;
  if (!config.MQTT_URL) {
    const auth = createDeviceAuthenticator({
      db,
      credentialsDb: createDatabase(credentialsPool),
      key: await deviceSecretKey(db),
      gateway: gatewayUser,
      failedPerMinute: config.MQTT_FAILED_CONNECTS_PER_HWID,
    });
    broker = await startEmbeddedBroker({
      host: config.MQTT_HOST,
      port: config.MQTT_PORT,
      policy: {
        authenticate: auth.authenticate,
        canPublish,
        canSubscribe,
        // Every device message is handed over in the process, not through a subscription of the
        // gateway's own client (a second parse, write and PUBACK per message); an event is stored
        // before its PUBACK: acknowledged means committed.
        beforeAck: (_hwid, topic, payload) => ingestor.handle(topic, payload),
      },
      gatewayUsername: options.admitDevices === false ? gatewayUser.username : undefined,
      limits: {
        maxPacketBytes: config.MQTT_MAX_PACKET_BYTES,
        connectsPerAddress: config.MQTT_CONNECTS_PER_ADDRESS,
        connectsPerSecond: config.MQTT_CONNECTS_PER_SECOND,
      },
      log,
    });
    const embedded = broker;
    hardwareListener = listen(
      pool,
      [hardwareChannel],
      (_channel, hwid) => void dropIfRekeyed(db, embedded, hwid).catch(() => embedded.disconnect(hwid)),
      log,
    );
  } else if (config.MQTT_PASSWORD_FILE) {
    const files = {
      passwordFile: config.MQTT_PASSWORD_FILE,
      aclFile: config.MQTT_ACL_FILE,
      pidFile: config.MQTT_BROKER_PID_FILE,
    };
    const sync = () =>
      writeMosquittoFiles(db, files, gatewayUser).catch((error: unknown) =>
        log.error({ err: error }, 'writing the Mosquitto password file failed'),
      );
    await sync();
    hardwareListener = listen(pool, [hardwareChannel], () => void sync(), log);
  }
  const brokerUrl = config.MQTT_URL ?? broker!.url;

  connections = await connectGateway({
    url: brokerUrl,
    ...gatewayUser,
    sharedGroup: config.MQTT_SHARED_GROUP,
    sessionId: config.MQTT_URL ? (config.MQTT_CLIENT_ID ?? `sbo-api-${hostname()}-${config.PORT}`) : undefined,
    // The embedded broker hands device messages over itself: the gateway's client only sends.
    subscribe: broker === null,
    handle: ingestor.handle,
    log,
  });

  // One log line a minute of what was ingested: the operator's (and the benchmark's) view of the flow.
  let previous = { ...ingestor.counters };
  let previousConnects: Record<string, number> = {};
  let previousAt = performance.now();
  const logStats = async () => {
    const now = { ...ingestor.counters };
    // The interval the counts cover, as it was: a saturated event loop runs the line late, and
    // rates taken over the configured interval then came out several times what was offered.
    const at = performance.now();
    const seconds = Math.round((at - previousAt) / 100) / 10;
    previousAt = at;
    const delta = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - previous[k as keyof typeof now]]));
    previous = now;
    // CONNECTs answered meanwhile by outcome (admitted, or why refused): the embedded broker's admission.
    const connectsNow = broker?.connectOutcomes() ?? {};
    const connects = Object.fromEntries(
      Object.entries(connectsNow)
        .map(([outcome, n]) => [outcome, n - (previousConnects[outcome] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    previousConnects = connectsNow;
    // Live JavaScript objects and Buffers beside the resident size: what memory per client is made of.
    const memory = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    log.info(
      {
        ...delta,
        longestStateBatchMs: ingestor.takeLongestBatchMs(),
        seconds,
        clients: broker?.connectedClients(),
        ...(broker ? { connects, admission: broker.admission() } : {}),
        rssMb: mb(memory.rss),
        heapUsedMb: mb(memory.heapUsed),
        heapTotalMb: mb(memory.heapTotal),
        externalMb: mb(memory.external),
      },
      'gateway stats',
    );
  };
  const scheduler = createScheduler(log);
  scheduler.add(
    {
      name: 'offline detection',
      everySeconds: config.DEVICE_OFFLINE_CHECK_SECONDS,
      run: () => markSilentDevicesOffline(telemetryDb, config.DEVICE_OFFLINE_AFTER_SECONDS),
    },
    { name: 'gateway stats', everySeconds: config.GATEWAY_STATS_SECONDS, run: logStats },
  );
  scheduler.start();
  log.info({ brokerUrl, embedded: broker !== null }, 'device gateway started');
  return {
    brokerUrl,
    embeddedBroker: broker,
    counters: ingestor.counters,
    sendCommand: commands.send,
    newCommandId: commands.newCommandId,
    admitDevices: () => broker?.admitDevices(),
    drain: async () => void (await broker?.drain()),
    async close() {
      await scheduler.stop();
      await broker?.drain();
      await connections?.close();
      await ingestor.stop();
      await telemetryPool.end().catch(() => undefined);
      await credentialsPool.end().catch(() => undefined);
      await hardwareListener?.close();
      await broker?.close();
    },
  };
}

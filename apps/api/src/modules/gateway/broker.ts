import { createServer, type Socket } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';

/** Who a broker connection is: the api's own gateway client, or one device by its hardware id. */
export type BrokerIdentity = { role: 'gateway' } | { role: 'device'; hwid: string };

export type BrokerPolicy = {
  authenticate(
    clientId: string,
    username: string | undefined,
    password: string | undefined,
  ): Promise<BrokerIdentity | null>;
  canPublish(identity: BrokerIdentity, topic: string): boolean;
  canSubscribe(identity: BrokerIdentity, topic: string): boolean;
};

export type EmbeddedBroker = { url: string; port: number; connectedClients(): number; close(): Promise<void> };
type Log = { warn(object: object, message: string): void };

const refused = (returnCode: number, message: string) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/** The embedded Aedes broker: every connection authenticated and every topic checked by `policy`. */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  policy: BrokerPolicy;
  log?: Log;
}): Promise<EmbeddedBroker> {
  const { policy } = options;
  const identities = new WeakMap<Client, BrokerIdentity>();
  // concurrency 0 (no delivery slots): with slots, a backlog (a whole fleet disconnecting at once
  // while the gateway writes to the database) is released recursively by mqemitter and overflows
  // the stack. A subscriber that stops reading is still cut off by drainTimeout.
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, concurrency: 0 });
  broker.authenticate = (client, username, password, done) => {
    policy.authenticate(client.id, username, password?.toString('utf8')).then(
      (identity) => {
        if (!identity) return done(refused(4, 'bad username or password'), false);
        identities.set(client, identity);
        done(null, true);
      },
      (error: unknown) => {
        options.log?.warn({ err: error }, 'broker authentication failed');
        done(refused(3, 'server unavailable'), false);
      },
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    const identity = client ? identities.get(client) : undefined;
    // A will left by a previous broker run has no client: only presence topics may go out that way.
    const allowed = identity
      ? policy.canPublish(identity, packet.topic)
      : packet.topic.endsWith('/status') && policy.canPublish({ role: 'gateway' }, packet.topic);
    done(allowed ? null : new Error(`publish to ${packet.topic} refused`));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const identity = identities.get(client);
    done(null, identity && policy.canSubscribe(identity, subscription.topic) ? subscription : null);
  };

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const connectHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `mqtt://${connectHost}:${port}`,
    port,
    connectedClients: () => broker.connectedClients,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The api's own MQTT connection; it reconnects by itself and keeps TCP_NODELAY on every socket.
 * The first connection is retried for a while: a broker starting alongside the api, or one still
 * reloading the password file the api just wrote, is not a reason to fail start-up.
 */
export async function connectMqtt(options: {
  url: string;
  username: string;
  password: string;
  clientId: string;
  attempts?: number;
}): Promise<MqttClient> {
  const settings = {
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    protocolVersion: 4,
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    resubscribe: true,
  } as const;
  let client: MqttClient | null = null;
  for (let attempt = 1; !client; attempt += 1) {
    try {
      client = await mqtt.connectAsync(options.url, { ...settings, reconnectPeriod: 0 });
    } catch (error) {
      if (attempt >= (options.attempts ?? 20)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  // Connected: from now on MQTT.js reconnects by itself.
  client.options.reconnectPeriod = settings.reconnectPeriod;
  const noDelay = () => {
    const stream: unknown = client.stream;
    if (stream && typeof stream === 'object' && 'setNoDelay' in stream && typeof stream.setNoDelay === 'function')
      stream.setNoDelay(true);
  };
  noDelay();
  client.on('connect', noDelay);
  return client;
}

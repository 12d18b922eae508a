import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { Aedes } from 'aedes';
import type { AuthenticateError } from 'aedes';
import { deviceSubscribes, parseDeviceTopic, publisherOf } from '@sbo/contracts/mqtt';

export const gatewayUser = { username: 'sbo-gateway', password: 'gateway-secret' };

export type TestBroker = { port: number; url: string; restart(): Promise<void>; close(): Promise<void> };

/**
 * A real Aedes broker on a random port that authenticates and authorises as the protocol says:
 * username = client id = hwid with its secret; a device publishes only its own status, state,
 * event, ack and card, and subscribes only to its own cmd and cardResult. The gateway user may do the rest.
 */
export const startBroker = async (
  secrets: ReadonlyMap<string, string>,
  options: BrokerOptions = {},
): Promise<TestBroker> => {
  let current = await listen(secrets, 0, options);
  const port = (current.server.address() as { port: number }).port;
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    async restart() {
      await shutdown(current);
      current = await listen(secrets, port, options);
    },
    close: () => shutdown(current),
  };
};

type Running = { server: Server; broker: Aedes; sockets: Set<Socket> };
type BrokerOptions = {
  /** A CONNACK return code to refuse this CONNECT with (3: server unavailable), before its credentials are checked. */
  refuse?: (username: string | undefined) => number | null;
};

async function listen(secrets: ReadonlyMap<string, string>, port: number, options: BrokerOptions): Promise<Running> {
  const broker = await Aedes.createBroker();
  const gateways = new WeakSet<object>();
  broker.authenticate = (client, username, password, done) => {
    const refusal = options.refuse?.(username);
    if (refusal) return done(Object.assign(new Error('refused'), { returnCode: refusal }) as AuthenticateError, false);
    const isGateway = username === gatewayUser.username && password?.toString() === gatewayUser.password;
    const isDevice = username !== undefined && client.id === username && secrets.get(username) === password?.toString();
    if (isGateway) gateways.add(client);
    if (isGateway || isDevice) return done(null, true);
    const error = Object.assign(new Error('bad credentials'), { returnCode: 4 }) as AuthenticateError;
    done(error, false);
  };
  broker.authorizePublish = (client, packet, done) => {
    const address = parseDeviceTopic(packet.topic);
    const allowed =
      client && gateways.has(client)
        ? address !== null && publisherOf[address.channel] === 'server'
        : address !== null && address.hwid === client?.id && publisherOf[address.channel] === 'device';
    done(allowed ? null : new Error(`publish to ${packet.topic} refused`));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const address = parseDeviceTopic(subscription.topic);
    const own = address?.hwid === client.id && (deviceSubscribes as readonly string[]).includes(address?.channel ?? '');
    done(null, gateways.has(client) || own ? subscription : null);
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
    server.listen(port, '127.0.0.1', resolve);
  });
  return { server, broker, sockets };
}

async function shutdown({ server, broker, sockets }: Running): Promise<void> {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A TCP hop between devices and the broker whose connections the test can cut, like a network failure. */
export const startProxy = async (targetPort: number): Promise<{ url: string; cut(): void; close(): Promise<void> }> => {
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((inbound) => {
    const outbound = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    cut() {
      // Both hops close without an MQTT DISCONNECT, as when the network drops.
      for (const [inbound, outbound] of pairs) {
        inbound.destroy();
        outbound.destroy();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

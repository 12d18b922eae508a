import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { Aedes, type AuthenticateError, type AuthenticateHandler, type Client } from 'aedes';
import { createPacketSizeGuard } from './packet-size-guard';
import { gatewayConnects } from '../../lib/metrics';
import { createAdmissionPace, createRateLimiter } from './rate-limiter';
import type { Log } from '../../lib/log';

/** Who a broker connection is: the api's own gateway client, or one device by its hardware id. */
export type BrokerIdentity = { role: 'gateway' } | { role: 'device'; hwid: string; credential: string };

/** A refusal before any secret is checked: too many attempts from the address or for the hwid. */
export const throttled = 'throttled';

type BrokerPolicy = {
  authenticate(
    clientId: string,
    username: string | undefined,
    password: string | undefined,
  ): Promise<BrokerIdentity | null | typeof throttled>;
  canPublish(identity: BrokerIdentity, topic: string): boolean;
  canSubscribe(identity: BrokerIdentity, topic: string): boolean;
  /**
   * Every publish of a device, handed over in the process (no subscriber hop through the broker);
   * its PUBACK waits for the promise: an event is acknowledged once stored.
   */
  beforeAck?(hwid: string, topic: string, payload: Buffer): Promise<void>;
};

type BrokerLimits = {
  /** Largest MQTT packet accepted; a larger one closes the connection before it is buffered. */
  maxPacketBytes: number;
  /** Connections accepted from one address per 10 s (0: no limit). */
  connectsPerAddress: number;
  /**
   * The most CONNECTs checked per second from everyone (0: no limit), evenly spaced: one waits for
   * its turn up to `connectWaitMs` from its arrival, and past that is answered CONNACK 3 (server
   * unavailable) at once and retries soon, its backoff not grown. A fleet coming back together is let
   * in at a pace the api serves, instead of every connection queueing until it times out and backs
   * off. The pace falls below this while the process is slow to serve (`createAdmissionPace`).
   */
  connectsPerSecond?: number;
};

export type EmbeddedBroker = {
  url: string;
  port: number;
  connectedClients(): number;
  /** The pace CONNECTs are let in at now, per second (0: not paced), and how many wait for their turn. */
  admission(): { rate: number; waiting: number };
  /** CONNECTs answered since the start, by outcome: `admitted`, or the reason one was refused. */
  connectOutcomes(): Record<string, number>;
  /** The credential (secret hash) a connected device signed in with. */
  deviceCredential(hwid: string): string | undefined;
  /** Lets devices in (until then only `gatewayUsername` may connect; see startEmbeddedBroker). */
  admitDevices(): void;
  /** Drops a device's live connection (its secret was rotated or revoked). */
  disconnect(hwid: string): void;
  /** Stops taking connections and publishes, then waits for the acknowledgements still being earned. */
  drain(): Promise<void>;
  close(): Promise<void>;
};

/** The longest a CONNECT waits for its turn: well inside a device's 10 s connect timeout. */
const connectWaitMs = 4_000;
/**
 * A CONNECT whose check ends this long after it arrived is refused (CONNACK 3, retried soon) rather than
 * let in: its device would likely have given up before the CONNACK reached it, and backed off for longer.
 */
const lateMs = 6_000;
/** Admission's pace is reviewed this often from the delays seen meanwhile. */
const paceWindowMs = 1_000;

const refused = (returnCode: number, message: string) =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

const defaultLimits: BrokerLimits = { maxPacketBytes: 65_536, connectsPerAddress: 0, connectsPerSecond: 0 };

type RetainedPacket = { topic: string; payload: Buffer | string };
type RetainedStore = {
  storeRetained(packet: RetainedPacket, callback?: (error?: Error | null) => void): unknown;
  createRetainedStreamCombi(patterns: string[]): Readable;
};
const hasWildcard = (pattern: string) => pattern.includes('+') || pattern.includes('#');

/**
 * Aedes's in-memory persistence finds the retained messages of a SUBSCRIBE by testing the pattern
 * against every retained topic: with every device's status retained, each device subscribing to
 * its own `…/cmd` scanned the whole fleet (the connect storm's main cost in a CPU profile). A
 * subscription without wildcards, which is every device's, is answered from an index by topic.
 */
export function indexRetainedByTopic(broker: Aedes): void {
  const store = (broker as unknown as { persistence: RetainedStore }).persistence;
  const byTopic = new Map<string, RetainedPacket>();
  const storeRetained = store.storeRetained.bind(store);
  const combi = store.createRetainedStreamCombi.bind(store);
  store.storeRetained = (packet, callback) => {
    if (packet.payload.length === 0) byTopic.delete(packet.topic);
    else byTopic.set(packet.topic, { ...packet });
    return storeRetained(packet, callback);
  };
  store.createRetainedStreamCombi = (patterns) =>
    patterns.some(hasWildcard)
      ? combi(patterns)
      : Readable.from(patterns.flatMap((pattern) => byTopic.get(pattern) ?? []));
}

/** CONNACK "server unavailable": MQTT 3.1.1 (return code 3), and MQTT 5 (reason 0x88, no properties). */
const connackUnavailable = Buffer.from([0x20, 0x02, 0x00, 0x03]);
const connackUnavailableV5 = Buffer.from([0x20, 0x03, 0x00, 0x88, 0x00]);

/**
 * The protocol level of an MQTT CONNECT at the start of `chunk` (4 for 3.1.1, 5 for 5), or null when the
 * chunk does not start with a CONNECT: its fixed header (type 1, a remaining length of 1-4 bytes), then
 * the protocol name as a length-prefixed string, then the level.
 */
export function connectProtocolLevel(chunk: Buffer): number | null {
  if (chunk.length < 2 || chunk[0] !== 0x10) return null;
  let offset = 1;
  while (offset < 5 && offset < chunk.length && (chunk[offset]! & 0x80) !== 0) offset += 1;
  offset += 1;
  if (offset + 2 > chunk.length) return null;
  const nameLength = chunk.readUInt16BE(offset);
  const at = offset + 2 + nameLength;
  return at < chunk.length ? chunk[at]! : null;
}

/** Handles on the broker's listening socket besides its own: accepts per event-loop iteration. */
const listenerCopies = 63;

/**
 * Duplicates of a listening socket's handle, each a new descriptor for the same socket. libuv
 * accepts one connection per handle and event-loop iteration (libuv#3696); with thousands of
 * devices reporting, an iteration is long (each of up to 1,024 ready sockets is read and answered),
 * so a fleet reconnecting at once waited in the accept queue for tens of seconds with no
 * connection getting through. Each duplicate, listened on by its own net.Server, adds an accept
 * per iteration. A duplicate is made the way Node's cluster shares a listening socket: sent to a
 * short-lived child process and sent back (SCM_RIGHTS gives a new descriptor each way). Should
 * that fail, the broker keeps its single handle.
 */
async function duplicateListener(server: Server, count: number, log?: Log): Promise<object[]> {
  const handle = (server as unknown as { _handle: object | null })._handle;
  if (!handle || count <= 0) return [];
  const child = spawn(process.execPath, ['-e', "process.on('message', (m, h) => process.send(m, h))"], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    return await new Promise<object[]>((resolve, reject) => {
      const copies: object[] = [];
      const timer = setTimeout(() => reject(new Error('no answer from the helper process')), 5_000);
      child.on('error', reject);
      child.on('message', (_message, copy) => {
        if (copy) copies.push(copy);
        if (copies.length === count) {
          clearTimeout(timer);
          resolve(copies);
        }
      });
      for (let i = 0; i < count; i += 1) child.send('listener', handle as Server);
    });
  } catch (error) {
    log?.warn({ err: error }, 'the broker accepts on one handle');
    return [];
  } finally {
    child.kill();
  }
}

/**
 * The embedded Aedes broker: every connection authenticated and every topic checked by `policy`.
 * Aedes answers a QoS 1 PUBLISH (PUBACK) only after `authorizePublish` calls back, so a device's
 * event is stored (`beforeAck`) before the device is told it may forget it.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  policy: BrokerPolicy;
  limits?: BrokerLimits;
  log?: Log;
  /**
   * With it, only this user (the api's own client) is let in until `admitDevices()`: a fleet that
   * reconnects the moment the broker listens must not starve the rest of the api's start-up.
   */
  gatewayUsername?: string;
}): Promise<EmbeddedBroker> {
  const { policy } = options;
  const limits = options.limits ?? defaultLimits;
  const identities = new WeakMap<Client, BrokerIdentity>();
  const pending = new Set<Promise<void>>();
  let draining = false;
  // concurrency 0 (no delivery slots): with slots, a backlog (a whole fleet disconnecting at once
  // while the gateway writes to the database) is released recursively by mqemitter and overflows
  // the stack. A subscriber that stops reading is still cut off by drainTimeout.
  const broker = await Aedes.createBroker({ drainTimeout: 30_000, concurrency: 0 });
  indexRetainedByTopic(broker);
  const maxPerSecond = limits.connectsPerSecond ?? 0;
  const admissions = createAdmissionPace({
    maxPerSecond,
    minPerSecond: Math.min(maxPerSecond, 100),
    maxWaitMs: connectWaitMs,
    slowMs: 1_000,
    fastMs: 300,
  });
  // The delay in serving: the event loop's (p99 over the window), or checking a CONNECT (its mean).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let checkMs = 0;
  let checks = 0;
  const paceReview = setInterval(() => {
    const loopMs = loopDelay.percentile(99) / 1e6;
    loopDelay.reset();
    admissions.observe(Math.max(loopMs, checks > 0 ? checkMs / checks : 0));
    checkMs = 0;
    checks = 0;
  }, paceWindowMs).unref();
  /**
   * CONNECTs given a turn and not answered yet. When the line holds as many as the current pace lets in
   * within `connectWaitMs`, a new connection is refused before Aedes sees it (`refuseAtTheDoor`). Only a
   * CONNECT joins it: a connection that never sends one holds nobody's place.
   */
  const inLine = new WeakSet<object>();
  /** When each connection was accepted. */
  const acceptedAt = new WeakMap<object, number>();
  let lineLength = 0;
  const leaveLine = (conn: object) => {
    if (inLine.delete(conn)) lineLength -= 1;
  };
  /** CONNECTs answered by outcome, `admitted` or why refused: in the metric, and here for the stats line. */
  const outcomes: Record<string, number> = {};
  const count = (reason: string | null) => {
    gatewayConnects.inc(reason === null ? { outcome: 'admitted', reason: '' } : { outcome: 'refused', reason });
    const key = reason ?? 'admitted';
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  };
  type Done = Parameters<AuthenticateHandler>[3];
  /** Refuses a CONNECT (the device retries after its backoff), counted by why. */
  const refuse = (done: Done, reason: string, returnCode = 3) => {
    count(reason);
    done(refused(returnCode, returnCode === 4 ? 'bad username or password' : 'server unavailable'), false);
  };
  const check = (
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: Done,
    arrived: number,
  ) => {
    if (draining) return refuse(done, 'stopping');
    // A device that gave up while its CONNECT waited for its turn (or in the accept queue of a
    // starved machine) costs no database read: under a storm that work would go to nobody.
    if (client.closed || client.conn.destroyed) return refuse(done, 'gave up');
    const begun = Date.now();
    policy.authenticate(client.id, username, password?.toString('utf8')).then(
      (identity) => {
        const now = Date.now();
        checkMs += now - begun;
        checks += 1;
        if (identity === throttled) return refuse(done, 'throttled');
        if (client.closed || client.conn.destroyed) return refuse(done, 'gave up');
        if (now - arrived > lateMs) return refuse(done, 'late');
        if (!identity) return refuse(done, 'credentials', 4);
        identities.set(client, identity);
        count(null);
        done(null, true);
      },
      (error: unknown) => {
        options.log?.warn({ err: error }, 'broker authentication failed');
        refuse(done, 'error');
      },
    );
  };
  // CONNECTs are checked at a steady pace: one waits for its turn (a few seconds at most, well
  // inside a device's connect timeout); past that it is refused at once and retries after its backoff.
  let devicesAdmitted = options.gatewayUsername === undefined;
  broker.authenticate = (client, username, password, givenDone) => {
    const done: typeof givenDone = (error, success) => {
      leaveLine(client.conn);
      givenDone(error, success);
    };
    if (draining) return refuse(done, 'stopping');
    if (!devicesAdmitted && username !== options.gatewayUsername) return refuse(done, 'starting');
    const arrived = Date.now();
    // A CONNECT that reached the broker long after its connection was accepted (a starved loop) and would
    // still wait for a turn is told to retry now: a quick CONNACK 3 beats a timeout, which grows the
    // device's backoff. With a turn free at once it is checked, however late.
    const sinceAccepted = arrived - (acceptedAt.get(client.conn) ?? arrived);
    const wait = admissions.turn(arrived, connectWaitMs - sinceAccepted);
    if (wait === null) return refuse(done, 'busy');
    inLine.add(client.conn);
    lineLength += 1;
    if (wait === 0) return check(client, username, password, done, arrived);
    setTimeout(() => check(client, username, password, done, arrived), wait);
  };
  broker.authorizePublish = (client, packet, done) => {
    const identity = client ? identities.get(client) : undefined;
    // A will left by a previous broker run has no client: only presence topics may go out that way.
    const allowed = identity
      ? policy.canPublish(identity, packet.topic)
      : packet.topic.endsWith('/status') && policy.canPublish({ role: 'gateway' }, packet.topic);
    if (!allowed) return done(new Error(`publish to ${packet.topic} refused`));
    if (identity?.role !== 'device' || !policy.beforeAck) return done(null);
    // While stopping, a device's publish closes its connection unacknowledged: it sends it again later.
    if (draining) return done(new Error('the broker is stopping'));
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const work = policy.beforeAck(identity.hwid, packet.topic, payload).then(
      () => done(null),
      (error: unknown) => {
        options.log?.warn({ err: error, topic: packet.topic }, 'device message not stored; not acknowledged');
        done(new Error('not stored'));
      },
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    const identity = identities.get(client);
    done(null, identity && policy.canSubscribe(identity, subscription.topic) ? subscription : null);
  };

  const sockets = new Set<Socket>();
  const connects = createRateLimiter({ capacity: limits.connectsPerAddress, perMs: 10_000 });
  /**
   * Answers a connection's CONNECT with CONNACK "server unavailable" without handing it to Aedes: under a
   * storm most attempts are refused (a waiting fleet retries every few seconds), and this costs a few bytes
   * read and written instead of a client's set-up and parse. The answer follows the CONNECT's protocol
   * level (3.1.1: return code 3; 5: reason 0x88); anything but a CONNECT is cut off.
   */
  const refuseAtTheDoor = (socket: Socket) => {
    count('line full');
    socket.on('error', () => undefined);
    socket.setTimeout(connectWaitMs, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      const level = connectProtocolLevel(chunk);
      if (level === null) return void socket.destroy();
      socket.end(level === 5 ? connackUnavailableV5 : connackUnavailable);
    });
  };
  const onConnection = (socket: Socket) => {
    // Refused before a byte is parsed: an address opening connections faster than a fleet would.
    if (!connects.take(socket.remoteAddress ?? '')) return void socket.destroy();
    acceptedAt.set(socket, Date.now());
    socket.setNoDelay(true);
    const capacity = Math.max(1, Math.floor((admissions.rate() * connectWaitMs) / 1_000));
    if (devicesAdmitted && maxPerSecond > 0 && lineLength >= capacity) return refuseAtTheDoor(socket);
    socket.once('close', () => leaveLine(socket));
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
    // Aedes reads with read() on 'readable', which also emits 'data': this sees every chunk first.
    const accept = createPacketSizeGuard(limits.maxPacketBytes);
    socket.on('data', (chunk: Buffer) => {
      if (!accept(chunk)) socket.destroy();
    });
  };
  const server = createServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The default accept queue (511): a deeper one, when the api accepts slower than a fleet
    // arrives, only holds connections whose devices gave up waiting before they are accepted.
    server.listen(options.port, options.host, () => resolve());
  });
  const extraListeners = await duplicateListener(server, listenerCopies, options.log).then((handles) =>
    handles.map((handle) =>
      createServer(onConnection)
        .on('error', (error) => options.log?.warn({ err: error }, 'broker listener failed'))
        .listen(handle),
    ),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const connectHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const devices = new Map<string, Client>();
  broker.on('client', (client) => {
    if (identities.get(client)?.role === 'device') devices.set(client.id, client);
  });
  broker.on('clientDisconnect', (client) => {
    if (devices.get(client.id) === client) devices.delete(client.id);
  });
  const deviceClient = (hwid: string) => {
    const client = devices.get(hwid);
    const identity = client ? identities.get(client) : undefined;
    return client && identity?.role === 'device' ? { client, identity } : null;
  };
  const drain = async () => {
    draining = true;
    for (const listener of [server, ...extraListeners]) if (listener.listening) listener.close();
    await Promise.allSettled([...pending]);
  };
  let closed: Promise<void> | null = null;
  return {
    url: `mqtt://${connectHost}:${port}`,
    port,
    connectedClients: () => broker.connectedClients,
    connectOutcomes: () => ({ ...outcomes }),
    admission: () => ({ rate: admissions.rate(), waiting: lineLength }),
    admitDevices: () => void (devicesAdmitted = true),
    deviceCredential: (hwid) => deviceClient(hwid)?.identity.credential,
    disconnect: (hwid) => deviceClient(hwid)?.client.close(),
    drain,
    close() {
      closed ??= (async () => {
        clearInterval(paceReview);
        loopDelay.disable();
        await drain();
        await new Promise<void>((resolve) => broker.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
      })();
      return closed;
    },
  };
}

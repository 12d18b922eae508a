import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { fleetTopic, sharedFleetTopic, type Channel } from '@sbo/contracts/mqtt';
import { connectMqtt } from './mqtt-connect';
import type { Log } from '../../lib/log';

export type GatewayConnections = {
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  close(): Promise<void>;
};

/**
 * The api's broker connections. MQTT.js hands one connection's messages over one at a time, and
 * an event is acknowledged only once stored; on a connection of its own, a slow event write never
 * holds up the state reports, statuses and acknowledgements of the whole fleet.
 * With the embedded broker every device message is handed over in the process (broker.ts, events
 * stored before the device's PUBACK), so nothing is subscribed (`subscribe: false`) and the one
 * connection only sends commands and card answers. With an external broker the events connection
 * keeps a persistent session under a fixed client id: events sent while the api is away wait in
 * the broker and arrive when it returns.
 */
export async function connectGateway(options: {
  url: string;
  username: string;
  password: string;
  sharedGroup?: string;
  /** Fixed client id prefix of the persistent events session; random (clean sessions) without it. */
  sessionId?: string;
  /** Subscribe to the fleet's messages (an external broker); false: this connection only publishes. */
  subscribe: boolean;
  handle: (topic: string, payload: Buffer) => Promise<void>;
  log: Log;
}): Promise<GatewayConnections> {
  // PUBACK goes out after handling: an event is acknowledged to the broker only once stored.
  const handleMessage: MqttClient['handleMessage'] = (packet, done) => {
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    options.handle(packet.topic, payload).then(
      () => done(),
      (error: unknown) => {
        options.log.error({ err: error, topic: packet.topic }, 'device message not stored');
        done();
      },
    );
  };
  const id = randomBytes(6).toString('hex');
  const open = (role: string, session?: string) =>
    connectMqtt({
      url: options.url,
      username: options.username,
      password: options.password,
      clientId: session ? `${session}-${role}` : `sbo-api-${id}-${role}`,
      clean: !session,
      handleMessage,
    });
  const [telemetry, events] = await Promise.all([open('t'), options.subscribe ? open('e', options.sessionId) : null]);
  const shared = (channel: Channel) =>
    options.sharedGroup ? sharedFleetTopic(options.sharedGroup, channel) : fleetTopic(channel);
  // Acks are never shared: each instance must see the answers to the commands it sent. Card requests
  // are: any instance answers one (on the device's own cardResult topic), once.
  if (options.subscribe) {
    await telemetry.subscribeAsync([shared('status'), shared('state'), fleetTopic('ack'), shared('card')], {
      qos: 1,
    });
  }
  await events?.subscribeAsync(shared('event'), { qos: 1 });
  return {
    publish: async (topic, payload, qos) => void (await telemetry.publishAsync(topic, payload, { qos })),
    close: async () => {
      await Promise.all([telemetry.endAsync(), events?.endAsync()]).catch(() => undefined);
    },
  };
}

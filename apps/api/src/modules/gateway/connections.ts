import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { fleetTopic, sharedFleetTopic, type Channel } from '@sbo/contracts/mqtt';
import { connectMqtt } from './broker';

type Log = { error(object: object, message: string): void };

export type GatewayConnections = {
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  close(): Promise<void>;
};

/**
 * The api's two broker connections. MQTT.js hands one connection's messages over one at a time,
 * and an event is acknowledged only once stored; on a connection of its own, a slow event write
 * never holds up the state reports, statuses and acknowledgements of the whole fleet.
 */
export async function connectGateway(options: {
  url: string;
  username: string;
  password: string;
  sharedGroup?: string;
  handle: (topic: string, payload: Buffer) => Promise<void>;
  log: Log;
}): Promise<GatewayConnections> {
  const id = randomBytes(6).toString('hex');
  const open = (role: string) =>
    connectMqtt({
      url: options.url,
      username: options.username,
      password: options.password,
      clientId: `sbo-api-${id}-${role}`,
    });
  const [telemetry, events] = await Promise.all([open('t'), open('e')]);
  // PUBACK goes out after handling: an event is acknowledged to the broker only once stored.
  const route = (client: MqttClient) => {
    client.handleMessage = (packet, done) => {
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      options.handle(packet.topic, payload).then(
        () => done(),
        (error: unknown) => {
          options.log.error({ err: error, topic: packet.topic }, 'device message not stored');
          done();
        },
      );
    };
  };
  route(telemetry);
  route(events);
  const shared = (channel: Channel) =>
    options.sharedGroup ? sharedFleetTopic(options.sharedGroup, channel) : fleetTopic(channel);
  // Acks are never shared: each instance must see the answers to the commands it sent.
  await telemetry.subscribeAsync([shared('status'), shared('state'), fleetTopic('ack')], { qos: 1 });
  await events.subscribeAsync(shared('event'), { qos: 1 });
  return {
    publish: async (topic, payload, qos) => void (await telemetry.publishAsync(topic, payload, { qos })),
    close: async () => {
      await Promise.all([telemetry.endAsync(), events.endAsync()]).catch(() => undefined);
    },
  };
}

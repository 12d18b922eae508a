/** Protocol v1 versions, timing, payload limits and the topic of every channel. */
import { z } from 'zod';

export const protocolVersion = 1;
/** Minor revision a device announces; grows with additive changes inside v1 (1.1: card payments). */
export const protocolRevision = '1.1';
export const mqttQos = 1;

export const deviceTiming = {
  /** MQTT keepalive: the broker fires the last will after 1.5 x this without traffic. */
  keepaliveSeconds: 30,
  /** A device publishes its state at least this often, also when nothing changed. */
  heartbeatSeconds: 30,
  /** No message of any kind for this long makes the server mark the device offline. */
  offlineAfterSeconds: 90,
  /** The server gives up waiting for an acknowledgement (below the web's 30 s request timeout). */
  ackTimeoutMs: 15_000,
  /**
   * A card reader waits this long for the answer to an `authorize`; then it shows 0003 (timeout),
   * does not vend, and sends `void` for the request. The server answers well within it.
   */
  cardAnswerMs: 5_000,
  /**
   * After CONNACK 3 (server unavailable: the server is up and letting a fleet in at the pace it
   * serves), a device tries again after a delay drawn uniformly from this range, without growing
   * its backoff: it is let in within seconds of its turn instead of minutes.
   */
  busyRetryMs: { min: 2_000, max: 10_000 },
} as const;

/** Larger payloads are dropped by the receiver; brokers must accept at least 32 KiB packets. */
export const maxPayloadBytes = {
  status: 512,
  state: 8_192,
  event: 4_096,
  cmd: 16_384,
  ack: 1_024,
  card: 512,
  cardResult: 1_024,
} as const;
/** Card requests (`authorize` and `void` each) a device may send; over it an authorize is answered 0001 at once. */
export const cardRequestLimit = { perDevice: 30, perMs: 60_000 } as const;

export const channels = ['status', 'state', 'event', 'cmd', 'ack', 'card', 'cardResult'] as const;
export type Channel = (typeof channels)[number];
/** Who publishes on each channel; the broker ACL enforces it. */
export const publisherOf = {
  status: 'device',
  state: 'device',
  event: 'device',
  ack: 'device',
  card: 'device',
  cmd: 'server',
  cardResult: 'server',
} as const;
/** What a device subscribes to (its own topic only); the rest of its channels it publishes. */
export const deviceSubscribes = ['cmd', 'cardResult'] as const satisfies readonly Channel[];

export const topicPrefix = `sbo/v${protocolVersion}/dev`;
/** Hardware ids are MQTT client ids and topic levels: no `/`, `+`, `#` or spaces. */
export const hwidPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const hwid = z.string().regex(hwidPattern);

export const deviceTopic = (deviceHwid: string, channel: Channel): string => `${topicPrefix}/${deviceHwid}/${channel}`;
export const deviceTopics = (deviceHwid: string): Record<Channel, string> =>
  Object.fromEntries(channels.map((c) => [c, deviceTopic(deviceHwid, c)])) as Record<Channel, string>;
/** Wildcard the gateway subscribes to, e.g. `sbo/v1/dev/+/event`. */
export const fleetTopic = (channel: Channel): string => `${topicPrefix}/+/${channel}`;
/** Shared subscription so several api instances split the load (MQTT 5 brokers, EMQX, Mosquitto 2). */
export const sharedFleetTopic = (group: string, channel: Channel): string => `$share/${group}/${fleetTopic(channel)}`;

const topicRegex = new RegExp(`^${topicPrefix.replaceAll('/', '\\/')}\\/([^/]+)\\/(${channels.join('|')})$`);
export const parseDeviceTopic = (topic: string): { hwid: string; channel: Channel } | null => {
  const match = topicRegex.exec(topic);
  if (!match || !hwidPattern.test(match[1]!)) return null;
  return { hwid: match[1]!, channel: match[2] as Channel };
};

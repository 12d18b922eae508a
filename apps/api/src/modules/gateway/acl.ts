import { deviceSubscribes, parseDeviceTopic, publisherOf, topicPrefix } from '@sbo/contracts/mqtt';
import type { BrokerIdentity } from './broker';

const fleetWildcard = new RegExp(
  `^(\\$share/[A-Za-z0-9_-]+/)?${topicPrefix.replaceAll('/', '\\/')}\\/(\\+|#|[^/]+)\\/?`,
);

/**
 * The protocol's ACL (device-protocol.md section 2): a device publishes only its own status, state,
 * event, ack and card and subscribes only to its own cmd and cardResult; the gateway sends commands
 * and card answers and reads the fleet.
 */
export function canPublish(identity: BrokerIdentity, topic: string): boolean {
  const address = parseDeviceTopic(topic);
  if (!address) return false;
  if (identity.role === 'gateway') return publisherOf[address.channel] === 'server';
  return address.hwid === identity.hwid && publisherOf[address.channel] === 'device';
}

export function canSubscribe(identity: BrokerIdentity, topic: string): boolean {
  if (identity.role === 'gateway') return fleetWildcard.test(topic);
  const address = parseDeviceTopic(topic);
  return (
    address !== null &&
    address.hwid === identity.hwid &&
    (deviceSubscribes as readonly string[]).includes(address.channel)
  );
}

import { deviceTiming, protocolRevision, protocolVersion } from '@sbo/contracts/mqtt';
import type { StatusMessage } from '@sbo/contracts/mqtt';
import type { MachineReport } from './machines/machine-types';
import type { Random } from './random';

/**
 * Backoff after a lost or failed connection; after CONNACK 3 (server busy) a retry within
 * `busy` (default the protocol's `busyRetryMs`, at most `maxMs`) that does not grow the backoff.
 */
export type ReconnectPolicy = { minMs: number; maxMs: number; busy?: { minMs: number; maxMs: number } };

/**
 * How long to wait before connecting again. Exponential backoff with jitter, so a fleet does not
 * reconnect in lockstep after a broker restart; after CONNACK 3 (the server is up and admitting at
 * its pace) a retry soon instead, the backoff not grown.
 */
export function reconnectDelay(policy: ReconnectPolicy, attempt: number, refusedBusy: boolean, random: Random): number {
  const { minMs, maxMs } = policy;
  if (refusedBusy) {
    const busy = policy.busy ?? { minMs: deviceTiming.busyRetryMs.min, maxMs: deviceTiming.busyRetryMs.max };
    const from = Math.min(busy.minMs, maxMs);
    return from + random.next() * (Math.min(busy.maxMs, maxMs) - from);
  }
  const ceiling = Math.min(maxMs, minMs * 2 ** attempt);
  return ceiling / 2 + random.next() * (ceiling / 2);
}

type Connection = { bootId: string; connId: string };

/** The retained `status` a device publishes once connected: who it is and which protocol it speaks. */
export function onlineStatus(connection: Connection, machine: MachineReport): StatusMessage {
  const { kind, model, machineType, firmware } = machine;
  return {
    v: protocolVersion,
    status: 'online',
    ...connection,
    sentAt: Date.now(),
    protocol: protocolRevision,
    kind,
    model,
    machineType,
    firmware,
  };
}

/** The `status` of a device going away: its last will, or its own word before a clean shutdown. */
export function offlineStatus(connection: Connection, reason: 'lastWill' | 'shutdown'): StatusMessage {
  return {
    v: protocolVersion,
    status: 'offline',
    ...connection,
    reason,
    ...(reason === 'shutdown' ? { sentAt: Date.now() } : {}),
  };
}

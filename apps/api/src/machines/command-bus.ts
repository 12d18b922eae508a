import { randomUUID } from 'node:crypto';
import {
  buildCommand,
  deviceTopic,
  mqttQos,
  type CommandAck,
  type CommandAction,
  type CommandParams,
} from '@sbo/contracts/mqtt';

type CommandOutcome =
  | { commandId: string; ok: true }
  | { commandId: string; ok: false; code: number; detail?: string }
  | { commandId: string; ok: false; timeout: true };

type CommandOptions = { timeoutMs?: number; commandId?: string };
type Publish = (topic: string, payload: string, qos: 0 | 1) => Promise<void>;

/**
 * Sends commands and pairs acknowledgements with their waiter by commandId. Every api instance
 * receives every ack (no shared subscription on `ack`), so the instance that sent a command sees
 * its answer whichever instance the device's broker connection goes through; others ignore it.
 */
export function createCommandBus(options: { publish: Publish; defaultTimeoutMs: number }) {
  const waiters = new Map<string, (ack: CommandAck) => void>();

  return {
    newCommandId: (): string => randomUUID(),

    async send<A extends CommandAction>(
      hwid: string,
      action: A,
      params: CommandParams<A>,
      commandOptions: CommandOptions = {},
    ): Promise<CommandOutcome> {
      const commandId = commandOptions.commandId ?? randomUUID();
      const timeoutMs = commandOptions.timeoutMs ?? options.defaultTimeoutMs;
      // The command expires when we stop waiting, so a late one never acts after "timed out".
      const command = buildCommand(action, params, { commandId, ttlMs: timeoutMs });
      const answered = new Promise<CommandAck | null>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(commandId);
          resolve(null);
        }, timeoutMs);
        waiters.set(commandId, (ack) => {
          clearTimeout(timer);
          waiters.delete(commandId);
          resolve(ack);
        });
      });
      // Not awaited: while the broker is unreachable MQTT.js queues the publish, and the waiter's
      // timeout must still answer the user on time.
      options.publish(deviceTopic(hwid, 'cmd'), JSON.stringify(command), mqttQos).catch(() => undefined);
      const ack = await answered;
      if (!ack) return { commandId, ok: false, timeout: true };
      if (ack.ok) return { commandId, ok: true };
      return { commandId, ok: false, code: ack.code, ...(ack.detail ? { detail: ack.detail } : {}) };
    },

    /** The first acknowledgement of a command wins; repeats and other instances' commands are ignored. */
    receiveAck(ack: CommandAck): void {
      waiters.get(ack.commandId)?.(ack);
    },

    pending: (): number => waiters.size,
  };
}

export type CommandBus = ReturnType<typeof createCommandBus>;
